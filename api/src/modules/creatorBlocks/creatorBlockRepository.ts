import type { BlockedCreator } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';
import { textAsUserId } from '../profile/profileRepository';

/**
 * The member's blocked creators, newest block first, each with its username: the account's current one when the
 * creator is a member, else the catalog's (seeded creators have no account). Creators no longer known are left out.
 */
export async function listBlockedCreators(db: Queryable, userId: string): Promise<BlockedCreator[]> {
  const { rows } = await db.query<{ id: string; username: string | null }>(
    `select b.creator_user_id as id, coalesce(u.username, cr.username) as username
     from creator_blocks b
     left join users u on u.id = ${textAsUserId('b.creator_user_id')} and u.deleted_at is null
     left join creators cr on cr.user_id = b.creator_user_id
     where b.user_id = $1
     order by b.created_at desc, b.creator_user_id`,
    [userId],
  );
  return rows.flatMap((r) => (r.username ? [{ id: r.id, username: r.username }] : []));
}

/** Whether a creator with this user id exists for the application: in the catalog, or a member of it. */
export async function creatorExists(db: Queryable, applicationId: string, creatorUserId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `select 1 from creators where user_id = $1
     union all
     select 1 from users where id = ${textAsUserId('$1::text')} and application_id = $2 and deleted_at is null and username is not null
     limit 1`,
    [creatorUserId, applicationId],
  );
  return rowCount > 0;
}

export async function blockCreator(db: Queryable, userId: string, creatorUserId: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    'insert into creator_blocks (user_id, creator_user_id, created_at) values ($1, $2, $3) on conflict do nothing',
    [userId, creatorUserId, now],
  );
  return rowCount > 0;
}

export async function unblockCreator(db: Queryable, userId: string, creatorUserId: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from creator_blocks where user_id = $1 and creator_user_id = $2', [userId, creatorUserId]);
  return rowCount > 0;
}
