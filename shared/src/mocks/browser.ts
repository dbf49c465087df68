import { setupWorker } from 'msw/browser';
import { MOCK_ACCESS_PREFIX } from './contractRoute';
import { resourceHandlers } from './handlers';
import { createMockDb, seededMember, type MockDbSeed } from './mockDb';
import { MOCK_REFRESH_TOKEN } from './resources/session';

/**
 * The standalone dev harness's API: the same handlers per resource as the UI tests, in the browser's service worker
 * (served at /mockServiceWorker.js by the remote's dev server). Requests it has no handler for go on to the dev
 * server's /api proxy. Answers the member the harness signs in, with tokens the mock API accepts.
 */
export async function startMockApi(seed: MockDbSeed = {}) {
  const db = createMockDb(seed);
  const worker = setupWorker(...resourceHandlers(db));
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
  const member = seededMember(db);
  console.info(`[fable] mock API on: signed in as @${member.username} (STANDALONE_API=real uses the API on :3100 instead)`);
  return { db, member, tokens: { accessToken: `${MOCK_ACCESS_PREFIX}${member.id}`, refreshToken: MOCK_REFRESH_TOKEN } };
}
