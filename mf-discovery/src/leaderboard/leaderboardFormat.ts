import { LEADERBOARD_LIMITS, type LeaderboardEntry, type LeaderboardType } from '@fable/contracts';

/**
 * Score as shown: thousands with 1 decimal (document 2 §9), 12345 → "12.3k". The same as contracts'
 * formatLeaderboardScore, written from LEADERBOARD_LIMITS here because that function's module carries zod schemas
 * this page does not load (leaderboardFormat.test.ts checks that the two agree).
 */
export function formatScore(score: number): string {
  return `${(score / LEADERBOARD_LIMITS.scoreDisplayDivisor).toFixed(LEADERBOARD_LIMITS.scoreDisplayDecimals)}k`;
}

/**
 * The two categories in the tabs' order (document 2 §3: New Bots, All Bots): contracts' LEADERBOARD_TYPES, whose
 * module carries zod schemas (leaderboardFormat.test.ts checks that they agree).
 */
export const LEADERBOARD_CATEGORIES = ['New Bots', 'All Bots'] as const satisfies readonly LeaderboardType[];

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whether a value is a leaderboard month (yyyy-mm, contracts' LeaderboardMonthSchema). */
export function isLeaderboardMonth(value: string | null | undefined): value is string {
  return typeof value === 'string' && MONTH.test(value);
}

/** "2026-11" → "November 2026". */
export function monthLabel(month: string): string {
  const match = MONTH.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The month before `now` (the one an admin computes once it is over), as yyyy-mm. */
export function previousMonth(now: Date): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** One category's entries, rank ascending; pending ones only for admins (document 2 §4). */
export function categoryEntries(entries: readonly LeaderboardEntry[], type: LeaderboardType, admin: boolean): LeaderboardEntry[] {
  return entries
    .filter((entry) => entry.type === type && (admin || entry.status !== 'pending'))
    .sort((a, b) => a.rank - b.rank)
    .slice(0, LEADERBOARD_LIMITS.topPerCategory);
}

/** The podium (top 3) and the rest of a category's ranked entries. */
export function splitPodium(entries: readonly LeaderboardEntry[]): { podium: LeaderboardEntry[]; rest: LeaderboardEntry[] } {
  return { podium: entries.slice(0, LEADERBOARD_LIMITS.podiumSize), rest: entries.slice(LEADERBOARD_LIMITS.podiumSize) };
}

/** Movement since last month: up, down, same, or new (no rank last month). */
export type MovementKind = 'up' | 'down' | 'same' | 'new';

export function movementOf(movement: number | null): { kind: MovementKind; places: number } {
  if (movement === null) return { kind: 'new', places: 0 };
  if (movement > 0) return { kind: 'up', places: movement };
  if (movement < 0) return { kind: 'down', places: -movement };
  return { kind: 'same', places: 0 };
}
