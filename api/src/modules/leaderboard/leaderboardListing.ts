import type { LeaderboardEntry, LeaderboardResult, LeaderboardType } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';
import type { Month } from './leaderboardMonth';

export interface ListOptions {
  /** The month asked for; without it the latest month the caller may see. */
  date?: Month;
  /** One category; without it both. */
  type?: LeaderboardType;
  /** Admins also see pending months (document 2 §4). */
  includePending: boolean;
}

/**
 * The leaderboard as the caller may see it: the months that have entries (published ones, and pending ones for
 * admins), newest first, and the entries of the month shown, by category (New Bots, then All Bots), rank ascending.
 */
export async function listLeaderboard(db: Queryable, options: ListOptions): Promise<LeaderboardResult> {
  const visible = options.includePending ? 'true' : `m.status = 'published'`;
  const { rows: months } = await db.query<{ month: string }>(
    `select m.month from leaderboard_months m
     where ${visible} and exists (select 1 from leaderboard_entries e where e.month = m.month)
     order by m.month desc`,
  );
  const date = options.date ?? months[0]?.month ?? null;
  if (date === null) return { date: null, months: [], entries: [] };
  const { rows } = await db.query<LeaderboardEntry>(
    `select e.id, e.creator_username, e.number_of_characters, e.score, e.rank, e.movement, e.avatar_url,
            e.month as date, e.type, m.status
     from leaderboard_entries e join leaderboard_months m on m.month = e.month
     where e.month = $1 and ${visible} and ($2::text is null or e.type = $2)
     order by array_position(array['New Bots', 'All Bots'], e.type), e.rank`,
    [date, options.type ?? null],
  );
  return { date, months: months.map((m) => m.month), entries: rows.map((r) => ({ ...r, score: Number(r.score) })) };
}
