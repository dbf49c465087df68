import { api, type CallOf } from '@fable/shared';
import { callPath, LEADERBOARD_LIMITS, type LeaderboardPrize, type LeaderboardResult, type leaderboardCalls } from '@fable/contracts';
import type { z } from 'zod';

/**
 * The creator leaderboard's calls (document 2 §2 "Creator Leaderboard", §7 "Leaderboard search", §9), on the paths of
 * contracts/src/api/leaderboard.ts. The paths are checked against the call contracts by type and by
 * leaderboardFormat.test.ts: the contracts' call objects carry classic zod, which stays out of this remote's pages
 * (docs/adr/0001).
 */
type Calls = typeof leaderboardCalls;
export const LEADERBOARD_CALLS: { list: CallOf<Calls['list']>; compute: CallOf<Calls['compute']>; approve: CallOf<Calls['approve']> } = {
  list: { method: 'GET', path: '/leaderboard' },
  compute: { method: 'POST', path: '/admin/leaderboard/:date/compute' },
  approve: { method: 'POST', path: '/admin/leaderboard/:date/approve' },
};

export type LeaderboardComputeResult = z.infer<Calls['compute']['response']>;
export type LeaderboardApproveResult = { date: string; prizes: LeaderboardPrize[] };

export interface LeaderboardArgs {
  /** yyyy-mm; without it the API answers the latest month the caller may see. */
  date?: string;
  /**
   * Not sent: the answer depends on who asks (pending entries are for admins only, document 2 §4), so an admin's
   * answer and a member's are cached apart.
   */
  admin: boolean;
}

const leaderboardBase = api.enhanceEndpoints({ addTagTypes: ['Leaderboard'] });

export const leaderboardApi = leaderboardBase.injectEndpoints({
  endpoints: (build) => ({
    discovery_leaderboard: build.query<LeaderboardResult, LeaderboardArgs>({
      query: ({ date }) => ({
        url: LEADERBOARD_CALLS.list.path,
        method: LEADERBOARD_CALLS.list.method,
        ...(date ? { params: { date } } : {}),
      }),
      // "search cache 2 minutes" (document 2 §9).
      keepUnusedDataFor: LEADERBOARD_LIMITS.searchCacheMs / 1000,
      providesTags: ['Leaderboard'],
    }),
    discovery_leaderboardCompute: build.mutation<LeaderboardComputeResult, string>({
      query: (date) => ({ url: callPath(LEADERBOARD_CALLS.compute.path, { date }), method: LEADERBOARD_CALLS.compute.method }),
      invalidatesTags: ['Leaderboard'],
    }),
    discovery_leaderboardApprove: build.mutation<LeaderboardApproveResult, string>({
      query: (date) => ({ url: callPath(LEADERBOARD_CALLS.approve.path, { date }), method: LEADERBOARD_CALLS.approve.method }),
      invalidatesTags: ['Leaderboard'],
    }),
  }),
});

export const { useDiscovery_leaderboardQuery, useDiscovery_leaderboardComputeMutation, useDiscovery_leaderboardApproveMutation } = leaderboardApi;
