import { CHAT_LIMITS, CHAT_MESSAGES, stripHtml, type Conversation } from '@fable/contracts';

/** The preview of a conversation's last message: HTML stripped (document 1 §5), spaces collapsed. */
export function lastMessagePreview(conversation: Pick<Conversation, 'last_message' | 'last_text_message'>): string {
  const content = conversation.last_message?.content ?? conversation.last_text_message?.content ?? '';
  return stripHtml(content).replace(/\s+/g, ' ').trim();
}

/** The line under the character's name: the conversation's title (label), else the character's title. */
export function conversationTitle(conversation: Pick<Conversation, 'label' | 'character'>): string {
  return conversation.label?.trim() || conversation.character?.title || '';
}

/** The time of a conversation's last message: the time today, the weekday this week, else the date. */
export function formatChatTime(iso: string | undefined, now: Date = new Date(), locale?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  if (sameDay) return date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  const ageMs = now.getTime() - date.getTime();
  if (ageMs >= 0 && ageMs < 6 * 24 * 60 * 60 * 1000) return date.toLocaleDateString(locale, { weekday: 'short' });
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric' });
}

/** The conversation title rule (document 1 §5: max 50, non-blank), with the contracts' messages; null when valid. */
export function conversationTitleError(title: string): string | null {
  const trimmed = title.trim();
  if (!trimmed) return CHAT_MESSAGES.conversationTitleRequired;
  if (trimmed.length > CHAT_LIMITS.conversationTitleMax) return CHAT_MESSAGES.conversationTitleTooLong;
  return null;
}
