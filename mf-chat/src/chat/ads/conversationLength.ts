import type { ChatMessage, Conversation } from '@fable/contracts';
import { GREETING_ID, isSavedMessage } from '../greeting';

// A saved conversation's greeting is its first message on the server, though the page keeps it under GREETING_ID.
const savedCount = (messages: readonly ChatMessage[]): number =>
  messages.filter((m) => (m.id === GREETING_ID || isSavedMessage(m)) && !m.is_alternative).length;

/**
 * How many messages the saved conversation holds (its main line, as the API counts them for ads): the messages on
 * screen once every page is loaded; otherwise the count the conversation had when it was opened, plus the messages
 * saved after its last message since.
 */
export function conversationLength(
  messages: readonly ChatMessage[],
  hasMore: boolean,
  conversation: Pick<Conversation, 'message_count' | 'last_message_id'> | null,
): number {
  if (!hasMore || !conversation) return savedCount(messages);
  const lastId = conversation.last_message_id;
  const at = lastId ? messages.findIndex((m) => m.id === lastId || Boolean(m.alternates?.some((a) => a.id === lastId))) : -1;
  if (at === -1) return Math.max(savedCount(messages), conversation.message_count);
  return conversation.message_count + savedCount(messages.slice(at + 1));
}
