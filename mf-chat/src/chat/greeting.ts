import type { ChatMessage } from '@fable/contracts';

/** The id of the greeting shown as the first bot message of a new chat (not saved yet: no actions on it). */
export const GREETING_ID = 'greeting';
/** Messages made on the page before the server gave them an id (a stopped reply, a guest's turn). */
export const LOCAL_ID_PREFIX = 'local-';
/** The route's conversation id for a fresh conversation (contracts NEW_CONVERSATION_ID). */
export const NEW_CONVERSATION = 'new';

let localCounter = 0;
export function localId(): string {
  localCounter += 1;
  return `${LOCAL_ID_PREFIX}${Date.now().toString(36)}-${localCounter}`;
}

/** Whether the message exists on the server (it can be edited, rated, reported, removed, cloned up to). */
export function isSavedMessage(message: Pick<ChatMessage, 'id'>): boolean {
  return message.id !== GREETING_ID && !message.id.startsWith(LOCAL_ID_PREFIX);
}

export function greetingMessage(greeting: string, conversationId = ''): ChatMessage {
  return {
    id: GREETING_ID,
    role: 'assistant',
    content: greeting,
    prev_id: null,
    is_alternative: false,
    createdAt: new Date(0).toISOString(),
    conversation_id: conversationId,
  };
}

export function localMessage(role: ChatMessage['role'], content: string, prevId: string | null): ChatMessage {
  return { id: localId(), role, content, prev_id: prevId, is_alternative: false, createdAt: new Date().toISOString(), conversation_id: '' };
}
