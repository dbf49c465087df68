import { groupChatListRank, type CharacterType, type CharacterVisibility, type ChatLanguage, type ModerationStatus, type MyCharacter } from '@fable/contracts';
import type { Queryable, SqlParam } from '../../infra/db/database';
import { cardFieldsOf, iso, moderationReportOf, type CardRow, type CharacterRow } from '../characters/characterRow';
import { groupMembersFor, membersTokenCount, toSubCharacter } from '../groupChats/groupMembers';
import { claimRevision, findFullCharacter, type FullCharacterRow } from '../moderation/fullCharacter';

/** The chatbot columns a creator writes (document 1 §3), as one save stores them. */
export interface AuthoredFields {
  name: string;
  title: string;
  greeting: string;
  persona: string;
  scenario: string | null;
  dialogue: string | null;
  tags: string[];
  visibility: CharacterVisibility;
  definition_visible: boolean;
  /** Required on create; a catalog chatbot may have none. */
  avatar_url: string | null;
  avatar_is_nsfw: boolean;
  is_nsfw: boolean;
  language: ChatLanguage;
  guidelines: boolean;
  card_extras: Record<string, unknown>;
  token_count: number;
}

/** The moderation columns a save sets. */
export interface ModerationFields {
  moderation_status: ModerationStatus | null;
  aicq_manual_review_required: boolean;
  submit_for_manual_review: boolean;
  /** Set when the status changes, else kept. */
  moderation_updated_at: Date | null;
}

/** The member as a creator (creators row) for creator pages and blocks; a creators row under another id is left alone. */
export async function ensureCreator(tx: Queryable, creator: { userId: string; username: string; name: string | null; avatarUrl: string | null }): Promise<void> {
  await tx.query(
    `insert into creators (user_id, username, display_name, avatar_url) values ($1, $2, $3, $4) on conflict do nothing`,
    [creator.userId, creator.username, creator.name ?? creator.username, creator.avatarUrl],
  );
}

/** The characters columns a save writes (card_extras is kept beside, in character_authoring). */
const WRITE_COLUMNS = [
  'name', 'title', 'greeting', 'persona', 'scenario', 'dialogue', 'tags', 'visibility', 'definition_visible', 'avatar_url',
  'avatar_is_nsfw', 'is_nsfw', 'language', 'guidelines', 'token_count', 'moderation_status', 'aicq_manual_review_required',
  'submit_for_manual_review',
] as const;

export type WriteValues = AuthoredFields & ModerationFields;

const writeParams = (v: WriteValues): SqlParam[] => WRITE_COLUMNS.map((column) => v[column]);

const CASTS: Partial<Record<(typeof WRITE_COLUMNS)[number], string>> = { tags: '::text[]' };

async function readBack(tx: Queryable, characterId: string): Promise<FullCharacterRow> {
  const row = await findFullCharacter(tx, characterId);
  if (!row) throw new Error(`chatbot ${characterId} vanished inside its own transaction`);
  return row;
}

export async function insertCharacter(
  tx: Queryable,
  owner: { applicationId: string; userId: string; username: string },
  values: WriteValues,
  now: Date,
): Promise<FullCharacterRow> {
  const placeholders = WRITE_COLUMNS.map((column, i) => `$${i + 5}${CASTS[column] ?? ''}`).join(', ');
  const { rows } = await tx.query<{ id: string }>(
    `insert into characters (application_id, creator_user_id, creator_username, created_at, updated_at, ${WRITE_COLUMNS.join(', ')})
     values ($1, $2, $3, $4, $4, ${placeholders})
     returning id`,
    [owner.applicationId, owner.userId, owner.username, now, ...writeParams(values)],
  );
  const id = rows[0]!.id;
  await tx.query(`insert into character_authoring (character_id, card_extras, revision, moderation_updated_at) values ($1, $2::jsonb, 0, $3)`, [
    id,
    JSON.stringify(values.card_extras),
    values.moderation_updated_at,
  ]);
  return readBack(tx, id);
}

/**
 * Writes a save over `revision`: nothing (null) when another write came first or the chatbot is gone, so the caller
 * reads again and re-applies its change on top.
 */
