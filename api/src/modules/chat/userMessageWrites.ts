import type { ChatMessage } from '@fable/contracts';
import { prepared, type Database, type Queryable } from '../../infra/db/database';
import { conversationChanged } from './chatErrors';

/**
 * The user's message of a chat turn, written while the engine works (README "One conversation, one chain"): into
 * the member's conversation only while the turn holds it and its tail is the one the turn read; or with the new
 * conversation the turn creates (held by the turn from its insert) and the character's greeting as its first message.
 */

/** The turn's hold on the conversation: its lease token and the conversation's tail it read. */
export interface TurnFence {
  conversationId: string;
  token: string;
  tail: string | null;
}

/** The message with its token count. */
export interface UserMessageWrite {
  message: ChatMessage;
  tokens: number;
  now: Date;
}

/**
 * One statement (atomic on its own): the conversation's summary, only while the turn holds it and its tail is the
 * fence's, and then the message. 409 conversation_changed otherwise.
 */
const INSERT_USER_MESSAGE = prepared(
  'chat_insert_user_message',
  `with cv as (
     update conversations set message_count = message_count + 1, last_message_id = $1, last_message_at = $7, updated_at = $7
      where id = $2 and turn_token = $8 and last_message_id is not distinct from $9::text
     returning id),
   ins as (
     insert into messages (id, conversation_id, role, content, prev_id, token_count, sub_character_id, created_at, updated_at)
     select $1::text, cv.id, 'user', $3::text, $4::text, $5::int, $6::text, $7::timestamptz, $7::timestamptz from cv returning id)
   select count(*)::int as n from ins`,
);

export async function addUserMessage(db: Queryable, fence: TurnFence, w: UserMessageWrite): Promise<void> {
  const m = w.message;
  const { rows } = await db.query<{ n: number }>(
    INSERT_USER_MESSAGE,
    [m.id, fence.conversationId, m.content, m.prev_id, w.tokens, m.character_id ?? null, w.now, fence.token, fence.tail],
  );
  if (rows[0]?.n !== 1) throw conversationChanged();
}

export interface NewConversation {
  id: string;
  userId: string;
  characterId: string;
  personaId: string | null;
  /** The turn's lease, written with the row: the conversation is created held. */
  turnToken: string;
  turnUntil: Date;
  /** The API process holding the lease. */
  turnHolder: string;
  /** The character's greeting as the first (bot) message, when it has one. */
  greeting: { id: string; content: string } | null;
}

const INSERT_MESSAGE = `insert into messages (id, conversation_id, role, content, prev_id, token_count, sub_character_id, created_at, updated_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`;

/**
 * One transaction: the conversation (held), its greeting, the user's message and the conversation's summary. Without
 * a message (a group member's turn that opens the chat), the conversation and its greeting alone.
 */
export async function createConversationWithMessage(db: Database, c: NewConversation, w: UserMessageWrite | { message: null; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into conversations (id, user_id, character_id, user_persona_id, created_at, updated_at, turn_token, turn_until, turn_holder)
       values ($1, $2, $3, $4, $5, $5, $6, $7, $8)`,
      [c.id, c.userId, c.characterId, c.personaId, w.now, c.turnToken, c.turnUntil, c.turnHolder],
    );
    if (c.greeting) await tx.query(INSERT_MESSAGE, [c.greeting.id, c.id, 'assistant', c.greeting.content, null, 0, null, w.now]);
    const m = w.message;
    if (w.message !== null) await tx.query(INSERT_MESSAGE, [w.message.id, c.id, 'user', w.message.content, w.message.prev_id, w.tokens, w.message.character_id ?? null, w.now]);
    const added = (c.greeting ? 1 : 0) + (m ? 1 : 0);
    if (added > 0) {
      await tx.query(
        `update conversations set message_count = message_count + $2, last_message_id = $3, last_message_at = $4, updated_at = $4 where id = $1`,
        [c.id, added, m?.id ?? c.greeting!.id, w.now],
      );
    }
  });
}
