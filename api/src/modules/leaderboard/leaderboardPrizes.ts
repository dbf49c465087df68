import { LEADERBOARD_LIMITS, TIER_OF_ROLE, TIER_RANK, type LeaderboardPrize, type LeaderboardType, type SubscriptionRole, type Tier } from '@fable/contracts';
import type { Database, Queryable } from '../../infra/db/database';
import { grantFreeMonthsIn } from '../billing/lifecycle/freeMonths';
import { LEADERBOARD_APPLICATION_ID, leaderboardErrors, lockMonth } from './leaderboardComputation';
import { addCalendarMonths, monthEnd, type Month } from './leaderboardMonth';

/**
 * Prizes of an approved month (document 2 §9): ranks 1–3 of each category get a free month of I'm All In
 * (premium), ranks 4–10 a free month of True Supporter (basic), and nobody gets prizes from both categories.
 */

export type PrizeOutcome = 'granted' | 'no_account' | 'other_category';

export interface PrizePlace {
  type: LeaderboardType;
  rank: number;
  creator_user_id: string;
  creator_username: string;
  tier: Tier;
  months: number;
}

export interface PrizeDecision extends PrizePlace {
  /** Whether this place is the creator's prize (false: their better prize is in the other category). */
  chosen: boolean;
}

/** The prize of a rank, or null when the rank wins nothing. */
export function prizeForRank(rank: number): { tier: Tier; months: number } | null {
  const band = LEADERBOARD_LIMITS.prizes.find((p) => rank >= p.fromRank && rank <= p.toRank);
  return band ? { tier: band.tier, months: band.months } : null;
}

/** Category kept when a creator's two prizes are equal (same tier, same rank). */
const TIE_CATEGORY: LeaderboardType = 'All Bots';

/** a is better than b: higher tier, then more months, then the better rank, then the All Bots category. */
function better(a: PrizePlace, b: PrizePlace): boolean {
  if (TIER_RANK[a.tier] !== TIER_RANK[b.tier]) return TIER_RANK[a.tier] > TIER_RANK[b.tier];
  if (a.months !== b.months) return a.months > b.months;
  if (a.rank !== b.rank) return a.rank < b.rank;
  return a.type === TIE_CATEGORY;
}

/**
 * Every prize place of the month's entries, each marked chosen or not: a creator in the prize places of both
 * categories keeps only the better one (see `better`). The other place is not handed down to the next creator.
 */
export function decidePrizes(entries: ReadonlyArray<Omit<PrizePlace, 'tier' | 'months'>>): PrizeDecision[] {
  const places: PrizePlace[] = [];
  for (const e of entries) {
    const prize = prizeForRank(e.rank);
    if (prize) places.push({ type: e.type, rank: e.rank, creator_user_id: e.creator_user_id, creator_username: e.creator_username, ...prize });
  }
  const best = new Map<string, PrizePlace>();
  for (const p of places) {
    const current = best.get(p.creator_user_id);
    if (!current || better(p, current)) best.set(p.creator_user_id, p);
  }
  return places.map((p) => ({ ...p, chosen: best.get(p.creator_user_id) === p }));
}

export interface ApproveOptions {
  now: Date;
  /** The admin's user id. */
  by: string;
}

export interface ApproveResult {
  date: Month;
  /** The prizes granted for the month (the same on a repeated approval). */
  prizes: LeaderboardPrize[];
  /** False when the month was already published (nothing new granted). */
  published: boolean;
  /** Prize places not granted because the creator has no user account. */
  noAccount: number;
}

async function grantedPrizes(db: Queryable, month: Month): Promise<LeaderboardPrize[]> {
  const { rows } = await db.query<LeaderboardPrize>(
    `select creator_username, type, rank, tier, months from leaderboard_prizes
     where month = $1 and outcome = 'granted'
     order by array_position(array['New Bots', 'All Bots'], type), rank`,
    [month],
  );
  return rows;
}

/**
 * When a new tier grant of `tier` starts: now, or when the user's running grant of the same tier ends (two prizes in a
 * row give two months, not one overlapping month).
 */
async function grantStart(tx: Queryable, userId: string, tier: Tier, now: Date): Promise<Date> {
  const { rows } = await tx.query<{ ends_at: Date | null }>(
    'select max(ends_at) as ends_at from tier_grants where user_id = $1 and tier = $2 and ends_at > $3',
    [userId, tier, now],
  );
  const running = rows[0]?.ends_at;
  return running && running.getTime() > now.getTime() ? running : now;
}

