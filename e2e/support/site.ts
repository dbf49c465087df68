import { expect, test, type Page } from '@playwright/test';
import { federationName } from '../../scripts/lib/workspaces.cjs';
import { CONTROL_PORT } from './ports';
import { sessionOf, wake } from './session';

/** A remote's folder (mf-chat, …): the remotes are the workspaces holding a remote.json (scripts/lib/workspaces.cjs). */
export type RemoteApp = string;

/** One page of each remote, reached by URL and by a navigation entry (where the remote has one), with its own heading. */
const PAGES: { app: RemoteApp; path: string; heading: RegExp; nav?: string }[] = [
  { app: 'mf-discovery', path: '/', heading: /^Home$/, nav: 'Home' },
  { app: 'mf-chat', path: '/chats', heading: /^Recent Chats$/, nav: 'Chats' },
  { app: 'mf-creator', path: '/my-chatbots', heading: /All Your Chatbots in One Place/, nav: 'My Chatbots' },
  { app: 'mf-billing', path: '/plan-comparison', heading: /^Compare Plans$/, nav: undefined },
  { app: 'mf-account', path: '/terms', heading: /Terms/, nav: undefined },
];
/** The pages with the federation name each remote's remote.json gives it (the `data-remote` of its mounted page). */
export const REMOTE_PAGES = PAGES.map((page) => ({ ...page, federationName: federationName(page.app) }));

async function control(app: RemoteApp, action: 'stop' | 'start') {
  const response = await fetch(`http://127.0.0.1:${CONTROL_PORT}/remotes/${app}/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not ${action} ${app}: ${response.status}`);
}

export const stopRemote = (app: RemoteApp) => test.step(`stop ${app}`, () => control(app, 'stop'));
export const startRemote = (app: RemoteApp) => test.step(`start ${app}`, () => control(app, 'start'));

/**
 * Sets the fake inference engine's behaviour (`{ cutAfterTokens: 3 }`) for the replies to the messages that contain
 * `when` (words of the spec's own message: specs run at once and share the engine); no behaviour: those replies are
 * back to the defaults.
 */
export async function setEngine(when: string, behaviour: Partial<Record<'cutAfterTokens' | 'failWithStatus' | 'tokenIntervalMs' | 'firstTokenDelayMs' | 'echo', number>> = {}) {
  const query = new URLSearchParams([['when', when], ...Object.entries(behaviour).map(([k, v]) => [k, String(v)])]);
  const response = await fetch(`http://127.0.0.1:${CONTROL_PORT}/engine?${query}`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not set the engine: ${response.status}`);
}

/** The engine replies to the messages containing `when` with the prompt it received (`role: content` lines), quickly, so a spec can read the prompt. */
export const setEngineEcho = (when: string) => setEngine(when, { echo: 1, firstTokenDelayMs: 0, tokenIntervalMs: 0 });

/**
 * The page's access token once it has at least 2 s to live (the e2e API's last 4 s). A focus makes the page fetch its
 * user, which renews an expired token; one still valid is kept, so the focus is repeated until a fresh one comes.
 */
export async function freshAccessToken(page: Page): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { accessToken } = await sessionOf(page);
    if (accessToken) {
      const { exp } = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
      if (exp - Date.now() / 1000 > 2) return accessToken;
    }
    if (Date.now() > deadline) throw new Error('the page never held an access token with 2 s to live');
    await wake(page);
    await page.waitForTimeout(300);
  }
}

/** A call of the real API with the page's own (fresh) session; expects a 2xx and gives its JSON. */
export async function apiCall<T>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const accessToken = await freshAccessToken(page);
  const response = await fetch(`${process.env.E2E_API_URL}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${accessToken}`, 'X-Application-Id': 'fable', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as T;
}
