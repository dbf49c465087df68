import type { Queryable } from '../../infra/db/database';
import { dayOf } from './leaderboardMonth';

/** What happened to a character on one day. */
export interface ActivityDelta {
  /** Messages sent to the character (user and bot turns alike are up to the caller; chat counts each saved message). */
  messages?: number;
  /** Favourites gained; negative when a favourite is removed. */
  favorites?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Adds to a character's activity of `day` (a Date, taken in UTC, or 'yyyy-mm-dd'), the source of the creator
 * leaderboard. Call it in the same transaction as the change it counts (a saved message, a favourite added or
 * removed). Messages only grow; favourites are net and may go below zero for a day. An unknown character fails
 * (foreign key).
 */
export async function recordCharacterActivity(
  db: Queryable,
  characterId: string,
  day: Date | string,
  delta: ActivityDelta,
): Promise<void> {
  const messages = Math.trunc(delta.messages ?? 0);
  const favorites = Math.trunc(delta.favorites ?? 0);
  if (messages < 0) throw new Error('recordCharacterActivity: messages cannot decrease');
  if (messages === 0 && favorites === 0) return;
  const dayText = typeof day === 'string' ? day : dayOf(day);
  if (!DAY.test(dayText)) throw new Error(`recordCharacterActivity: not a day: ${dayText}`);
  await db.query(
    `insert into character_daily_activity (character_id, day, messages, favorites) values ($1, $2::date, $3, $4)
     on conflict (character_id, day) do update
       set messages = character_daily_activity.messages + excluded.messages,
           favorites = character_daily_activity.favorites + excluded.favorites`,
    [characterId, dayText, messages, favorites],
  );
}
