import { SEARCH_LIMITS } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';
import { visibleToViewerSql } from '../discovery/characterAccess';
import { recordCharacterActivity } from '../leaderboard/characterActivity';
import { SUMMARY_SELECT, type SummaryRow } from '../discovery/characterSummary';

/**
 * The favourites that count: characters the member may still open, whose creator the member has not blocked.
 * They are what the favourites page lists and what the limit counts (a favourite that turned private, or whose
 * creator was blocked, neither shows nor takes a place). $1 user id, $2 application id.
 */
const COUNTED = `f.user_id = $1 and ${visibleToViewerSql('c', 2, 1)}
  and not exists (select 1 from creator_blocks b where b.user_id = f.user_id and b.creator_user_id = c.creator_user_id)`;

export async function countFavorites(db: Queryable, userId: string, applicationId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from character_favorites f join characters c on c.id = f.character_id where ${COUNTED}`,
    [userId, applicationId],
  );
  return rows[0]?.n ?? 0;
}

export async function isFavorite(db: Queryable, userId: string, characterId: string): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from character_favorites where user_id = $1 and character_id = $2', [userId, characterId]);
  return rowCount > 0;
}

/**
 * Adds the favourite and counts it on the character and in the day's activity (the leaderboard's score); answers
 * the character's new num_favorites.
 */
export async function addFavorite(db: Queryable, userId: string, characterId: string, now: Date): Promise<number> {
  await db.query('insert into character_favorites (user_id, character_id, created_at) values ($1, $2, $3)', [userId, characterId, now]);
  await recordCharacterActivity(db, characterId, now, { favorites: 1 });
  const { rows } = await db.query<{ num_favorites: number }>(
    'update characters set num_favorites = num_favorites + 1 where id = $1 returning num_favorites',
    [characterId],
  );
  return rows[0]?.num_favorites ?? 0;
}

/**
 * Removes the favourite (and takes it off the day's activity); answers the character's new num_favorites, or null
 * when it was not a favourite.
 */
export async function removeFavorite(db: Queryable, userId: string, characterId: string, now: Date): Promise<number | null> {
  const deleted = await db.query('delete from character_favorites where user_id = $1 and character_id = $2', [userId, characterId]);
  if (deleted.rowCount === 0) return null;
  await recordCharacterActivity(db, characterId, now, { favorites: -1 });
  const { rows } = await db.query<{ num_favorites: number }>(
    'update characters set num_favorites = greatest(num_favorites - 1, 0) where id = $1 returning num_favorites',
    [characterId],
  );
  return rows[0]?.num_favorites ?? 0;
}

/** A page of the member's favourites, newest favourite first (48 a page). */
export async function favoritesPage(
  db: Queryable,
  userId: string,
  applicationId: string,
  page: number,
): Promise<{ rows: SummaryRow[]; found: number }> {
  const perPage = SEARCH_LIMITS.hitsPerPage;
  const [found, list] = await Promise.all([
    countFavorites(db, userId, applicationId),
    db.query<SummaryRow>(
      `select ${SUMMARY_SELECT} from character_favorites f join characters c on c.id = f.character_id
       where ${COUNTED}
       order by f.created_at desc, f.character_id
       limit $3 offset $4`,
      [userId, applicationId, perPage, (page - 1) * perPage],
    ),
  ]);
  return { rows: list.rows, found };
}
