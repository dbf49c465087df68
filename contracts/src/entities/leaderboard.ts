import { z } from 'zod';
import { AssetUrlSchema, CountSchema, IdSchema } from './common';

/** Leaderboard categories (document 2 §3), as written. */
export const LEADERBOARD_TYPES = ['New Bots', 'All Bots'] as const;
export const LeaderboardTypeSchema = z.enum(LEADERBOARD_TYPES);
export type LeaderboardType = z.infer<typeof LeaderboardTypeSchema>;

/**
 * Entry status. Only pending is named (visible to admins only, document 2 §4); ours for the others is published.
 */
export const LEADERBOARD_STATUSES = ['pending', 'published'] as const;
export const LeaderboardStatusSchema = z.enum(LEADERBOARD_STATUSES);
export type LeaderboardStatus = z.infer<typeof LeaderboardStatusSchema>;

/** The month of a leaderboard (query parameter date). The format is not shown; ours is yyyy-mm. */
export const LeaderboardMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** A leaderboard entry (document 2 §3). movement: places gained (+) or lost (−) since last month; null when new. */
export const LeaderboardEntrySchema = z.object({
  id: IdSchema,
  creator_username: z.string(),
  number_of_characters: CountSchema,
  score: z.number().nonnegative(),
  rank: z.number().int().min(1),
  movement: z.number().int().nullable(),
  avatar_url: AssetUrlSchema.nullish(),
  date: LeaderboardMonthSchema,
  type: LeaderboardTypeSchema,
  status: LeaderboardStatusSchema,
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

/** Score as shown: thousands with 1 decimal (document 2 §9), e.g. 12345 → "12.3k". The k suffix is ours. */
export function formatLeaderboardScore(score: number): string {
  return `${(score / 1000).toFixed(1)}k`;
}
