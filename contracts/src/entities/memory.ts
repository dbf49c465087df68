import { z } from 'zod';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../limits/chatLimits';
import { IdSchema, TimestampSchema } from './common';

/**
 * Memory type (document 1 §3: "user or other"): `user`, what the member wrote in the memory manager; `other`, what
 * the conversation distilled by itself (conversation_memory_auto).
 */
export const MEMORY_TYPES = ['user', 'other'] as const;
export const MemoryTypeSchema = z.enum(MEMORY_TYPES);
export type MemoryType = z.infer<typeof MemoryTypeSchema>;

/** A conversation memory (document 1 §3). The 250 limit applies to what the user types (MemoryContentSchema). */
export const MemorySchema = z.object({
  id: IdSchema,
  content: z.string(),
  is_pinned: z.boolean().default(false),
  memory_type: MemoryTypeSchema,
  is_last_id: z.boolean().optional(),
  createdAt: TimestampSchema,
});
export type Memory = z.infer<typeof MemorySchema>;

/** Memory text (document 1 §5): non-empty, max 250 ("The memory text is too long"). */
export const MemoryContentSchema = z
  .string()
  .trim()
  .min(1)
  .max(CHAT_LIMITS.memoryMax, { error: CHAT_MESSAGES.memoryTooLong });

/** Memory order (document 1 §4): pinned first, then newest. */
export function compareMemories(a: Pick<Memory, 'is_pinned' | 'createdAt'>, b: Pick<Memory, 'is_pinned' | 'createdAt'>): number {
  if (a.is_pinned !== b.is_pinned) return a.is_pinned ? -1 : 1;
  return b.createdAt.localeCompare(a.createdAt);
}
