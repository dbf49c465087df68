import type { Queryable } from '../../infra/db/database';

/** Memories a prompt carries at most (ours: the spec gives no number; the prompt builder trims to its budget). */
export const PROMPT_MEMORY_CAP = 50;

export interface PromptMemory {
  content: string;
  is_pinned: boolean;
}

/** A conversation's memories for the prompt: pinned first, then newest, at most `cap`. */
export async function loadPromptMemories(db: Queryable, conversationId: string, cap = PROMPT_MEMORY_CAP): Promise<PromptMemory[]> {
  const { rows } = await db.query<PromptMemory>(
    'select content, is_pinned from memories where conversation_id = $1 order by is_pinned desc, seq desc limit $2',
    [conversationId, cap],
  );
  return rows.map((r) => ({ content: r.content, is_pinned: r.is_pinned }));
}
