import type { z } from 'zod';

/**
 * Who may call an API route. Every route of the API declares one; the server enforces it in one place.
 * - public: anyone, no identity needed (sign-in, providers, app settings)
 * - visitor: anyone, and who they are when they say: a signed-in member's token or a guest's id is checked and used
 *   when sent, a call with neither is an anonymous visitor's (reads a first visit needs before its guest id arrives:
 *   the listing, a chatbot's profile)
 * - guest: a guest (X-Guest-User-Id) or a signed-in member
 * - member: a signed-in user (bearer access token)
 * - admin: a member holding the admin permission
 * - partner: a partner application's backend (its secret in X-Partner-Secret), or its user arriving with an entry
 *   token the partner signed (X-Partner-Token; the route checks it against what it is sent)
 */
export const API_ACCESS_LEVELS = ['public', 'visitor', 'guest', 'member', 'admin', 'partner'] as const;
export type ApiAccess = (typeof API_ACCESS_LEVELS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP call of the API: method, path under `/api` (API_BASE; ":name" marks a path parameter), who may call it,
 * and the zod schemas of its request parts and of its success answer (`response`; absent for redirects).
 */
export interface ApiCall {
  method: HttpMethod;
  path: string;
  access: ApiAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** HTTP status of the success answer (200 unless given). */
  status?: number;
}

/** Checks an object literal against ApiCall while keeping its literal types (method, path, schemas). */
export function defineCall<const C extends ApiCall>(call: C): C {
  return call;
}

/** Fills ":name" parameters of a call's path: callPath('/v2/auth/oidc/:provider/start', { provider: 'google' }). */
export function callPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
