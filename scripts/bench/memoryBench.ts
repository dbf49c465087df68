// The semantic memory (issue 26): what 1,000 memories in a conversation add to a turn (its context read, the recall
// within the prompt's share, the prompt built) over a conversation of 20 memories that all fit; the recall with an
// embeddings endpoint (the fake, over HTTP, vectors already known); and recall@5 on the labelled set.
// Run alone: npx tsx scripts/bench/memoryBench.ts
import { buildApp } from '../../api/src/app';
import { testConfig } from '../../api/src/config';
import { openDatabase } from '../../api/src/infra/db/openDatabase';
import { createEmbeddings } from '../../api/src/infra/inference/embeddings';
import { buildPrompt } from '../../api/src/modules/chat/prompt/buildPrompt';
import { loadTurnContext } from '../../api/src/modules/chat/promptSources';
import { RECALL_MEMORY_CAP } from '../../api/src/modules/memories/promptMemories';
import { createMemoryRecall, type MemoryRecall } from '../../api/src/modules/memories/recall/memoryRecall';
import { recallAtK, recallDataset } from '../../api/src/modules/memories/recall/testing/recallDataset';
import { insertCharacter, insertCreator } from '../../api/src/modules/discovery/testing/catalogFixture';
import { startFakeEmbeddingsServer } from '../../api/src/testing/fakeEmbeddingsServer';
import { signUp } from '../../api/src/testing/testApp';
import { bpeTokenizer } from '@fable/rules/tokens';
import type { Queryable } from '../../api/src/infra/db/database';
import { percentile } from './httpLoad';

const ROUNDS = Number(process.env.MEMORY_BENCH_ROUNDS ?? 300);
/** True Supporter's context (8K) less its reply room, a fifth of it: the share the turn gives memories. */
const CONTEXT_TOKENS = 8192;
const MAX_NEW_TOKENS = 300;
const SHARE_TOKENS = Math.floor(0.2 * (CONTEXT_TOKENS - MAX_NEW_TOKENS));

const fmt = (n: number) => n.toFixed(2).padStart(7);
const p = (values: number[], q: number) => percentile([...values].sort((a, b) => a - b), q);
const line = (name: string, values: number[]) => `  ${name.padEnd(58)} p50 ${fmt(p(values, 50))} ms   p95 ${fmt(p(values, 95))} ms`;

async function conversationWith(db: Queryable, userId: string, characterId: string, contents: readonly string[]): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into conversations (id, user_id, character_id, created_at, updated_at) values (gen_random_uuid()::text, $1, $2, now(), now()) returning id`,
    [userId, characterId],
  );
  const id = rows[0]!.id;
  await db.query(
    `insert into memories (conversation_id, content, memory_type, created_at, updated_at)
     select $1, c, 'other', now() - (o || ' minutes')::interval, now() - (o || ' minutes')::interval from unnest($2::text[]) with ordinality as t(c, o)`,
    [id, contents],
  );
  for (let i = 0; i < 20; i++) {
    await db.query(`insert into messages (id, conversation_id, role, content, token_count, created_at, updated_at) values (gen_random_uuid()::text, $1, $2, $3, 12, now(), now())`, [
      id,
      i % 2 ? 'assistant' : 'user',
      i % 2 ? 'The bard laughs and pours another cup of cider for you.' : 'I sit by the fire and tell you about my week.',
    ]);
  }
  return id;
}

export async function benchMemory(): Promise<void> {
  const config = testConfig({});
  const db = await openDatabase(config);
  const app = await buildApp(config, { db });
  const embeddingsServer = await startFakeEmbeddingsServer();
  try {
    await signUp(app, 'membench@example.com', 'membench');
    const { rows } = await db.query<{ id: string }>(`select id from users where username = 'membench'`);
    const userId = rows[0]!.id;
    const creator = await insertCreator(db, { username: 'membenchcreator' });
    const character = await insertCharacter(db, creator, { name: 'Aria', persona: 'Aria is a cheerful bard. '.repeat(20), scenario: 'A tavern at night.' });
    const [set] = recallDataset({ conversations: 1, distractors: 996, planted: 4, seed: 7 });
    const many = set!.memories.map((m) => m.content);
    const few = many.slice(0, 20);
    const manyId = await conversationWith(db, userId, character.id, many);
    const fewId = await conversationWith(db, userId, character.id, few);
    const questions = set!.questions.map((q) => q.recent);

    const turn = async (conversationId: string, recall: MemoryRecall, round: number) => {
      const context = (await loadTurnContext(db, { characterId: character.id, userId, conversationId, personaId: null, historyMax: 200, memoryMax: RECALL_MEMORY_CAP }, recall.held))!;
      const recent = questions[round % questions.length]!;
      const memories = await recall.recall({ memories: context.memories, recent, shareTokens: SHARE_TOKENS, tokenizer: bpeTokenizer });
      const history = [...context.history].reverse().map((m) => ({ role: m.role, content: m.content, tokens: m.token_count }));
      buildPrompt({ character: context.character, userName: 'membench', memories, history: [...history, { role: 'user', content: recent.at(-1)! }], contextTokens: CONTEXT_TOKENS, maxNewTokens: MAX_NEW_TOKENS, tokenizer: bpeTokenizer });
      return memories.length;
    };

    const measure = async (conversationId: string, recall: MemoryRecall) => {
      const times: number[] = [];
      let kept = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        kept = await turn(conversationId, recall, i);
        times.push(performance.now() - t0);
      }
      return { times, kept };
    };

    const lexical = createMemoryRecall({ db, embeddings: null });
    const coldStart = performance.now();
    await turn(manyId, lexical, 0);
    const cold = performance.now() - coldStart;
    await measure(fewId, lexical); // warm-up
    const baseline = await measure(fewId, lexical);
    const withMany = await measure(manyId, lexical);
    const added = withMany.times.map((t, i) => t - baseline.times[i]!);

    const withEmbeddings = createMemoryRecall({ db, embeddings: createEmbeddings({ baseUrl: embeddingsServer.baseUrl, model: 'fake-embed' }) });
    await turn(manyId, withEmbeddings, 0); // embeds and stores the 1,000 vectors once
    const embedded = await measure(manyId, withEmbeddings);

    console.log(`Semantic memory (issue 26; PGlite; ${ROUNDS} turns each; a ${SHARE_TOKENS}-token share of an 8K context):`);
    console.log(line(`turn context + recall + prompt, 20 memories (all fit)`, baseline.times));
    console.log(line(`the same, 1,000 memories (lexical BM25; ${withMany.kept} kept)`, withMany.times));
    console.log(line(`added by 1,000 memories (budget p95 ≤ 5 ms)`, added));
    console.log(`  first turn of 1,000 memories in a fresh process (index cold)   ${fmt(cold)} ms`);
    console.log(line(`1,000 memories, embeddings endpoint (fake over HTTP)`, embedded.times));

    const dataset = recallDataset();
    const lex = await recallAtK(dataset, (m, r) => lexical.rank(m, r));
    const emb = await recallAtK(dataset, (m, r) => withEmbeddings.rank(m, r));
    console.log(`  recall@5 on ${lex.questions} labelled questions: lexical ${lex.recall.toFixed(3)}, fake embeddings ${emb.recall.toFixed(3)}`);
  } finally {
    await embeddingsServer.close();
    await app.close();
  }
}

if (require.main === module) {
  benchMemory().catch((error: Error) => {
    console.error(error);
    process.exit(1);
  });
}
