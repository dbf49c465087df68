import { LEADERBOARD_LIMITS, LEADERBOARD_TYPES, type LeaderboardType } from '@fable/contracts';
import { DEFAULT_APPLICATION_ID } from '../../http/access';
import { AppError } from '../../http/appError';
import type { Database, Queryable } from '../../infra/db/database';
import { dayOf, monthEnd, monthNumber, monthOf, monthStart, previousMonth, type Month } from './leaderboardMonth';

/**
 * Computing a month of the creator leaderboard (see README.md in this folder for the formula and its reasons).
 * A creator's score in a category is the sum over their public characters of messages in the month plus
 * FAVORITE_WEIGHT × favourites gained in the month; New Bots counts only characters created in the month.
 */

/** One favourite weighs as much as this many messages. */
export const FAVORITE_WEIGHT = 20;

/** The leaderboard ranks the main brand's catalogue (it is shown for the main app only, document 2 §2). */
export const LEADERBOARD_APPLICATION_ID = DEFAULT_APPLICATION_ID;

/** Namespace of the advisory locks that serialise computing and approving one month (second key: yyyymm). */
export const LEADERBOARD_LOCK_NAMESPACE = 7_246_206;

export interface ScoredCreator {
  type: LeaderboardType;
  rank: number;
  creator_user_id: string;
  creator_username: string;
  number_of_characters: number;
  score: number;
  avatar_url: string | null;
}

export interface ComputedEntry extends ScoredCreator {
  movement: number | null;
}

export const leaderboardErrors = {
  published: (month: Month) =>
    new AppError(409, 'leaderboard_published', `The leaderboard of ${month} is published and cannot be computed again.`),
  futureMonth: (month: Month) => new AppError(400, 'leaderboard_future_month', `The month ${month} has not started yet.`),
  notComputed: (month: Month) => new AppError(404, 'leaderboard_not_computed', `The leaderboard of ${month} has not been computed.`),
  monthNotOver: (month: Month) =>
    new AppError(409, 'leaderboard_month_not_over', `The month ${month} is not over yet; its leaderboard can be approved once it has ended.`),
};

/** Serialises work on one month across transactions and API processes (released at commit or rollback). */
export async function lockMonth(tx: Queryable, month: Month): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1::int, $2::int)', [LEADERBOARD_LOCK_NAMESPACE, monthNumber(month)]);
}

/**
 * The ranked creators of `month`, both categories, top `limit` each. Creators whose score is 0 are not ranked.
 * Ties: the earlier creator (creators.created_at), then the username.
 */
export async function scoreMonth(db: Queryable, month: Month, limit: number = LEADERBOARD_LIMITS.topPerCategory): Promise<ScoredCreator[]> {
  const start = monthStart(month);
  const end = monthEnd(month);
  const { rows } = await db.query<ScoredCreator>(
    `with activity as (
       select a.character_id, sum(a.messages)::bigint as messages, sum(a.favorites)::bigint as favorites
       from character_daily_activity a
       where a.day >= $1::date and a.day < $2::date
       group by a.character_id
     ),
     counted as (
       select c.creator_user_id, c.creator_username, c.created_at >= $3 as is_new,
              coalesce(act.messages, 0) + $5::int * greatest(coalesce(act.favorites, 0), 0) as score
       from characters c
       left join activity act on act.character_id = c.id
       where c.application_id = $6 and c.visibility = 'public' and c.created_at < $4
     ),
     per_type as (
       select 'All Bots' as type, creator_user_id, min(creator_username) as creator_username,
              count(*)::int as number_of_characters, sum(score)::bigint as score
       from counted group by creator_user_id
       union all
       select 'New Bots', creator_user_id, min(creator_username), count(*)::int, sum(score)::bigint
       from counted where is_new group by creator_user_id
     ),
     ranked as (
       select p.type, p.creator_user_id, coalesce(cr.username, p.creator_username) as creator_username,
              p.number_of_characters, p.score, cr.avatar_url,
              row_number() over (
                partition by p.type
                order by p.score desc, cr.created_at asc nulls last, coalesce(cr.username, p.creator_username) asc, p.creator_user_id asc
              )::int as rank
       from per_type p
       left join creators cr on cr.user_id = p.creator_user_id
       where p.score > 0
     )
     select type, rank, creator_user_id, creator_username, number_of_characters, score, avatar_url
     from ranked where rank <= $7
     order by array_position(array['New Bots', 'All Bots'], type), rank`,
    [dayOf(start), dayOf(end), start, end, FAVORITE_WEIGHT, LEADERBOARD_APPLICATION_ID, limit],
  );
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}

