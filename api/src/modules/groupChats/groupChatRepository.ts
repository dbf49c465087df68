import { GROUP_CHAT_LIMITS, type GroupChatVisibility, type GroupMemberOption } from '@fable/contracts';
import { memberOptionList } from '@fable/rules/group';
import type { Queryable } from '../../infra/db/database';
import { claimRevision, findFullCharacter, type FullCharacterRow } from '../moderation/fullCharacter';
import { escapeLike } from '../search/searchRequest';
import { MEMBER_COLUMNS, type MemberRow } from './groupMembers';

/** The columns a group chat save writes (the rest of its characters row keeps the table's defaults). */
export interface GroupValues {
  name: string;
  title: string;
  tags: string[];
  visibility: GroupChatVisibility;
  avatar_url: string | null;
  avatar_is_nsfw: boolean;
  is_nsfw: boolean;
  sub_character_ids: string[];
  token_count: number;
}

const WRITE_COLUMNS = ['name', 'title', 'tags', 'visibility', 'avatar_url', 'avatar_is_nsfw', 'is_nsfw', 'sub_character_ids', 'token_count'] as const;
const CASTS: Partial<Record<(typeof WRITE_COLUMNS)[number], string>> = { tags: '::text[]', sub_character_ids: '::text[]' };
const paramsOf = (v: GroupValues) => WRITE_COLUMNS.map((column) => v[column]);

/** A group chat (with what authoring keeps beside it: its revision), or null for an unknown id or a chatbot. */
export async function findGroup(db: Queryable, characterId: string): Promise<FullCharacterRow | null> {
  const row = await findFullCharacter(db, characterId);
  return row && row.type === 'group' ? row : null;
}

async function readBack(tx: Queryable, id: string): Promise<FullCharacterRow> {
  const row = await findGroup(tx, id);
  if (!row) throw new Error(`group chat ${id} vanished inside its own transaction`);
  return row;
}

export async function insertGroup(
  tx: Queryable,
  owner: { applicationId: string; userId: string; username: string },
  values: GroupValues,
  now: Date,
): Promise<FullCharacterRow> {
  const placeholders = WRITE_COLUMNS.map((column, i) => `$${i + 5}${CASTS[column] ?? ''}`).join(', ');
  const { rows } = await tx.query<{ id: string }>(
    `insert into characters (application_id, creator_user_id, creator_username, created_at, updated_at, type, persona, greeting,
       definition_visible, ${WRITE_COLUMNS.join(', ')})
     values ($1, $2, $3, $4, $4, 'group', '', '', false, ${placeholders})
     returning id`,
    [owner.applicationId, owner.userId, owner.username, now, ...paramsOf(values)],
  );
  return readBack(tx, rows[0]!.id);
}

/**
 * Locks the group's row (so member checks and the write see one state) and answers it, or null when it is gone.
 * Call inside the transaction that writes it.
 */
export async function lockGroup(tx: Queryable, characterId: string): Promise<FullCharacterRow | null> {
  const { rowCount } = await tx.query(`select 1 from characters where id = $1 and type = 'group' for update`, [characterId]);
  return rowCount === 0 ? null : findGroup(tx, characterId);
}

/**
 * Writes a save over `revision` (compare-and-set, the chatbot's revision in character_authoring): null when another
 * write came first, so the caller reads again and re-applies its change on top. Lock the row first (lockGroup).
 */
export async function updateGroup(tx: Queryable, current: FullCharacterRow, values: GroupValues, now: Date): Promise<FullCharacterRow | null> {
  const claimed = await claimRevision(tx, current.id, current.revision, { moderationUpdatedAt: current.moderation_updated_at });
  if (!claimed) return null;
  const sets = WRITE_COLUMNS.map((column, i) => `${column} = $${i + 3}${CASTS[column] ?? ''}`).join(', ');
  await tx.query(`update characters set ${sets}, updated_at = $2 where id = $1`, [current.id, now, ...paramsOf(values)]);
  return readBack(tx, current.id);
}

type OptionRow = MemberRow & { own: boolean };

/**
 * The chatbots the member may add to a group (the members page), at most memberOptionsMax: their own chatbots (any
 * visibility, newest first), then their favourites, then, with a `query`, other public matches (most messages
 * first). Others' chatbots only when listings show them (public, not withdrawn) and their creator is not blocked.
 * `query` matches name or title anywhere, case-insensitive, its % and _ taken literally. The SQL orders the rows;
 * @fable/rules/group's memberOptionList takes each once, at most `max` (as the mock API does).
 */
export async function memberOptions(db: Queryable, applicationId: string, userId: string, query: string): Promise<GroupMemberOption[]> {
  const max = GROUP_CHAT_LIMITS.memberOptionsMax;
  const pattern = query ? `%${escapeLike(query)}%` : null;
  // $1 application, $2 the member (text), $3 the member (uuid: favourites, blocks), $4 the pattern or null, $5 the limit.
  const matches = (alias: string) => `($4::text is null or ${alias}.name ilike $4 or ${alias}.title ilike $4)`;
  const others = `c.application_id = $1 and c.type = 'character' and c.creator_user_id <> $2 and search_listable(c)
    and not exists (select 1 from creator_blocks b where b.user_id = $3::uuid and b.creator_user_id = c.creator_user_id)`;
  const { rows } = await db.query<OptionRow>(
    `(select ${MEMBER_COLUMNS}, true as own, 0 as bucket, c.created_at as at, 0::bigint as popularity
      from characters c
      where c.application_id = $1 and c.creator_user_id = $2 and c.type = 'character' and ${matches('c')}
      order by c.created_at desc, c.id limit $5)
     union all
     (select ${MEMBER_COLUMNS}, false as own, 1 as bucket, f.created_at as at, 0::bigint as popularity
      from character_favorites f join characters c on c.id = f.character_id
      where f.user_id = $3::uuid and ${others} and ${matches('c')}
      order by f.created_at desc, c.id limit $5)
     union all
     (select ${MEMBER_COLUMNS}, false as own, 2 as bucket, c.created_at as at, c.num_messages as popularity
      from characters c
      where $4::text is not null and ${others} and ${matches('c')}
      order by c.num_messages desc, c.id limit $5)
     order by bucket, popularity desc, at desc, id`,
    [applicationId, userId, userId, pattern, max],
  );
  return memberOptionList(rows, max);
}
