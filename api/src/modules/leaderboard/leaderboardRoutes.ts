import { LEADERBOARD_LIMITS, leaderboardCalls } from '@fable/contracts';
import { memberOf } from '../../http/access';
import type { ApiPlugin } from '../../http/apiPlugin';
import { cachedJson, type Cache } from '../../infra/cache/cache';
import { computeLeaderboardMonth } from './leaderboardComputation';
import { listLeaderboard } from './leaderboardListing';
import { approveLeaderboardMonth } from './leaderboardPrizes';
import { createLeaderboardScheduler } from './leaderboardScheduler';

const CACHE_TTL_SECONDS = LEADERBOARD_LIMITS.searchCacheMs / 1000;

/**
 * Published results are cached under a generation that approving a month changes, so a publication shows at once
 * (in every process sharing the cache); older keys expire on their own.
 */
const GENERATION_KEY = 'leaderboard:generation';

async function publicKey(cache: Cache, date: string | undefined, type: string | undefined): Promise<string> {
  const generation = (await cache.get(GENERATION_KEY)) ?? '0';
  return `leaderboard:public:${generation}:${date ?? 'latest'}:${type ?? 'all'}`;
}

/**
 * The creator leaderboard (document 2 §2, §4, §7 "Leaderboard search", §9): the public listing, and the admin calls
 * that compute a month and approve it (publishing it and granting its prizes). Outside tests the monthly scheduler
 * runs in this process and stops when the app closes.
 */
export const leaderboardRoutes: ApiPlugin = async (app, deps) => {
  const { db, cache, clock, config } = deps;

  const list = leaderboardCalls.list;
  app.get(
    list.path,
    { schema: { querystring: list.query, response: { 200: list.response } }, config: { access: list.access } },
    async (request) => {
      const { date, type } = request.query;
      const caller = request.caller;
      // Pending entries are for admins only, and their view is never cached (so never under the public key).
      if (caller.kind === 'member' && caller.user.permissions.includes('admin')) {
        return listLeaderboard(db, { date, type, includePending: true });
      }
      return cachedJson(cache, await publicKey(cache, date, type), CACHE_TTL_SECONDS, () =>
        listLeaderboard(db, { date, type, includePending: false }),
      );
    },
  );

  const compute = leaderboardCalls.compute;
  app.post(
    compute.path,
    { schema: { params: compute.params, response: { 200: compute.response } }, config: { access: compute.access } },
    async (request) => {
      const admin = memberOf(request);
      const result = await computeLeaderboardMonth(db, request.params.date, { now: clock.now(), by: admin.userId });
      request.log.info({ month: result.date, entries: result.entries, by: admin.userId }, 'leaderboard computed');
      return { date: result.date, entries: result.entries };
    },
  );

  const approve = leaderboardCalls.approve;
  app.post(
    approve.path,
    { schema: { params: approve.params, response: { 200: approve.response } }, config: { access: approve.access } },
    async (request) => {
      const admin = memberOf(request);
      const result = await approveLeaderboardMonth(db, request.params.date, { now: clock.now(), by: admin.userId });
      if (result.published) {
        await cache.set(GENERATION_KEY, `${clock.now().getTime()}-${Math.random().toString(36).slice(2, 8)}`);
        request.log.info(
          { month: result.date, granted: result.prizes.length, noAccount: result.noAccount, by: admin.userId },
          'leaderboard approved',
        );
      }
      return { date: result.date, prizes: result.prizes };
    },
  );

  if (config.nodeEnv !== 'test' || config.scheduledJobsIntervalMs !== undefined) {
    const scheduler = createLeaderboardScheduler({ db, clock, log: app.log, intervalMs: config.scheduledJobsIntervalMs });
    app.addHook('onReady', async () => scheduler.start());
    // preClose: before any onClose hook, so a computation in progress ends before the database closes.
    app.addHook('preClose', async () => scheduler.stop());
  }
};
