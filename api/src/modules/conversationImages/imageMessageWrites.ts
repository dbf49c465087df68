import type { Database } from '../../infra/db/database';
import { MESSAGE_SELECT, type MessageRow } from '../chat/chatRepository';
import { conversationNotFound } from '../chat/chatErrors';
import { lockIdleConversation } from '../chat/turnLease';

/** The picture an image message shows. */
export interface ImageMessagePicture {
  hash: string;
  prompt: string;
  nsfw: boolean;
}

/**
 * One transaction: the bot's image message at the end of the conversation's main line, and the conversation's
 * summary. Not while a turn writes in it (409 conversation_busy); two at once are written one after the other.
 */
export async function appendImageMessage(db: Database, conversationId: string, picture: ImageMessagePicture, now: Date): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    await lockIdleConversation(tx, conversationId, now);
    const { rows } = await tx.query<MessageRow>(
      `with cv as (
         select id, last_message_id from conversations where id = $1),
       ins as (
         insert into messages (conversation_id, role, content, prev_id, token_count, image_hash, image_prompt, image_is_nsfw, created_at, updated_at)
         select cv.id, 'assistant', '', cv.last_message_id, 0, $2, $3, $4, $5, $5 from cv
         returning *)
       select ${MESSAGE_SELECT.replaceAll('m.', 'ins.')} from ins`,
      [conversationId, picture.hash, picture.prompt, picture.nsfw, now],
    );
    const message = rows[0];
    if (!message) throw conversationNotFound();
    await tx.query(
      'update conversations set message_count = message_count + 1, last_message_id = $2, last_message_at = $3, updated_at = $3 where id = $1',
      [conversationId, message.id, now],
    );
    return message;
  });
}

/** Draws an image message again: its picture and prompt replaced (the last one written wins). Null when it is gone. */
export async function replaceImageMessage(db: Database, conversationId: string, messageId: string, picture: ImageMessagePicture, now: Date): Promise<MessageRow | null> {
  const { rows } = await db.query<MessageRow>(
    `update messages m set image_hash = $3, image_prompt = $4, image_is_nsfw = $5, updated_at = $6
      where m.id = $2 and m.conversation_id = $1 and m.image_hash is not null
      returning ${MESSAGE_SELECT}`,
    [conversationId, messageId, picture.hash, picture.prompt, picture.nsfw, now],
  );
  return rows[0] ?? null;
}

/** A picture attached to a saved reply of the conversation (POST chat image_prompt). Null when it is gone. */
export async function attachImage(db: Database, conversationId: string, messageId: string, picture: ImageMessagePicture, now: Date): Promise<MessageRow | null> {
  const { rows } = await db.query<MessageRow>(
    `update messages m set image_hash = $3, image_prompt = $4, image_is_nsfw = $5, updated_at = $6
      where m.id = $2 and m.conversation_id = $1 and m.role = 'assistant'
      returning ${MESSAGE_SELECT}`,
    [conversationId, messageId, picture.hash, picture.prompt, picture.nsfw, now],
  );
  return rows[0] ?? null;
}
