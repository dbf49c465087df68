import type { Memory, MemoryType } from '@fable/contracts';
import { AppError } from '../../http/appError';
import type { Queryable, SqlParam } from '../../infra/db/database';

/** Memories a page of the Memories modal shows (document 1 §4 "load more by last id"; the size is ours). */
export const MEMORY_PAGE_SIZE = 20;

interface MemoryRow {
  id: string;
  content: string;
  is_pinned: boolean;
  memory_type: MemoryType;
  seq: string | number;
  created_at: Date | string;
}

const COLUMNS = 'm.id, m.content, m.is_pinned, m.memory_type, m.seq, m.created_at';

/** Pinned first, then newest (document 1 §4); seq orders memories made in the same instant. */
const ORDER = 'order by m.is_pinned desc, m.seq desc';

export const toMemory = (row: MemoryRow): Memory => ({
  id: row.id,
  content: row.content,
  is_pinned: row.is_pinned,
  memory_type: row.memory_type,
  createdAt: new Date(row.created_at).toISOString(),
});

export const conversationNotFound = () => AppError.notFound('Conversation not found');
export const memoryNotFound = () => AppError.notFound('Memory not found');

/** Throws 404 unless the conversation is the member's (another member's is as unknown as a missing one). */
export async function assertOwnConversation(db: Queryable, userId: string, conversationId: string): Promise<void> {
  const { rowCount } = await db.query('select 1 from conversations where id = $1 and user_id = $2', [conversationId, userId]);
  if (rowCount === 0) throw conversationNotFound();
}

/**
 * A page of a conversation's memories, pinned first then newest. `lastId` is the last memory of the previous page
 * (flagged is_last_id); the page holds what comes after it in that order. An unknown cursor answers 404.
 */
export async function listMemories(
  db: Queryable,
  conversationId: string,
  lastId: string | undefined,
  pageSize = MEMORY_PAGE_SIZE,
): Promise<{ memories: Memory[]; has_more: boolean }> {
  const params: SqlParam[] = [conversationId, pageSize + 1];
  let after = '';
  if (lastId !== undefined) {
    const { rows } = await db.query<{ is_pinned: boolean; seq: string | number }>(
      'select is_pinned, seq from memories where id = $1 and conversation_id = $2',
      [lastId, conversationId],
    );
    const cursor = rows[0];
    if (!cursor) throw memoryNotFound();
    params.push(cursor.is_pinned, String(cursor.seq));
    after = 'and (m.is_pinned, m.seq) < ($3::boolean, $4::bigint)';
  }
  const { rows } = await db.query<MemoryRow>(
    `select ${COLUMNS} from memories m where m.conversation_id = $1 ${after} ${ORDER} limit $2`,
    params,
  );
  const hasMore = rows.length > pageSize;
  const memories = rows.slice(0, pageSize).map(toMemory);
  const last = memories[memories.length - 1];
  if (last) last.is_last_id = true;
  return { memories, has_more: hasMore };
}

export async function addMemory(db: Queryable, conversationId: string, content: string, now: Date, type: MemoryType = 'user'): Promise<Memory> {
  const { rows } = await db.query<MemoryRow>(
    `insert into memories as m (conversation_id, content, memory_type, created_at, updated_at) values ($1, $2, $3, $4, $4)
     returning ${COLUMNS}`,
    [conversationId, content, type, now],
  );
  return toMemory(rows[0]!);
}

/** The member's memory (through its conversation), or null when unknown or another member's. */
export async function findOwnMemory(db: Queryable, userId: string, memoryId: string): Promise<Memory | null> {
  const { rows } = await db.query<MemoryRow>(
    `select ${COLUMNS} from memories m join conversations c on c.id = m.conversation_id where m.id = $1 and c.user_id = $2`,
    [memoryId, userId],
  );
  return rows[0] ? toMemory(rows[0]) : null;
}

/** Edits the text and/or the pin of the member's memory; 404 when it is not theirs. */
export async function updateMemory(
  db: Queryable,
  userId: string,
  memoryId: string,
  change: { content?: string; is_pinned?: boolean },
  now: Date,
): Promise<Memory> {
  const params: SqlParam[] = [memoryId, userId, now];
  const sets = ['updated_at = $3'];
  if (change.content !== undefined) {
    params.push(change.content);
    // A new text needs a new vector (the recall makes it again).
    sets.push(`content = $${params.length}`, 'embedding = null', 'embedding_model = null');
  }
  if (change.is_pinned !== undefined) {
    params.push(change.is_pinned);
    sets.push(`is_pinned = $${params.length}`);
  }
  const { rows } = await db.query<MemoryRow>(
    `update memories m set ${sets.join(', ')} from conversations c
     where m.id = $1 and c.id = m.conversation_id and c.user_id = $2
     returning ${COLUMNS}`,
    params,
  );
  if (!rows[0]) throw memoryNotFound();
  return toMemory(rows[0]);
}

export async function deleteMemory(db: Queryable, userId: string, memoryId: string): Promise<void> {
  const { rowCount } = await db.query(
    'delete from memories m using conversations c where m.id = $1 and c.id = m.conversation_id and c.user_id = $2',
    [memoryId, userId],
  );
  if (rowCount === 0) throw memoryNotFound();
}

/**
 * Deletes a conversation's memories (the Delete All Memories modal), keeping the pinned ones and/or the ones the
 * member wrote (memory_type user, "keep manual") when asked. Answers how many were removed.
 */
export async function deleteAllMemories(
  db: Queryable,
  conversationId: string,
  keep: { pinned: boolean; user: boolean },
): Promise<number> {
  const conditions = ['conversation_id = $1'];
  if (keep.pinned) conditions.push('not is_pinned');
  if (keep.user) conditions.push("memory_type <> 'user'");
  const { rowCount } = await db.query(`delete from memories where ${conditions.join(' and ')}`, [conversationId]);
  return rowCount;
}
