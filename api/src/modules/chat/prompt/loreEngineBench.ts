import { performance } from 'node:perf_hooks';
import { buildPrompt, type PromptHistoryMessage, type PromptInput } from './buildPrompt';
import { runLoreEngine, type LoreEntry } from '@fable/rules/lore';
import { bpeTokenizer } from '@fable/rules/tokens';

/**
 * "Prompt building with the large lorebook and long chat" for npm run bench (issue 14: under 5 ms): a lorebook of
 * 100 entries with 12 keys each (single words, phrases, a regular expression; some with secondary keys, sticky,
 * cooldown, probability, groups, recursion between entries) over a chat of 2,000 messages, in a 16K context.
 * Prints the median and 95th percentile of buildPrompt as a chat turn calls it (entries fresh from the database
 * each time, token counts of the messages stored), and of the lore engine alone. Figures only: never asserted.
 */
export function benchLoreEngine(runs = 200): { buildMedian: number; engineMedian: number } {
  const vocabulary =
    'the quick brown fox jumps over a lazy dog while the bard sings of dragons castles and long forgotten kings under silver moons near misty harbours'.split(
      ' ',
    );
  const sentence = (seed: number, n: number) => Array.from({ length: n }, (_, i) => vocabulary[(seed * 7 + i * 3) % vocabulary.length]).join(' ');
  const entries = (): LoreEntry[] =>
    Array.from({ length: 100 }, (_, i) => ({
      id: `bench-entry-${i}`,
      name: `Entry ${i}`,
      keywords: [
        ...Array.from({ length: 8 }, (_, k) => `term${i}x${k}`),
        `place ${i} road`,
        `Old Name ${i}`,
        `/relic-${i}[a-z]*/i`,
        vocabulary[i % vocabulary.length]!,
      ],
      content: `Entry ${i}: ${sentence(i, 40)} term${(i + 1) % 100}x0.`,
      extensions:
        i % 10 === 0
          ? { secondary_keys: ['bard', 'moons'], selectiveLogic: 0, sticky: 3, cooldown: 2, probability: 80, group: `g${i % 3}`, position: 1 }
          : { insertion_order: 100 + i },
    }));
  const history: PromptHistoryMessage[] = Array.from({ length: 2000 }, (_, i) => {
    const content = `${sentence(i, 30)} term${i % 100}x${i % 8}.`;
    return { role: i % 2 === 0 ? 'user' : 'assistant', content, tokens: bpeTokenizer.count(content) };
  });
  // Each turn reads the entries fresh from the database: new objects every time (made before the clock starts).
  const template = JSON.stringify(entries());
  const fresh = Array.from({ length: runs + 10 }, () => JSON.parse(template) as LoreEntry[]);
  const input = (lorebook: LoreEntry[]): PromptInput => ({
    character: { name: 'Aria', persona: 'Aria is a cheerful bard. '.repeat(40), scenario: 'A tavern. '.repeat(30), dialogue: '{{user}}: Hi\n{{char}}: Hello!' },
    persona: { name: 'Sam', highlights: 'A travelling knight.' },
    userName: 'sam',
    lorebook,
    memories: [],
    history,
    contextTokens: 16384,
    maxNewTokens: 300,
    tokenizer: bpeTokenizer,
  });
  const messages = history.map((h) => h.content);

  const measure = (work: (i: number) => void) => {
    for (let i = 0; i < 10; i += 1) work(runs + i);
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const t0 = performance.now();
      work(i);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]! };
  };
  const build = measure((i) => buildPrompt(input(fresh[i]!)));
  const book = entries();
  const engine = measure(() => runLoreEngine(book, messages, { budgetTokens: 4096 }));
  const sample = buildPrompt(input(book)).lore;
  const fmt = (r: { median: number; p95: number }) => `median ${r.median.toFixed(3)} ms   p95 ${r.p95.toFixed(3)} ms`;
  console.log(
    `Lore engine (100 entries × 12 keys, 2,000 messages, 16K context; ${sample.activated.length} activated, ${sample.leftOut.length} left out, ${sample.usedTokens}/${sample.budgetTokens} tokens):`,
  );
  console.log(`  buildPrompt as a chat turn              ${fmt(build)}`);
  console.log(`  lore engine alone                       ${fmt(engine)}`);
  return { buildMedian: build.median, engineMedian: engine.median };
}

if (require.main === module) benchLoreEngine();
