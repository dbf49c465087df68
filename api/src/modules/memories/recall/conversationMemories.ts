import type { RecallMemory } from './memoryRecall';

/**
 * The memories of the conversations this process served lately, by conversation and revision (conversations.
 * memories_rev, which the database bumps on every change of a conversation's memories, migration 025). A turn tells
 * the database the revision it holds and is sent the memories only when they changed: a conversation of a thousand
 * memories costs its read once, not every turn. Several processes each keep their own; the revision is the database's.
 */
export interface ConversationMemories {
  /** The revision held for the conversation, or null. */
  revisionOf(conversationId: string): number | null;
  /** The memories held at that revision, or undefined (another revision, or dropped). */
  get(conversationId: string, revision: number): RecallMemory[] | undefined;
  set(conversationId: string, revision: number, memories: RecallMemory[]): void;
}

/** Memories held in all, least recently used conversation dropped first (about 200 bytes each). */
export const CONVERSATION_MEMORIES_CAPACITY = 200_000;

export function createConversationMemories(capacity = CONVERSATION_MEMORIES_CAPACITY): ConversationMemories {
  const held = new Map<string, { revision: number; memories: RecallMemory[] }>();
  let size = 0;
  const drop = (id: string) => {
    const entry = held.get(id);
    if (!entry) return;
    size -= entry.memories.length;
    held.delete(id);
  };
  return {
    revisionOf: (id) => held.get(id)?.revision ?? null,
    get(id, revision) {
      const entry = held.get(id);
      if (!entry || entry.revision !== revision) return undefined;
      held.delete(id);
      held.set(id, entry);
      return entry.memories;
    },
    set(id, revision, memories) {
      drop(id);
      held.set(id, { revision, memories });
      size += memories.length;
      while (size > capacity && held.size > 1) drop(held.keys().next().value!);
    },
  };
}
