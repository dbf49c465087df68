import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Queryable } from '../../../infra/db/database';
import type { ModelRegistry } from '../../../infra/inference/models';
import { JobGivenUpError, type Job } from '../../../infra/jobs/jobQueue';
import type { BackgroundJobs } from '../../../infra/jobs/backgroundJobs';
import { termsOf } from '../recall/memoryTerms';
import { distillRequest, parseDistilled, type DistilledFact } from './distillPrompt';
import { findUserById } from '../../users/userRepository';

/**
 * Automatic memories (document 1 §6 conversation_memory_auto; True Supporter and up): as a conversation goes on,
 * its new messages are distilled into memories of type `other` through the inference engine, in a background job,
 * never on a turn's path. After a saved reply, a turn queues a job once MEMORY_DISTILL_EVERY user messages have come
 * since the last distillation (queueDistillation; one job per conversation and watermark). The job reads those
 * messages and the conversation's memories, asks the model for facts, and writes them in one transaction that also
 * moves the watermark, only if no other run moved it first: two runs at once write once.
 *
 * A fact that the model says replaces a memory, or that nearly repeats one (NEAR_DUPLICATE of their terms), updates
 * that memory when it is an unpinned automatic one; it is dropped when it repeats a pinned or a member's own memory,
 * which are never changed here.
 */
export const MEMORY_DISTILL_KIND = 'memory_distill';
export const MEMORY_AUTO_PERMISSION = 'conversation_memory_auto';
/** User messages gathered before a distillation (MEMORY_DISTILL_EVERY overrides). */
export const MEMORY_DISTILL_EVERY = 3;
/** Messages one run reads at most (the rest wait for the next run). */
export const DISTILL_READ_MAX = 40;
/** Memories the model is shown (numbered) to update or not repeat. */
export const DISTILL_EXISTING_MAX = 40;
/** Jaccard similarity of two memories' terms from which they say the same. */
export const NEAR_DUPLICATE = 0.6;
export const DISTILL_TIMEOUT_MS = 60_000;
const ATTEMPTS = 3;

const PayloadSchema = z.object({ conversation_id: z.string().min(1) });

/** Queues the conversation's distillation when enough user messages have come since the last one. */
export async function queueDistillation(
  deps: { db: Queryable; jobs: BackgroundJobs; every?: number },
  conversationId: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await deps.db.query<{ watermark: string; pending: number }>(
    `select c.memory_distilled_seq::text as watermark,
            (select count(*)::int from messages m
              where m.conversation_id = c.id and not m.is_alternative and m.role = 'user' and m.seq > c.memory_distilled_seq) as pending
       from conversations c where c.id = $1`,
    [conversationId],
  );
  const row = rows[0];
  if (!row || row.pending < (deps.every ?? MEMORY_DISTILL_EVERY)) return false;
  return deps.jobs.enqueue(
    deps.db,
    { kind: MEMORY_DISTILL_KIND, payload: { conversation_id: conversationId }, runAt: now, dedupeKey: `${MEMORY_DISTILL_KIND}:${conversationId}:${row.watermark}`, maxAttempts: ATTEMPTS },
    now,
  );
}

interface ExistingMemory {
  id: string;
  content: string;
  memory_type: 'user' | 'other';
  is_pinned: boolean;
}

const termSet = (text: string) => new Set(termsOf(text));
function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** What a fact does to the memories: added, an automatic memory updated, or nothing (it repeats one). */
export function placeFact(fact: DistilledFact, shown: readonly ExistingMemory[], all: readonly ExistingMemory[]): { add: string } | { update: ExistingMemory; content: string } | null {
  const editable = (m: ExistingMemory | undefined) => m !== undefined && m.memory_type === 'other' && !m.is_pinned;
  const named = fact.replaces === null ? undefined : shown[fact.replaces];
  if (named && editable(named)) return named.content === fact.fact ? null : { update: named, content: fact.fact };
  const terms = termSet(fact.fact);
  let nearest: ExistingMemory | null = null;
  let best = 0;
  for (const m of all) {
    if (m.content.trim().toLowerCase() === fact.fact.toLowerCase()) return null;
    const j = jaccard(terms, termSet(m.content));
    if (j > best) [best, nearest] = [j, m];
  }
  if (nearest && best >= NEAR_DUPLICATE) return editable(nearest) ? { update: nearest, content: fact.fact } : null;
  return { add: fact.fact };
}

