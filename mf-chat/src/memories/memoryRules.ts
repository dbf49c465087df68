import { CHAT_LIMITS, CHAT_MESSAGES } from '@fable/contracts';

export const MEMORY_MAX = CHAT_LIMITS.memoryMax;
export const MEMORY_TOO_LONG = CHAT_MESSAGES.memoryTooLong;

/** "The memory text is too long" above 250 characters (document 1 §5), else null. */
export function memoryError(text: string): string | null {
  return text.trim().length > MEMORY_MAX ? MEMORY_TOO_LONG : null;
}

/** Save is disabled when the text is empty, unchanged, too long, or while saving (document 1 §5). */
export function memorySaveDisabled({ text, original = '', saving }: { text: string; original?: string; saving: boolean }): boolean {
  const trimmed = text.trim();
  return saving || trimmed.length === 0 || trimmed === original.trim() || trimmed.length > MEMORY_MAX;
}