export async function updateCharacter(
  tx: Queryable,
  characterId: string,
  revision: number | string,
  values: WriteValues,
  now: Date,
): Promise<FullCharacterRow | null> {
  const { rowCount } = await tx.query('select 1 from characters where id = $1 for update', [characterId]);
  if (rowCount === 0) return null;
  const claimed = await claimRevision(tx, characterId, revision, { cardExtras: values.card_extras, moderationUpdatedAt: values.moderation_updated_at });
  if (!claimed) return null;
  const sets = WRITE_COLUMNS.map((column, i) => `${column} = $${i + 3}${CASTS[column] ?? ''}`).join(', ');
  await tx.query(`update characters set ${sets}, updated_at = $2 where id = $1`, [characterId, now, ...writeParams(values)]);
  return readBack(tx, characterId);
}

/** Locks and deletes a chatbot of `userId`; answers what was deleted, or null. */
export async function deleteOwnCharacter(tx: Queryable, characterId: string, userId: string): Promise<CharacterRow | null> {
  const { rows } = await tx.query<CharacterRow>('delete from characters where id = $1 and creator_user_id = $2 returning *', [characterId, userId]);
  return rows[0] ?? null;
}

type MyRow = CardRow &
  Pick<
    CharacterRow,
    | 'definition_visible'
    | 'token_count'
    | 'updated_at'
    | 'submit_for_manual_review'
    | 'moderation_status'
    | 'reason_for_moderation'
    | 'action_taken_description'
    | 'moderation_expires_at'
    | 'application_id'
    | 'sub_character_ids'
  >;

/**
 * The member's chatbots of one type in their application: fix_required first, then pending and rereview, then the
 * rest (document 1 §4 "My bots order"); newest first within each. Group chats carry their members as their creator
 * sees them (modules/groupChats/groupMembers.ts) and are ordered by them instead (document 2 §4: a group holding a
 * fix_required member first, then one holding a rereview_required or pending member, then the others).
 */
export async function listOwnCharacters(db: Queryable, applicationId: string, userId: string, type: CharacterType): Promise<MyCharacter[]> {
  const { rows } = await db.query<MyRow>(
    `select id, name, title, avatar_url, avatar_is_nsfw, is_nsfw, visibility, tags, creator_user_id, creator_username, language,
       num_messages, num_messages_24h, rating_score, created_at, name_i18n, title_i18n, translated_languages, type,
       aicq_manual_review_required, definition_visible, token_count, updated_at, submit_for_manual_review, moderation_status,
       reason_for_moderation, action_taken_description, moderation_expires_at, application_id, sub_character_ids
     from characters
     where application_id = $1 and creator_user_id = $2 and type = $3
     order by case when moderation_status = 'fix_required' then 0 when moderation_status in ('pending', 'rereview_required') then 1 else 2 end,
       created_at desc, id`,
    [applicationId, userId, type],
  );
  const list = rows.map((row) => {
    const card = cardFieldsOf(row);
    return {
      id: card.id,
      name: card.name,
      title: card.title,
      avatar_url: card.avatar_url,
      avatar_is_nsfw: card.avatar_is_nsfw,
      is_nsfw: card.is_nsfw,
      visibility: card.visibility,
      definition_visible: row.definition_visible,
      tags: card.tags,
      creator_user_id: card.creator_user_id,
      creator_username: card.creator_username,
      language: card.language,
      num_messages: card.num_messages,
      rating_score: card.rating_score,
      token_count: row.token_count,
      createdAt: card.createdAt,
      updatedAt: iso(row.updated_at),
      type: card.type,
      submitForManualReview: row.submit_for_manual_review,
      aicq_manual_review_required: row.aicq_manual_review_required,
      moderationReport: moderationReportOf(row),
    };
  });
  if (type !== 'group') return list;
  const members = await groupMembersFor(db, rows, userId);
  const groups = list.map((group) => {
    const subs = members.get(group.id)!;
    return { ...group, sub_characters: subs.map(toSubCharacter), token_count: membersTokenCount(subs) };
  });
  // A stable sort keeps newest first within each rank.
  return groups
    .map((group, at) => ({ group, at, rank: groupChatListRank(group.sub_characters) }))
    .sort((a, b) => a.rank - b.rank || a.at - b.at)
    .map(({ group }) => group);
}
