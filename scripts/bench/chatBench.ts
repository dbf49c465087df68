// The chat turn over real sockets against the fake OpenAI-compatible engine (first token after 200 ms, then a
// token every 20 ms): how much time the platform adds to the engine's first token and to each following token,
// at 1, 50 and 200 concurrent streams of members in saved conversations; and the prompt building time for a
// 16K context with a 100-entry lorebook and 500 messages.
// Run alone: npx tsx scripts/bench/chatBench.ts [--database-url postgres://…]
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../api/src/app';
import { testConfig, type AppConfig } from '../../api/src/config';
import { DEFAULT_RATE_LIMITS } from '../../api/src/http/rateLimits';
import { openDatabase } from '../../api/src/infra/db/openDatabase';
import { buildPrompt, type PromptHistoryMessage } from '../../api/src/modules/chat/prompt/buildPrompt';
import type { PromptLoreEntry } from '../../api/src/modules/chat/prompt/lorebookActivation';
import { bpeTokenizer } from '../../api/src/modules/chat/prompt/tokenizer';
import { postSse, type SseResult } from '../../api/src/modules/chat/testing/sseClient';
import { insertCharacter, insertCreator } from '../../api/src/modules/discovery/testing/catalogFixture';
import { startFakeOpenAiEngine } from '../../api/src/testing/fakeOpenAiEngine';
import { LOOSE_LIMITS, bearer, signUp } from '../../api/src/testing/testApp';
import { percentile } from './httpLoad';

const FIRST_TOKEN_MS = 200;
const TOKEN_MS = 20;
const LEVELS: number[] = process.env.CHAT_BENCH_LEVELS ? process.env.CHAT_BENCH_LEVELS.split(',').map(Number) : [1, 50, 200];

const fmt = (n: number) => n.toFixed(2).padStart(7);
const pct = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return `p50 ${fmt(percentile(s, 50))} ms   p95 ${fmt(percentile(s, 95))} ms   p99 ${fmt(percentile(s, 99))} ms`;
};

/** First-token time and token gaps of one stream, measured by the client. */
function timings(r: SseResult): { firstToken: number; gaps: number[] } {
  const tokens = r.events.filter((e) => e.event === 'token');
  if (tokens.length === 0 || !r.events.some((e) => e.event === 'done')) throw new Error(`stream failed: ${JSON.stringify(r.json ?? r.events.at(-1))}`);
  const gaps = tokens.slice(1).map((e, i) => e.at - tokens[i]!.at);
  return { firstToken: tokens[0]!.at - r.sentAt, gaps };
}

