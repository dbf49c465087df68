import type { LorebookEntry, LorebookTestResult } from '@fable/contracts';

/**
 * The lore engine's test view as far as a mock goes. The real engine lives in the API
 * (api/src/modules/chat/prompt/loreEngine.ts, rules in LORE.md beside it) and cannot be imported from shared; this
 * follows its main rules so the dev harness and the UI tests see plausible answers: the last 4 messages are scanned;
 * keys are whole words in any case, `/pattern/flags` keys regular expressions; `constant` entries go in without keys;
 * a disabled entry that matched is left out `disabled`; the content of entries used at step n is scanned at step
 * n + 1, up to step 3 (a fourth step is left out `depth`); an entry that does not fit the budget is left out `budget`
 * and smaller ones are still tried. Not here: secondary keys, probability, groups, timed effects, the budget order by
 * priority/insertion_order and the prompt order (entries keep lorebook order), the real tokenizer (4 characters a
 * token).
 */
const SCAN_DEPTH = 4;
const MAX_STEP = 3;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function keyMatches(key: string, text: string): boolean {
  const regex = /^\/(.+)\/([a-z]*)$/.exec(key);
  try {
    if (regex) return new RegExp(regex[1]!, regex[2]!.replace(/[gyd]/g, '')).test(text);
    return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_])${escape(key)}(?![\\p{L}\\p{M}\\p{N}_])`, 'iu').test(text);
  } catch {
    return false;
  }
}

const setting = (entry: LorebookEntry, key: string): unknown => entry.extensions?.[key] ?? (entry.extensions?.extensions as Record<string, unknown> | undefined)?.[key];
const disabled = (entry: LorebookEntry) => setting(entry, 'enabled') === false || setting(entry, 'disable') === true;

export function mockLoreTest(entries: readonly LorebookEntry[], messages: readonly string[], budgetTokens: number): LorebookTestResult {
  const result: LorebookTestResult = { budget_tokens: budgetTokens, used_tokens: 0, activated: [], left_out: [] };
  const decided = new Set<string>();
  let texts = messages.slice(-SCAN_DEPTH);
  for (let step = 0; texts.length > 0 || step === 0; step++) {
    const found: { entry: LorebookEntry; matched: string }[] = [];
    for (const entry of entries) {
      if (decided.has(entry.id)) continue;
      const matched = step === 0 && setting(entry, 'constant') === true ? '(constant)' : entry.keywords.find((k) => texts.some((t) => keyMatches(k, t)));
      if (matched) found.push({ entry, matched });
    }
    if (found.length === 0) break;
    const next: string[] = [];
    for (const { entry, matched } of found) {
      decided.add(entry.id);
      const tokens = Math.ceil(entry.content.length / 4);
      const leftOut = (reason: LorebookTestResult['left_out'][number]['reason']) => result.left_out.push({ entry_id: entry.id, name: entry.name, tokens, reason });
      if (disabled(entry)) leftOut('disabled');
      else if (step > MAX_STEP) leftOut('depth');
      else if (result.used_tokens + tokens > budgetTokens) leftOut('budget');
      else {
        result.used_tokens += tokens;
        result.activated.push({ entry_id: entry.id, name: entry.name, tokens, step, matched });
        next.push(entry.content);
      }
    }
    texts = next;
  }
  return result;
}