/** The tier of a subscription's plan. */
async function planTierOf(tx: Queryable, subscriptionId: string): Promise<Tier> {
  const { rows } = await tx.query<{ role: Exclude<SubscriptionRole, 'free_tier'> }>(
    `select p.role from subscriptions s join billing_plans p on p.application_id = s.application_id and p.plan_id = s.plan_id where s.id = $1`,
    [subscriptionId],
  );
  return rows[0] ? TIER_OF_ROLE[rows[0].role] : 'free';
}

/**
 * A prize through billing's free months (lifecycle/freeMonths.ts), in the approval's transaction: a $0 order keyed by
 * the source (once per source and member), then a complimentary subscription of the prize's tier for a member without
 * one (the role follows at once, its expiry is queued at its end) or the member's subscription pushed N months later
 * (those months are not charged). A subscriber whose plan is below the prize's tier also gets a tier_grants row for
 * the months (the effective tier, users/userRepository.ts), since their plan stays. Answers that grant's id, if any.
 */
async function grantPrize(tx: Queryable, d: PrizeDecision, source: string, now: Date): Promise<string | null> {
  const tier = d.tier as Exclude<Tier, 'free'>;
  const result = await grantFreeMonthsIn(tx, { userId: d.creator_user_id, applicationId: LEADERBOARD_APPLICATION_ID, tier, months: d.months, source }, now);
  if (result.outcome !== 'extended' || TIER_RANK[await planTierOf(tx, result.subscription_id)] >= TIER_RANK[tier]) return null;
  const startsAt = await grantStart(tx, d.creator_user_id, tier, now);
  const { rows } = await tx.query<{ id: string }>(
    `insert into tier_grants (user_id, tier, starts_at, ends_at, source, created_at) values ($1::uuid, $2, $3, $4, $5, $6)
     on conflict do nothing returning id`,
    [d.creator_user_id, tier, startsAt, addCalendarMonths(startsAt, d.months), source, now],
  );
  return rows[0]?.id ?? null;
}

/**
 * Publishes a computed month and grants its prizes, in one transaction. Approving a published month again changes
 * nothing and answers the same prizes. A month that is not computed is 404; a month that has not ended is 409.
 */
export async function approveLeaderboardMonth(db: Database, month: Month, options: ApproveOptions): Promise<ApproveResult> {
  const { now, by } = options;
  return db.transaction(async (tx) => {
    await lockMonth(tx, month);
    const { rows: found } = await tx.query<{ status: string }>('select status from leaderboard_months where month = $1', [month]);
    const status = found[0]?.status;
    if (!status) throw leaderboardErrors.notComputed(month);
    if (status === 'published') {
      return { date: month, prizes: await grantedPrizes(tx, month), published: false, noAccount: 0 };
    }
    if (monthEnd(month).getTime() > now.getTime()) throw leaderboardErrors.monthNotOver(month);

    const lastPrizeRank = Math.max(...LEADERBOARD_LIMITS.prizes.map((p) => p.toRank));
    const { rows: entries } = await tx.query<{ type: LeaderboardType; rank: number; creator_user_id: string; creator_username: string }>(
      'select type, rank, creator_user_id, creator_username from leaderboard_entries where month = $1 and rank <= $2 order by type, rank',
      [month, lastPrizeRank],
    );
    const decisions = decidePrizes(entries);
    const candidates = [...new Set(decisions.filter((d) => d.chosen).map((d) => d.creator_user_id))];
    // creators.user_id is text; users.id a uuid: compare as text (seeded creators match no account). The winners' rows
    // are locked here, in id order, before any grant locks one: two months approved at once wait instead of deadlocking.
    const { rows: accounts } = await tx.query<{ id: string }>(
      `select u.id::text as id from users u
       where u.id::text in (select value from json_array_elements_text($1::json)) and u.deleted_at is null
       order by u.id for update`,
      [JSON.stringify(candidates)],
    );
    const hasAccount = new Set(accounts.map((a) => a.id));

    let noAccount = 0;
    for (const d of decisions) {
      let outcome: PrizeOutcome = 'other_category';
      let grantId: string | null = null;
      if (d.chosen && !hasAccount.has(d.creator_user_id)) {
        outcome = 'no_account';
        noAccount++;
      } else if (d.chosen) {
        grantId = await grantPrize(tx, d, `leaderboard:${month}:${d.type}`, now);
        outcome = 'granted';
      }
      await tx.query(
        `insert into leaderboard_prizes (month, type, rank, creator_user_id, creator_username, tier, months, outcome, grant_id, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [month, d.type, d.rank, d.creator_user_id, d.creator_username, d.tier, d.months, outcome, grantId, now],
      );
    }
    await tx.query(`update leaderboard_months set status = 'published', approved_at = $2, approved_by = $3 where month = $1`, [
      month,
      now,
      by,
    ]);
    return { date: month, prizes: await grantedPrizes(tx, month), published: true, noAccount };
  });
}
