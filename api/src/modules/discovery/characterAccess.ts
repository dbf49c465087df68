import type { Caller } from '../../http/access';
import type { Queryable } from '../../infra/db/database';
import { CHARACTER_COLUMNS, type CharacterRow } from '../characters/characterRow';

/**
 * Who looks at a character, and what they may see (document 1 §2, §3 "visibility", §6):
 * - a character belongs to one application: another application's character does not exist for the caller;
 * - public characters open for everyone, unlisted ('hidden') ones open by link (their id);
 * - private and permanently_private characters exist only for their creator.
 */
export interface Viewer {
  applicationId: string;
  /** The member's id; null for guests. */
  userId: string | null;
  /** The recommender's subject: the member's id, or 'guest:<guest id>'; null for anonymous callers. */
  subject: string | null;
}

export function viewerOf(caller: Caller): Viewer {
  switch (caller.kind) {
    case 'member':
      return { applicationId: caller.applicationId, userId: caller.userId, subject: caller.userId };
    case 'guest':
      return { applicationId: caller.applicationId, userId: null, subject: guestSubject(caller.guestId) };
    default:
      return { applicationId: caller.applicationId, userId: null, subject: null };
  }
}

export const guestSubject = (guestId: string) => `guest:${guestId}`;

const OPEN_BY_LINK = new Set(['public', 'hidden']);

/** Whether `viewer` may open the character (profile, favourite, rate, interact). */
export function canView(row: Pick<CharacterRow, 'application_id' | 'visibility' | 'creator_user_id'>, viewer: Viewer): boolean {
  if (row.application_id !== viewer.applicationId) return false;
  return OPEN_BY_LINK.has(row.visibility) || (viewer.userId !== null && row.creator_user_id === viewer.userId);
}

/**
 * The same rule as SQL, for lists: `alias` is the characters alias, `$app` and `$user` the parameter numbers of
 * the application id and the member's id (text, or null for guests).
 */
export function visibleToViewerSql(alias: string, app: number, user: number): string {
  return `(${alias}.application_id = $${app} and (${alias}.visibility in ('public', 'hidden') or ${alias}.creator_user_id = $${user}::text))`;
}

export const CHARACTER_SELECT = CHARACTER_COLUMNS.map((c) => `c.${c}`).join(', ');

/** The character if `viewer` may open it, else null (unknown, another application's, or someone else's private). */
export async function findViewableCharacter(db: Queryable, characterId: string, viewer: Viewer): Promise<CharacterRow | null> {
  const { rows } = await db.query<CharacterRow>(`select ${CHARACTER_SELECT} from characters c where c.id = $1`, [characterId]);
  const row = rows[0];
  return row && canView(row, viewer) ? row : null;
}

/**
 * Serialises one member's writes (favourites, ratings, blocks): the favourite limit is checked and the like
 * written while holding the member's row, so concurrent likes cannot pass the limit together.
 */
export async function lockMember(tx: Queryable, userId: string): Promise<void> {
  await tx.query('select 1 from users where id = $1 for update', [userId]);
}

/** Whether the member blocked this creator. */
export async function hasBlocked(db: Queryable, userId: string, creatorUserId: string): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from creator_blocks where user_id = $1 and creator_user_id = $2', [userId, creatorUserId]);
  return rowCount > 0;
}
