import type { Queryable } from '../../infra/db/database';

/** Memories a prompt carries at most (ours: the spec gives no number; the prompt builder trims to its budget). */
export const PROMPT_MEMORY_CAP = 50;

export interface PromptMemory {
  content: string;
  is_pinned: boolean;
}

/**
 * SQL (a json array) of a conversation's memories for the prompt: pinned first, then newest, at most `capSql`.
 * `conversationSql` and `capSql` are SQL expressions (parameters) of the enclosing query.
 */
export const promptMemoriesJson = (conversationSql: string, capSql: string) => `coalesce((
    select json_agg(json_build_object('content', x.content, 'is_pinned', x.is_pinned) order by x.is_pinned desc, x.seq desc)
      from (select content, is_pinned, seq from memories where conversation_id = ${conversationSql}
             order by is_pinned desc, seq desc limit ${capSql}) x), '[]'::json)`;

export async function loadPromptMemories(db: Queryable, conversationId: string, cap = PROMPT_MEMORY_CAP): Promise<PromptMemory[]> {
  const { rows } = await db.query<{ memories: PromptMemory[] }>(`select ${promptMemoriesJson('$1::text', '$2::int')} as memories`, [conversationId, cap]);
  return rows[0]!.memories;
}
