import { z } from 'zod';
import { LeaderboardEntrySchema, LeaderboardMonthSchema, LeaderboardTypeSchema } from '../entities/leaderboard';
import { TierSchema } from '../permissions/permissions';
import { defineCall } from './apiCall';

/**
 * Creator leaderboard calls (document 2 §2, §4, §7 "Leaderboard search", §9). The spec's leaderboard is a search
 * collection sorted by rank, filtered by type and date; ours is an API route with the same filters. Computing a
 * month and approving it (which grants the prizes) are admin calls of ours.
 */

/** `?date=yyyy-mm`; without it the latest month with entries the caller may see. */
export const LeaderboardQuerySchema = z.object({
  date: LeaderboardMonthSchema.optional(),
  type: LeaderboardTypeSchema.optional(),
});

export const LeaderboardResultSchema = z.object({
  /** The month shown, or null when there is none yet. */
  date: LeaderboardMonthSchema.nullable(),
  /** Months with entries the caller may see, newest first (the month selector). */
  months: z.array(LeaderboardMonthSchema),
  /** Ranked entries of both categories (or the one asked for), rank ascending, at most 25 each. */
  entries: z.array(LeaderboardEntrySchema),
});
export type LeaderboardResult = z.infer<typeof LeaderboardResultSchema>;

export const LeaderboardMonthParamsSchema = z.object({ date: LeaderboardMonthSchema });

/** A prize granted on approval: a free month of a tier. */
export const LeaderboardPrizeSchema = z.object({
  creator_username: z.string(),
  type: LeaderboardTypeSchema,
  rank: z.number().int().min(1),
  tier: TierSchema,
  months: z.number().int().min(1),
});
export type LeaderboardPrize = z.infer<typeof LeaderboardPrizeSchema>;

export const LeaderboardComputeResultSchema = z.object({
  date: LeaderboardMonthSchema,
  entries: z.number().int().nonnegative(),
});
export const LeaderboardApproveResultSchema = z.object({
  date: LeaderboardMonthSchema,
  prizes: z.array(LeaderboardPrizeSchema),
});

export const leaderboardCalls = {
  list: defineCall({
    method: 'GET',
    path: '/leaderboard',
    access: 'guest',
    query: LeaderboardQuerySchema,
    response: LeaderboardResultSchema,
  }),
  compute: defineCall({
    method: 'POST',
    path: '/admin/leaderboard/:date/compute',
    access: 'admin',
    params: LeaderboardMonthParamsSchema,
    response: LeaderboardComputeResultSchema,
  }),
  approve: defineCall({
    method: 'POST',
    path: '/admin/leaderboard/:date/approve',
    access: 'admin',
    params: LeaderboardMonthParamsSchema,
    response: LeaderboardApproveResultSchema,
  }),
} as const;
