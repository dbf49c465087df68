import type { ChatMessage, ChatRequest } from '@fable/contracts';

/**
 * Guests' chats are not saved (document 1 §1): they live on the device for the tab's session (sessionStorage, per
 * character) and are sent with each turn as `history`.
 */
const key = (characterId: string) => `fable.chat.guest.${characterId}`;
/** ChatRequestSchema: history max 500 entries of at most 8000 characters. */
const HISTORY_MAX = 500;
const CONTENT_MAX = 8000;

export function readGuestChat(characterId: string): ChatMessage[] | null {
  try {
    const raw = sessionStorage.getItem(key(characterId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) ? (parsed as ChatMessage[]) : null;
  } catch {
    return null;
  }
}

export function writeGuestChat(characterId: string, messages: readonly ChatMessage[]): void {
  try {
    sessionStorage.setItem(key(characterId), JSON.stringify(messages));
  } catch {
    // storage full or blocked: the chat still lives in the page
  }
}

export function clearGuestChat(characterId: string): void {
  try {
    sessionStorage.removeItem(key(characterId));
  } catch {
    // nothing kept
  }
}

/**
 * The conversation so far as ChatRequest.history (the last 500 turns). In a group chat each reply names its member
 * (the `done` message's character_id), so the server's AUTO goes on after the one who spoke last and the prompt
 * tells the members apart.
 */
export function historyOf(messages: readonly ChatMessage[]): NonNullable<ChatRequest['history']> {
  return messages.slice(-HISTORY_MAX).map((m) => ({
    role: m.role,
    content: m.content.slice(0, CONTENT_MAX),
    ...(m.role === 'assistant' && m.character_id ? { character_id: m.character_id } : {}),
  }));
}
