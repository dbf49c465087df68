import { http, HttpResponse, type HttpHandler } from 'msw';
import { API_BASE, type ApiCall } from '@fable/contracts';
import type { z } from 'zod';

/** What a resource's resolver gets: the call's parsed parts and who is calling. */
export interface RouteInput<C extends ApiCall> {
  params: C['params'] extends z.ZodType ? z.output<C['params']> : Record<string, string>;
  query: C['query'] extends z.ZodType ? z.output<C['query']> : Record<string, string>;
  body: C['body'] extends z.ZodType ? z.output<C['body']> : undefined;
  /** The member's id from `Authorization: Bearer mock-access.<userId>`, or null for a guest. */
  userId: string | null;
  request: Request;
}

type Answer<C extends ApiCall> = (C['response'] extends z.ZodType ? z.input<C['response']> : unknown) | Response;

/** The API's error answer (document 1 §8 shape). */
export function apiError(status: number, code: string | number, message: string): Response {
  return HttpResponse.json({ error: { code, message } }, { status });
}

/** The prefix of the mock API's access tokens: the member's id follows it. */
export const MOCK_ACCESS_PREFIX = 'mock-access.';

/** Who is calling: the member's id from `Authorization: Bearer mock-access.<userId>`, or null for a guest. */
export function callerOf(request: Request): string | null {
  const auth = request.headers.get('authorization') ?? '';
  return auth.startsWith(`Bearer ${MOCK_ACCESS_PREFIX}`) ? auth.slice(`Bearer ${MOCK_ACCESS_PREFIX}`.length) : null;
}

const issuesOf = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');

/**
 * One MSW handler for one call of the contracts: the method and path come from the call, the request's params,
 * query and body are parsed with its schemas (400 validation_error as the API answers), members-only calls answer
 * 401 to a guest, and what the resolver answers is checked against the call's response schema, so a mock cannot
 * drift from the API it stands in for.
 */
export function contractRoute<C extends ApiCall>(call: C, resolve: (input: RouteInput<C>) => Answer<C> | Promise<Answer<C>>): HttpHandler {
  const method = call.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return http[method](`${API_BASE}${call.path}`, async ({ request, params }) => {
    const userId = callerOf(request);
    if ((call.access === 'member' || call.access === 'admin') && !userId) return apiError(401, 'authentication_required', 'Sign in to continue.');
    const url = new URL(request.url);
    const parsedParams = call.params ? call.params.safeParse(params) : { success: true as const, data: params };
    const parsedQuery = call.query ? call.query.safeParse(Object.fromEntries(url.searchParams)) : { success: true as const, data: {} };
    let rawBody: unknown;
    if (call.body) {
      const text = await request.text();
      try {
        rawBody = text ? JSON.parse(text) : {};
      } catch {
        return apiError(400, 'validation_error', 'The body is not JSON.');
      }
    }
    const parsedBody = call.body ? call.body.safeParse(rawBody) : { success: true as const, data: undefined };
    for (const parsed of [parsedParams, parsedQuery, parsedBody]) {
      if (!parsed.success) return apiError(400, 'validation_error', issuesOf(parsed.error as z.ZodError));
    }
    const answer = await resolve({
      params: parsedParams.data,
      query: parsedQuery.data,
      body: parsedBody.data,
      userId,
      request,
    } as RouteInput<C>);
    if (answer instanceof Response) return answer;
    if (call.response) {
      const checked = call.response.safeParse(answer);
      if (!checked.success) throw new Error(`mock ${call.method} ${call.path} answered outside its contract: ${issuesOf(checked.error)}`);
    }
    return HttpResponse.json(answer as Record<string, unknown>, { status: call.status ?? 200 });
  });
}
