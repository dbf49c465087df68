import { expect } from '@playwright/test';
import type { SignInResult, TokenPair } from '@fable/contracts';
import { E2E_ADMINS } from './catalog';
import { latestCode, newestMail } from './mailbox';

const ADMIN_EMAIL = E2E_ADMINS.api.email;

const api = () => process.env.E2E_API_URL!;
const HEADERS = { 'Content-Type': 'application/json', 'X-Application-Id': 'fable' };

/** The admin's refresh token, kept for the worker: the API mails at most 5 sign-in codes per address in 15 minutes. */
let refreshToken: string | null = null;

async function post<T>(path: string, body: unknown): Promise<{ ok: boolean; status: number; body: T }> {
  const response = await fetch(`${api()}/api${path}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
  return { ok: response.ok, status: response.status, body: (await response.json()) as T };
}

/**
 * A fresh access token of the e2e admin of API calls (E2E_ADMINS.api): signed in by email code through the API once per worker,
 * renewed with its refresh token afterwards (the e2e API's access tokens last seconds).
 */
async function adminAccessToken(): Promise<string> {
  if (refreshToken) {
    const renewed = await post<TokenPair>('/v2/auth/refresh', { refresh_token: refreshToken });
    if (renewed.ok) {
      refreshToken = renewed.body.refresh_token;
      return renewed.body.token;
    }
  }
  const before = await newestMail(ADMIN_EMAIL);
  const sent = await post('/v2/auth/email-code', { email: ADMIN_EMAIL });
  expect(sent.status, 'the admin’s sign-in code is sent').toBe(200);
  const verified = await post<SignInResult>('/v2/auth/email-code/verify', { email: ADMIN_EMAIL, code: await latestCode(ADMIN_EMAIL, before) });
  expect(verified.status, 'the admin signs in').toBe(200);
  refreshToken = verified.body.refresh_token;
  return verified.body.token;
}

/** A call of the real API as the e2e admin; expects a 2xx and gives its JSON. */
export async function adminCall<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${api()}/api${path}`, {
    method,
    headers: { ...HEADERS, Authorization: `Bearer ${await adminAccessToken()}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as T;
}
