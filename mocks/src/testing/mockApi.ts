import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMockDb, MOCK_ACCESS_PREFIX, MOCK_REFRESH_TOKEN, resourceHandlers, seededMember, type MockDb, type MockDbSeed } from '../index';

/**
 * The mock API of the UI tests: MSW's server (real fetch, intercepted at the request level, as the browser's
 * service worker does in the dev harness) with the handlers per resource of @fable/shared/mocks over a fresh mock
 * database. A test changes what it needs with `overrides`, a table keyed "METHOD /path" (the path after /api), for
 * errors and edge cases; every call is recorded.
 */
export const mockServer = setupServer();

/** A request as a test sees it: the path after /api, the query, the parsed JSON body and the headers. */
export interface FakeCall {
  method: string;
  path: string;
  /** The query string's parameters (the last value of a repeated one). */
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

export type FakeAnswer = { status?: number; body?: unknown } | 'network-error';
export type FakeHandler = FakeAnswer | ((call: FakeCall) => FakeAnswer | Promise<FakeAnswer>);

/** The API's error shape. */
export const apiErrorBody = (code: string | number, message: string) => ({ error: { code, message } });

export interface MockApiSetup {
  seed?: MockDbSeed;
  /** Answers that take precedence over the resources' ("POST /chat": { status: 503, body: … }). */
  overrides?: Record<string, FakeHandler>;
  /** false: only the overrides answer, anything else is a network error (the old table-only fake). */
  resources?: boolean;
}

function callOf(request: Request, text: string): FakeCall {
  const url = new URL(request.url);
  let body: unknown = text.length > 0 ? text : undefined;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    // not JSON: kept as text
  }
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => {
    headers[key] = value;
  });
  return {
    method: request.method,
    path: url.pathname.replace(/^\/api/, ''),
    query: Object.fromEntries(url.searchParams),
    body,
    headers,
  };
}

export function mockApi(setup: MockApiSetup = {}) {
  const db: MockDb = createMockDb(setup.seed);
  const calls: FakeCall[] = [];
  const overrides = setup.overrides ?? {};
  mockServer.use(
    http.all('*', async ({ request }) => {
      const call = callOf(request, await request.clone().text());
      calls.push(call);
      const handler = overrides[`${call.method} ${call.path}`];
      if (handler === undefined) return undefined;
      const answer = typeof handler === 'function' ? await handler(call) : handler;
      if (answer === 'network-error') return HttpResponse.error();
      return new HttpResponse(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
    ...(setup.resources === false ? [] : resourceHandlers(db)),
    // What nobody answers fails as a network error, loudly, instead of going on to the network.
    http.all('*', ({ request }) => {
      console.warn(`[mockApi] no handler for ${request.method} ${new URL(request.url).pathname}`);
      return HttpResponse.error();
    }),
  );
  return {
    db,
    /** Tokens of the seed's member (dispatch tokensReceived with them): the resources then answer as that member. */
    memberTokens: { accessToken: `${MOCK_ACCESS_PREFIX}${seededMember(db).id}`, refreshToken: MOCK_REFRESH_TOKEN },
    calls,
    /** The calls to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
    /** Adds or replaces answers for the rest of the test. */
    override(more: Record<string, FakeHandler>) {
      Object.assign(overrides, more);
    },
    restore() {
      mockServer.resetHandlers();
    },
  };
}
export type MockApi = ReturnType<typeof mockApi>;