/** The same stream straight from the engine (its own HTTP and timers, without the platform). */
async function engineDirect(baseUrl: string, concurrency: number, rounds: number): Promise<{ firstToken: number[]; gaps: number[] }> {
  const firstToken: number[] = [];
  const gaps: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const sentAt = performance.now();
        const res = await fetch(`${baseUrl}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'fake', stream: true, messages: [{ role: 'user', content: 'Hello there friend' }] }),
        });
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        const at: number[] = [];
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let i: number;
          while ((i = buffer.indexOf('\n\n')) >= 0) {
            const line = buffer.slice(0, i);
            buffer = buffer.slice(i + 2);
            if (line.includes('"content"')) at.push(performance.now());
          }
        }
        firstToken.push(at[0]! - sentAt);
        gaps.push(...at.slice(1).map((t, k) => t - at[k]!));
      }),
    );
  }
  return { firstToken, gaps };
}

export async function benchChatStreams(label: string, overrides: Partial<AppConfig> = {}): Promise<void> {
  const engine = await startFakeOpenAiEngine({ firstTokenDelayMs: 0, tokenIntervalMs: 0 });
  const config = testConfig({
      messageCountFlushMs: 250,
    ...overrides,
      inferenceModels: [{ id: 'fake', name: 'Fake', tokens: '16K', base_url: engine.baseUrl, model: 'fake', hide_unauthorized: false }],
    });
  const appDb = await openDatabase(config);
  const app = await buildApp(
    config,
    {
      db: appDb,
      limits: {
        ...DEFAULT_RATE_LIMITS,
        ...LOOSE_LIMITS,
        perMember: { max: 1_000_000, windowSeconds: 60 },
        perGuest: { max: 1_000_000, windowSeconds: 60 },
        perIp: { max: 1_000_000, windowSeconds: 60 },
      },
    },
  );
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    // Members (one per stream at the highest level) and a character with a lorebook-free definition.
    const stamp = Date.now().toString(36);
    const members: Array<Record<string, string>> = [];
    for (let i = 0; i < Math.max(...LEVELS); i += 1) {
      const signed = await signUp(app, `bench_${stamp}_${i}@example.com`, `b${stamp}${i}`.slice(0, 20));
      members.push(bearer(signed.token));
    }
    const creator = await insertCreator(appDb, { username: `benchcreator${stamp}`.slice(0, 20) });
    const character = await insertCharacter(appDb, creator, {
      name: 'Aria',
      greeting: 'Welcome to the tavern, {{user}}!',
      persona: 'Aria is a cheerful bard who loves old songs and tall tales. '.repeat(10),
      scenario: 'A busy tavern at night.',
      dialogue: '{{user}}: Hi\n{{char}}: Hello, traveller!',
    });
    // One saved conversation per member, with some history (written with the engine answering at once).
    const conversations: string[] = [];
    for (const headers of members) {
      const first = await postSse(`${base}/chat`, headers, { character_id: character.id, conversation_id: 'new', message: 'Hello Aria, sing me a song' });
      const id = first.events.find((e) => e.event === 'start')!.data.conversation_id as string;
      for (let k = 0; k < 3; k += 1) await postSse(`${base}/chat`, headers, { character_id: character.id, conversation_id: id, message: `Tell me more, part ${k}` });
      conversations.push(id);
    }
    engine.behaviour = { ...engine.behaviour, firstTokenDelayMs: FIRST_TOKEN_MS, tokenIntervalMs: TOKEN_MS };

    console.log(`Chat streams, ${label} (fake engine: first token ${FIRST_TOKEN_MS} ms, then ${TOKEN_MS} ms/token; members, saved conversations):`);
    for (const level of LEVELS) {
      const rounds = level === 1 ? 30 : level === 50 ? 2 : 1;
      const direct = await engineDirect(engine.baseUrl, level, rounds);
      const firstTokens: number[] = [];
      const gaps: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const results = await Promise.all(
          Array.from({ length: level }, (_, i) =>
            postSse(`${base}/chat`, members[i]!, { character_id: character.id, conversation_id: conversations[i], message: `Round ${round}: what happens next?` }),
          ),
        );
        for (const r of results) {
          const m = timings(r);
          firstTokens.push(m.firstToken);
          gaps.push(...m.gaps);
        }
      }
      const engineFirst = [...direct.firstToken].sort((a, b) => a - b);
      const engineGap = [...direct.gaps].sort((a, b) => a - b);
      const added = firstTokens.map((v) => v - percentile(engineFirst, 50));
      const addedGap = gaps.map((v) => v - percentile(engineGap, 50));
      console.log(`  ${String(level).padStart(3)} concurrent (${firstTokens.length} streams)`);
      console.log(`    first token, engine alone            ${pct(direct.firstToken)}`);
      console.log(`    first token, through the platform    ${pct(firstTokens)}`);
      console.log(`    added to the first token             ${pct(added)}`);
      console.log(`    token gap, engine alone              ${pct(direct.gaps)}`);
      console.log(`    added per token                      ${pct(addedGap)}`);
    }
  } finally {
    await app.close();
    await appDb.close();
    await engine.close();
  }
}

export function benchPromptBuilding(): void {
  const words = 'the quick brown fox jumps over a lazy dog while the bard sings of dragons castles and long forgotten kings'.split(' ');
  const sentence = (seed: number, n: number) => Array.from({ length: n }, (_, i) => words[(seed * 7 + i * 3) % words.length]).join(' ');
  const lorebook: PromptLoreEntry[] = Array.from({ length: 100 }, (_, i) => ({
    id: `e${i}`,
    keywords: [`keyword${i}`, words[i % words.length]!],
    content: `Entry ${i}: ${sentence(i, 40)}.`,
  }));
  const history = (stored: boolean): PromptHistoryMessage[] =>
    Array.from({ length: 500 }, (_, i) => {
      const content = `${sentence(i, 30)} keyword${i % 100}.`;
      return { role: i % 2 === 0 ? 'user' : 'assistant', content, tokens: stored ? bpeTokenizer.count(content) : undefined };
    });
  const input = (h: PromptHistoryMessage[]) => ({
    character: { name: 'Aria', persona: 'Aria is a cheerful bard. '.repeat(40), scenario: 'A tavern. '.repeat(30), dialogue: '{{user}}: Hi\n{{char}}: Hello!' },
    persona: { name: 'Sam', highlights: 'A travelling knight.' },
    userName: 'sam',
    lorebook,
    memories: Array.from({ length: 20 }, (_, i) => ({ content: sentence(i, 12), is_pinned: i < 3 })),
    history: h,
    contextTokens: 16384,
    maxNewTokens: 300,
    tokenizer: bpeTokenizer,
  });
  const stored = history(true);
  for (let i = 0; i < 5; i += 1) buildPrompt(input(stored));
  const measure = (make: () => PromptHistoryMessage[]) => {
    const times: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const h = make();
      const t0 = performance.now();
      buildPrompt(input(h));
      times.push(performance.now() - t0);
    }
    return times;
  };
  const built = buildPrompt(input(stored));
  console.log(`Prompt building (16K context, 100 lorebook entries, 500 messages; ${built.tokens} tokens, ${built.messages.length} messages kept):`);
  console.log(`  stored token counts (as the chat turn)   ${pct(measure(() => stored))}`);
  console.log(`  counting every message                   ${pct(measure(() => history(false)))}`);
}

if (require.main === module) {
  const at = process.argv.indexOf('--database-url');
  const databaseUrl = at > 0 ? process.argv[at + 1] : undefined;
  (async () => {
    benchPromptBuilding();
    await benchChatStreams('PGlite');
    if (databaseUrl) await benchChatStreams('PostgreSQL', { databaseUrl });
  })().catch((error: Error) => {
    console.error(error);
    process.exit(1);
  });
}