/** Movement = the previous month's rank − this rank, in the same category; null when not ranked then. */
export function withMovement(
  scored: readonly ScoredCreator[],
  previous: ReadonlyArray<{ type: string; creator_user_id: string; rank: number }>,
): ComputedEntry[] {
  const before = new Map(previous.map((p) => [`${p.type}\u0000${p.creator_user_id}`, p.rank]));
  return scored.map((s) => {
    const rank = before.get(`${s.type}\u0000${s.creator_user_id}`);
    return { ...s, movement: rank === undefined ? null : rank - s.rank };
  });
}

export interface ComputeOptions {
  now: Date;
  /** 'scheduler' or the admin's user id. */
  by: string;
  /** Do nothing when the month has already been computed (the scheduler). */
  onlyIfAbsent?: boolean;
}

export interface ComputeResult {
  date: Month;
  entries: number;
  /** True when onlyIfAbsent found the month already computed (nothing written). */
  skipped: boolean;
}

const INSERT_ENTRIES = `insert into leaderboard_entries
  (month, type, rank, creator_user_id, creator_username, number_of_characters, score, movement, avatar_url)
  select $1, type, rank, creator_user_id, creator_username, number_of_characters, score, movement, avatar_url
  from json_to_recordset($2::json) as r(type text, rank int, creator_user_id text, creator_username text,
    number_of_characters int, score bigint, movement int, avatar_url text)`;

/**
 * Computes `month` and stores its entries as pending, replacing a previous pending computation of the month in the
 * same transaction (readers see the old entries or the new ones, never a mix). A published month is refused (409),
 * a month that has not started too (400).
 */
export async function computeLeaderboardMonth(db: Database, month: Month, options: ComputeOptions): Promise<ComputeResult> {
  if (monthStart(month).getTime() > monthStart(monthOf(options.now)).getTime()) throw leaderboardErrors.futureMonth(month);
  return db.transaction(async (tx) => {
    await lockMonth(tx, month);
    const { rows: existing } = await tx.query<{ status: string }>('select status from leaderboard_months where month = $1', [month]);
    const current = existing[0];
    if (current && options.onlyIfAbsent) {
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from leaderboard_entries where month = $1', [month]);
      return { date: month, entries: rows[0]?.n ?? 0, skipped: true };
    }
    if (current?.status === 'published') throw leaderboardErrors.published(month);

    const scored = await scoreMonth(tx, month);
    const { rows: previous } = await tx.query<{ type: string; creator_user_id: string; rank: number }>(
      'select type, creator_user_id, rank from leaderboard_entries where month = $1',
      [previousMonth(month)],
    );
    const entries = withMovement(scored, previous);

    await tx.query(
      `insert into leaderboard_months (month, status, computed_at, computed_by) values ($1, 'pending', $2, $3)
       on conflict (month) do update set status = 'pending', computed_at = excluded.computed_at, computed_by = excluded.computed_by`,
      [month, options.now, options.by],
    );
    await tx.query('delete from leaderboard_entries where month = $1', [month]);
    if (entries.length > 0) await tx.query(INSERT_ENTRIES, [month, JSON.stringify(entries)]);
    return { date: month, entries: entries.length, skipped: false };
  });
}

/** Categories in the order the API lists them. */
export const TYPE_ORDER: readonly LeaderboardType[] = LEADERBOARD_TYPES;
