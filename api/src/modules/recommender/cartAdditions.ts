import { CHAT_LIMITS } from '@fable/contracts';
import type { Database } from '../../infra/db/database';
import type { Recommender } from '../discovery/recommender';

/**
 * The cart addition (document 1 §4 "Three user messages in a public chat trigger a cart-addition interaction with
 * amount 3"; §7 Recommender "cart addition"), counted on the server from the conversation's saved user messages: no
 * client reports one (POST /interactions takes detail views only). Once per conversation (conversations.cart_added_at,
 * set in the transaction that records it, so two turns at once record it once), only for a public chatbot, never for
 * the chatbot's own creator (who teaches the recommender nothing, like POST /interactions). Guests' chats are not
 * saved, so they have none. Answers whether this call recorded it.
 */
export async function recordCartAddition(db: Database, recommender: Recommender, conversationId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string; character_id: string }>(
      `update conversations c set cart_added_at = $2
         from characters ch
        where c.id = $1 and c.cart_added_at is null
          and ch.id = c.character_id and ch.visibility = 'public' and ch.creator_user_id <> c.user_id::text
          and (select count(*) from messages m where m.conversation_id = c.id and m.role = 'user' and not m.is_alternative) >= $3
        returning c.user_id::text as user_id, c.character_id`,
      [conversationId, now, CHAT_LIMITS.cartAdditionUserMessages],
    );
    const row = rows[0];
    if (!row) return false;
    await recommender.record({ kind: 'cart_addition', subject: row.user_id, characterId: row.character_id, amount: CHAT_LIMITS.cartAdditionAmount }, tx);
    return true;
  });
}
