import { setupWorker } from 'msw/browser';
import { MOCK_ACCESS_PREFIX } from './contractRoute';
import { resourceHandlers } from './handlers';
import { createMockDb, seededMember } from './mockDb';
import { mockHarness } from './mockHarness';
import { MOCK_REFRESH_TOKEN } from './resources/session';

/**
 * The standalone dev harness's API: the same handlers per resource as the UI tests, in the browser's service worker
 * (served at /mockServiceWorker.js by the remote's dev server). Requests it has no handler for go on to the dev
 * server's /api proxy. Answers the member the harness signs in, with tokens the mock API accepts. `?mock-admin=1`
 * signs Ada in as an admin, with chatbots waiting for review (mockHarness.ts).
 */
export async function startMockApi(harness = mockHarness(window.location.search, window.localStorage)) {
  const db = createMockDb(harness.seed);
  harness.fill(db);
  const worker = setupWorker(...resourceHandlers(db));
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
  const member = seededMember(db);
  const admin = member.permissions.includes('admin') ? ' as an admin (?mock-admin=0 to stop)' : ' (?mock-admin=1 for an admin)';
  console.info(`[fable] mock API on: signed in as @${member.username}${admin} (STANDALONE_API=real uses the API on :3100 instead)`);
  return { db, member, tokens: { accessToken: `${MOCK_ACCESS_PREFIX}${member.id}`, refreshToken: MOCK_REFRESH_TOKEN } };
}
