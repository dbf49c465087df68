import { CONVERSATION_IMAGE_PRESET, imageUrl, type ChatMessage, type Conversation, type MessageRating } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';

/** A messages row (migration 008) as both drivers return it (seq left out: bigint types differ). */
export interface MessageRow {
  id: string;
  conversation_id: string;
  role: 'user' | 'assistant';
  content: string;
  prev_id: string | null;
  is_alternative: boolean;
  alternate_of: string | null;
  token_count: number;
  rating: MessageRating | null;
  label: string | null;
  stopped: boolean;
  sub_character_id: string | null;
  image_hash: string | null;
  image_prompt: string | null;
  image_is_nsfw: boolean;
  created_at: Date | string;
}

export const MESSAGE_SELECT =
  'm.id, m.conversation_id, m.role, m.content, m.prev_id, m.is_alternative, m.alternate_of, m.token_count, m.rating, m.label, m.stopped, m.sub_character_id, m.image_hash, m.image_prompt, m.image_is_nsfw, m.created_at';

export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    prev_id: row.prev_id,
    is_alternative: row.is_alternative,
    createdAt: iso(row.created_at),
    rating: row.rating,
    character_id: row.sub_character_id,
    conversation_id: row.conversation_id,
    label: row.label,
    ...(row.image_hash ? { image_url: imageUrl(row.image_hash, CONVERSATION_IMAGE_PRESET), image_prompt: row.image_prompt, image_is_nsfw: row.image_is_nsfw } : {}),
  };
}

/** A conversations row. */
export interface ConversationRow {
  id: string;
  user_id: string;
  character_id: string;
  user_persona_id: string | null;
  label: string | null;
  voice_id: string | null;
  message_count: number;
  last_message_id: string | null;
}

/** The member's conversation, or null (unknown or someone else's: the same to the caller). */
export async function findOwnConversation(db: Queryable, conversationId: string, userId: string): Promise<ConversationRow | null> {
  const { rows } = await db.query<ConversationRow>(
    `select id, user_id::text as user_id, character_id, user_persona_id, label, voice_id, message_count, last_message_id
       from conversations where id = $1 and user_id = $2`,
    [conversationId, userId],
  );
  return rows[0] ?? null;
}

interface ConversationViewRow extends ConversationRow {
  character_name: string;
  character_title: string;
  character_avatar_url: string | null;
  character_avatar_is_nsfw: boolean;
  last_content: string | null;
  last_created_at: Date | string | null;
}

const CONVERSATION_VIEW = `select cv.id, cv.user_id::text as user_id, cv.character_id, cv.user_persona_id, cv.label, cv.voice_id,
    cv.message_count, cv.last_message_id,
    c.name as character_name, c.title as character_title, c.avatar_url as character_avatar_url,
    c.avatar_is_nsfw as character_avatar_is_nsfw, lm.content as last_content, lm.created_at as last_created_at
  from conversations cv
  join characters c on c.id = cv.character_id
  left join messages lm on lm.id = cv.last_message_id`;

function toConversation(row: ConversationViewRow): Conversation {
  const last = row.last_content !== null && row.last_created_at !== null ? { content: row.last_content, createdAt: iso(row.last_created_at) } : null;
  return {
    id: row.id,
    character_id: row.character_id,
    character: {
      name: row.character_name,
      title: row.character_title,
      avatar_url: row.character_avatar_url,
      avatar_is_nsfw: row.character_avatar_is_nsfw,
    },
    user_persona_id: row.user_persona_id,
    label: row.label,
    voice_id: row.voice_id,
    last_message: last,
    last_text_message: last,
    last_message_id: row.last_message_id,
    message_count: row.message_count,
  };
}

export async function conversationView(db: Queryable, conversationId: string, userId: string): Promise<Conversation | null> {
  const { rows } = await db.query<ConversationViewRow>(`${CONVERSATION_VIEW} where cv.id = $1 and cv.user_id = $2`, [conversationId, userId]);
  return rows[0] ? toConversation(rows[0]) : null;
}

/**
 * The member's conversations, most recently active first, `limit` a page after the cursor conversation; `q`
 * matches the character's name or the conversation's title (case-insensitive, substring).
 */
export async function conversationsPage(
  db: Queryable,
  userId: string,
  options: { characterId?: string; lastId?: string; limit: number; q?: string },
): Promise<{ conversations: Conversation[]; has_more: boolean }> {
  const params: unknown[] = [userId];
  const where = ['cv.user_id = $1'];
  if (options.characterId) {
    params.push(options.characterId);
    where.push(`cv.character_id = $${params.length}`);
  }
  if (options.lastId) {
    params.push(options.lastId);
    where.push(`(cv.updated_at, cv.id) < (select x.updated_at, x.id from conversations x where x.id = $${params.length} and x.user_id = $1)`);
  }
  const q = options.q?.trim();
  if (q) {
    params.push(`%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
    where.push(`(c.name ilike $${params.length} or cv.label ilike $${params.length})`);
  }
  params.push(options.limit + 1);
  const { rows } = await db.query<ConversationViewRow>(
    `${CONVERSATION_VIEW} where ${where.join(' and ')} order by cv.updated_at desc, cv.id desc limit $${params.length}`,
    params as never,
  );
  const has_more = rows.length > options.limit;
  const conversations = rows.slice(0, options.limit).map(toConversation);
  if (has_more) conversations[conversations.length - 1]!.is_last_id = true;
  return { conversations, has_more };
}

/** The alternates of a reply, oldest first. */
export async function alternatesOf(db: Queryable, messageId: string): Promise<MessageRow[]> {
  const { rows } = await db.query<MessageRow>(
    `select ${MESSAGE_SELECT} from messages m where m.alternate_of = $1 and m.is_alternative order by m.seq`,
    [messageId],
  );
  return rows;
}

/** A message of the chat screen: a bot reply of the main line carries its alternates (oldest first). */
export async function chatMessageWithAlternates(db: Queryable, row: MessageRow): Promise<ChatMessage> {
  const message = toChatMessage(row);
  if (row.role !== 'assistant' || row.is_alternative) return message;
  const alternates = await alternatesOf(db, row.id);
  return alternates.length === 0 ? message : { ...message, alternates: alternates.map((a) => ({ id: a.id, content: a.content, createdAt: iso(a.created_at) })) };
}

/** The message if it is in one of the member's conversations. */
export async function findOwnMessage(db: Queryable, messageId: string, userId: string): Promise<MessageRow | null> {
  const { rows } = await db.query<MessageRow>(
    `select ${MESSAGE_SELECT} from messages m join conversations cv on cv.id = m.conversation_id where m.id = $1 and cv.user_id = $2`,
    [messageId, userId],
  );
  return rows[0] ?? null;
}

/** Recounts a conversation's main line and points last_message_id at its newest message. */
export async function refreshConversationSummary(tx: Queryable, conversationId: string, now: Date): Promise<void> {
  await tx.query(
    `update conversations cv set
       message_count = (select count(*) from messages m where m.conversation_id = cv.id and not m.is_alternative),
       last_message_id = (select m.id from messages m where m.conversation_id = cv.id and not m.is_alternative order by m.seq desc limit 1),
       last_message_at = (select m.created_at from messages m where m.conversation_id = cv.id and not m.is_alternative order by m.seq desc limit 1),
       updated_at = $2
     where cv.id = $1`,
    [conversationId, now],
  );
}
