import { prepared, type Database } from '../../infra/db/database';
import { conversationChanged, messageNotFound } from './chatErrors';
import { MESSAGE_SELECT, type MessageRow } from './chatRepository';
import type { TurnFence } from './userMessageWrites';

/**
 * The reply of a chat turn, saved once, whole, after the stream (README "One conversation, one chain"): a new
 * reply, a regenerated one (the old one joins the alternates) or a continued one. Each save lands only while the
 * turn holds the conversation and its tail is the fence's (409 conversation_changed otherwise), and frees the
 * conversation in the same transaction. Also the alternate pick (the alternates pager).
 */

/** The reply's text, its token count, and whether it was stopped before its end. */
export interface ReplyWrite {
  id: string;
  text: string;
  tokens: number;
  stopped: boolean;
  subCharacterId: string | null;
  now: Date;
}

/** The conversation's summary after a new reply (which frees it), and the reply, in one statement; `$11` the message count added. */
const INSERT_REPLY = prepared('chat_insert_reply', `with cv as (
     update conversations set message_count = message_count + $11, last_message_id = $1, last_message_at = $8, updated_at = $8,
            turn_token = null, turn_until = null
      where id = $2 and turn_token = $9 and last_message_id is not distinct from $10::text
     returning id),
   m as (
     insert into messages (id, conversation_id, role, content, prev_id, token_count, stopped, sub_character_id, created_at, updated_at)
     select $1::text, cv.id, 'assistant', $3::text, $4::text, $5::int, $6::boolean, $7::text, $8::timestamptz, $8::timestamptz from cv
     returning *)
   select ${MESSAGE_SELECT} from m`);

const replyParams = (fence: TurnFence, prevId: string | null, r: ReplyWrite, added: number) => [
  r.id,
  fence.conversationId,
  r.text,
  prevId,
  r.tokens,
  r.stopped,
  r.subCharacterId,
  r.now,
  fence.token,
  fence.tail,
  added,
];

/** A new reply after `prevId`: one statement (atomic on its own). */
export async function addReply(db: Database, fence: TurnFence, prevId: string | null, r: ReplyWrite): Promise<MessageRow> {
  const { rows } = await db.query<MessageRow>(INSERT_REPLY, replyParams(fence, prevId, r, 1));
  const [row] = rows;
  if (!row) throw conversationChanged();
  return row;
}

/**
 * Regenerate: the new reply after `prevId`, and the reply it replaces (with its own alternates) moved to the
 * alternates of the new one. The message count grows only when nothing was moved (the replaced reply is gone).
 */
export async function replaceReply(db: Database, fence: TurnFence, replaced: { id: string; prevId: string | null }, r: ReplyWrite): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<MessageRow>(INSERT_REPLY, replyParams(fence, replaced.prevId, r, 0));
    const [row] = rows;
    if (!row) throw conversationChanged();
    const moved = await tx.query('update messages set is_alternative = true, alternate_of = $2, updated_at = $3 where id = $1 and not is_alternative', [
      replaced.id,
      row.id,
      r.now,
    ]);
    await tx.query('update messages set alternate_of = $2 where alternate_of = $1 and is_alternative', [replaced.id, row.id]);
    if (moved.rowCount === 0) await tx.query('update conversations set message_count = message_count + 1 where id = $1', [fence.conversationId]);
    return row;
  });
}

/** Continue: the text appended to the reply `messageId` (`tokens` is the whole reply's count). */
export async function appendToReply(db: Database, fence: TurnFence, messageId: string, r: Omit<ReplyWrite, 'id' | 'subCharacterId'>): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const held = await tx.query(
      `update conversations set turn_token = null, turn_until = null, updated_at = $4
        where id = $1 and turn_token = $2 and last_message_id is not distinct from $3::text returning id`,
      [fence.conversationId, fence.token, fence.tail, r.now],
    );
    if (held.rowCount === 0) throw conversationChanged();
    const { rows } = await tx.query<MessageRow>(
      `update messages m set content = m.content || $2, token_count = $3, stopped = $4, updated_at = $5
        where m.id = $1 and not m.is_alternative returning ${MESSAGE_SELECT}`,
      [messageId, r.text, r.tokens, r.stopped, r.now],
    );
    const [row] = rows;
    if (!row) throw messageNotFound();
    return row;
  });
}

/** Makes an alternate of the member's the main reply (the main one joins the alternates); answers the picked message. */
export async function pickAlternate(db: Database, q: { altId: string; userId: string; conversationId: string | null; now: Date }): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<MessageRow>(
      `select ${MESSAGE_SELECT} from messages m join conversations cv on cv.id = m.conversation_id
        where m.id = $1 and cv.user_id = $2 and ($3::text is null or m.conversation_id = $3) for update of m`,
      [q.altId, q.userId, q.conversationId],
    );
    const [alt] = rows;
    if (!alt) throw messageNotFound();
    if (!alt.is_alternative || !alt.alternate_of) return alt;
    const main = alt.alternate_of;
    await tx.query('update messages set is_alternative = false, alternate_of = null, updated_at = $2 where id = $1', [alt.id, q.now]);
    await tx.query('update messages set is_alternative = true, alternate_of = $2, updated_at = $3 where id = $1', [main, alt.id, q.now]);
    await tx.query('update messages set alternate_of = $2 where alternate_of = $1 and is_alternative and id <> $2', [main, alt.id]);
    await tx.query('update conversations set last_message_id = $2 where id = $3 and last_message_id = $1', [main, alt.id, alt.conversation_id]);
    return { ...alt, is_alternative: false, alternate_of: null };
  });
}