async function askForFacts(models: ModelRegistry, request: ReturnType<typeof distillRequest>): Promise<string> {
  const choice = models.choose({ permissions: [] }, undefined);
  if (!choice.ok) throw new JobGivenUpError('no model is open to every member for memory distillation');
  const signal = AbortSignal.timeout(DISTILL_TIMEOUT_MS);
  const stream = await choice.offered.engine.stream(request, signal);
  let text = '';
  for await (const delta of stream) text += delta;
  return text;
}

/** One distillation job: answers 'added N, updated M', 'nothing new' or 'stale' (another run got there first). */
export async function runDistillJob(deps: { db: Database; models: ModelRegistry; log?: FastifyBaseLogger }, job: Job, now: Date): Promise<string> {
  const { conversation_id: conversationId } = PayloadSchema.parse(job.payload);
  const { db } = deps;
  const { rows: heads } = await db.query<{ watermark: string; character_name: string; user_name: string; user_id: string }>(
    `select c.memory_distilled_seq::text as watermark, ch.name as character_name, c.user_id::text as user_id,
            coalesce(p.name, u.name, u.username, 'User') as user_name
       from conversations c
       join characters ch on ch.id = c.character_id
       join users u on u.id = c.user_id
       left join personas p on p.id = c.user_persona_id
      where c.id = $1`,
    [conversationId],
  );
  const head = heads[0];
  if (!head) return 'stale';
  // The member's permission as it is now: a subscription that ended (or a ban) since the turn queued it stops it.
  const owner = await findUserById(db, head.user_id, now);
  if (!owner?.permissions.includes(MEMORY_AUTO_PERMISSION)) return 'not permitted';
  const { rows: messages } = await db.query<{ seq: string; role: 'user' | 'assistant'; content: string }>(
    `select m.seq::text as seq, m.role, m.content from messages m
      where m.conversation_id = $1 and not m.is_alternative and m.seq > $2::bigint order by m.seq limit $3`,
    [conversationId, head.watermark, DISTILL_READ_MAX],
  );
  if (!messages.some((m) => m.role === 'user')) return 'nothing new';
  const shown = await existingMemories(db, conversationId, DISTILL_EXISTING_MAX);
  const answer = await askForFacts(
    deps.models,
    distillRequest({
      characterName: head.character_name,
      userName: head.user_name,
      existing: shown.map((m) => m.content),
      lines: messages.map((m) => ({ role: m.role, content: m.content })),
    }),
  );
  const facts = parseDistilled(answer, shown.length);
  const through = messages.at(-1)!.seq;

  return db.transaction(async (tx) => {
    const moved = await tx.query('update conversations set memory_distilled_seq = $3::bigint where id = $1 and memory_distilled_seq = $2::bigint', [
      conversationId,
      head.watermark,
      through,
    ]);
    if (moved.rowCount === 0) return 'stale';
    const all = await existingMemories(tx, conversationId, null);
    let added = 0;
    let updated = 0;
    for (const fact of facts) {
      const place = placeFact(fact, shown, all);
      if (place === null) continue;
      if ('add' in place) {
        const { rows } = await tx.query<ExistingMemory>(
          `insert into memories (conversation_id, content, memory_type, created_at, updated_at) values ($1, $2, 'other', $3, $3)
           returning id, content, memory_type, is_pinned`,
          [conversationId, place.add, now],
        );
        all.push(rows[0]!);
        added += 1;
      } else {
        const { rowCount } = await tx.query(
          `update memories set content = $2, updated_at = $3, embedding = null, embedding_model = null
            where id = $1 and memory_type = 'other' and not is_pinned`,
          [place.update.id, place.content, now],
        );
        place.update.content = place.content;
        updated += rowCount;
      }
    }
    return added + updated === 0 ? 'nothing new' : `added ${added}, updated ${updated}`;
  });
}

async function existingMemories(db: Queryable, conversationId: string, limit: number | null): Promise<ExistingMemory[]> {
  const { rows } = await db.query<ExistingMemory>(
    `select id, content, memory_type, is_pinned from memories where conversation_id = $1 order by is_pinned desc, seq desc ${limit === null ? '' : 'limit $2'}`,
    limit === null ? [conversationId] : [conversationId, limit],
  );
  return rows;
}
