import type { Queryable } from '../../infra/db/database';
import type { RecallMemory } from './recall/memoryRecall';

/**
 * Memories a turn reads at most (pinned first, then newest): a conversation holds hundreds at most; the recall
 * (recall/memoryRecall.ts) picks those that go into the prompt, within its share.
 */
export const RECALL_MEMORY_CAP = 1000;

/**
 * SQL (a json array) of a conversation's memories for the recall: id, content, pin and version, pinned first, then
 * newest, at most `capSql`. `conversationSql` and `capSql` are SQL expressions (parameters) of the enclosing query.
 */
export const promptMemoriesJson = (conversationSql: string, capSql: string) => `coalesce((
    select json_agg(json_build_object('id', x.id, 'content', x.content, 'is_pinned', x.is_pinned, 'updated_at', x.updated_at)
                    order by x.is_pinned desc, x.seq desc)
      from (select id, content, is_pinned, updated_at, seq from memories where conversation_id = ${conversationSql}
             order by is_pinned desc, seq desc limit ${capSql}) x), '[]'::json)`;

export type { RecallMemory };

/** A conversation's memories as a turn reads them (promptMemoriesJson on its own). */
export async function loadPromptMemories(db: Queryable, conversationId: string, cap = RECALL_MEMORY_CAP): Promise<RecallMemory[]> {
  const { rows } = await db.query<{ memories: RecallMemory[] }>(`select ${promptMemoriesJson('$1::text', '$2::int')} as memories`, [conversationId, cap]);
  return rows[0]!.memories;
}
