import {
  LORE_TITLE,
  loreBudgetForContext,
  placeLore,
  runLoreEngine,
  withLoreAtDepth,
  type LoreResult,
  type LoreState,
  type PlacedLore,
  type PromptLoreEntry,
} from '@fable/rules/lore';
import { applyMacros } from './macros';
import { MESSAGE_OVERHEAD_TOKENS, type Tokenizer } from '@fable/rules/tokens';

/** One message of an OpenAI-style chat prompt. */
export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface PromptCharacter {
  name: string;
  /** Personality. */
  persona: string;
  scenario?: string | null;
  /** Example dialogue. */
  dialogue?: string | null;
}

export interface PromptPersona {
  name: string;
  highlights?: string | null;
}

export interface PromptMemory {
  content: string;
  is_pinned: boolean;
}

/** A message of the conversation, oldest first. `tokens` is its stored count (counted here when absent). */
export interface PromptHistoryMessage {
  role: 'user' | 'assistant';
  content: string;
  tokens?: number;
}

export interface PromptInput {
  character: PromptCharacter;
  /** The user's persona; without one the user is called by `userName`. */
  persona?: PromptPersona | null;
  userName: string;
  lorebook?: readonly PromptLoreEntry[];
  /** Pinned and recent memories, newest first. */
  memories?: readonly PromptMemory[];
  /** The conversation so far, oldest first, ending with what the model answers (a user message, or the bot's to continue). */
  history: readonly PromptHistoryMessage[];
  /** The context size the user's permissions and model give (document 1 §6). */
  contextTokens: number;
  /** Room kept for the reply. */
  maxNewTokens: number;
  /** Autopilot writes the user's next line instead of the character's. */
  autopilot?: boolean;
  /**
   * A group chat: the character is the member who speaks and `others` are the other members' names. The history then
   * shows the user's and the others' lines as named user lines ("Mira: …"); the instruction says who is there and
   * that the character writes only its own reply.
   */
  group?: { others: readonly string[] } | null;
  tokenizer: Tokenizer;
  /** How many of the latest messages are scanned for lorebook keywords (default DEFAULT_LORE_SCAN_DEPTH). */
  loreScanDepth?: number;
  /** The lore budget; default loreBudgetForContext(contextTokens). */
  loreBudgetTokens?: number;
  /** The lore engine's probability rolls and group draws (tests); default Math.random. */
  random?: () => number;
  /** The conversation's lore state, when the caller keeps one (rules/src/lore/loreTimedEffects.ts); else replayed from the history. */
  loreState?: LoreState;
}

export interface BuiltPrompt {
  messages: PromptMessage[];
  /** Tokens of the prompt (with per-message overhead); at most contextTokens − maxNewTokens. */
  tokens: number;
  /** What did not fit, in the order it was given up (`lore`: activated entries given up for room). */
  dropped: { history: number; memories: number; lore: number; dialogue: boolean; scenario: boolean };
  /** The lore engine's report: what it activated within the lore budget and what it left out, and why. */
  lore: LoreResult<PromptLoreEntry>;
}

export { DEFAULT_LORE_SCAN_DEPTH } from '@fable/rules/lore';

/** One counting function per tokenizer, so the lore engine's token counts stay cached across turns. */
const counters = new WeakMap<Tokenizer, (text: string) => number>();
const counterOf = (tokenizer: Tokenizer) => {
  let count = counters.get(tokenizer);
  if (!count) {
    count = (text: string) => tokenizer.count(text);
    counters.set(tokenizer, count);
  }
  return count;
};

const NO_LORE: LoreResult<PromptLoreEntry> = { activated: [], leftOut: [], usedTokens: 0, budgetTokens: 0 };

/**
 * Builds the prompt of one chat turn within the token budget (contextTokens − maxNewTokens). The system message
 * holds, in this order: the instruction, lore placed before the character, the character's personality, the
 * scenario, the user's persona, pinned memories, other memories, lore (the default place), the example dialogue,
 * and lore placed after it; the conversation follows, as much of it as fits, newest kept first, with lore placed at
 * a depth put between its messages. The lore engine (@fable/rules/lore: rules/src/lore, LORE.md there) picks the
 * entries within the lore budget (loreBudgetForContext of the context) from the recent messages.
 *
 * Over budget, what goes first: the oldest messages, down to the latest one (always kept); then unpinned memories
 * (oldest first), lorebook entries (the last in the engine's budget order first), the example dialogue, pinned
 * memories (oldest first), and the scenario. The personality and the latest message always stay; when even they
 * do not fit the latest message is cut from its start.
 */
export function buildPrompt(input: PromptInput): BuiltPrompt {
  const { tokenizer } = input;
  const names = { char: input.character.name, user: input.persona?.name ?? input.userName };
  const m = (text: string) => applyMacros(text, names).trim();
  const budget = Math.max(0, input.contextTokens - input.maxNewTokens);
  const count = (text: string) => tokenizer.count(text);

  // The parts of the system message, each with its token count; blank parts are left out.
  const section = (title: string, body: string | null | undefined) => {
    const text = body ? m(body) : '';
    return text === '' ? null : { text: `[${title}]\n${text}`, tokens: 0 };
  };
  const withTokens = <T extends { text: string; tokens: number } | null>(part: T): T => {
    if (part) part.tokens = count(part.text) + 1;
    return part;
  };

  const intro = introOf(names, input.autopilot === true, input.group?.others ?? null);
  const personality = `[${names.char}'s personality]\n${m(input.character.persona)}`;
  const head = withTokens({ text: `${intro}\n${personality}`, tokens: 0 });
  const scenario = withTokens(section('Scenario', input.character.scenario));
  const persona = withTokens(
    input.persona ? section(`${names.user}'s persona`, [input.persona.name, input.persona.highlights].filter(Boolean).join(': ')) : null,
  );
  const memories = input.memories ?? [];
  const pinned = memories.filter((x) => x.is_pinned).map((x) => withTokens({ text: `- ${m(x.content)}`, tokens: 0 }));
  const recent = memories.filter((x) => !x.is_pinned).map((x) => withTokens({ text: `- ${m(x.content)}`, tokens: 0 }));
  const lorebook = input.lorebook ?? [];
  const loreRun =
    lorebook.length === 0
      ? { ...NO_LORE, budgetTokens: input.loreBudgetTokens ?? loreBudgetForContext(input.contextTokens) }
      : runLoreEngine(
          lorebook,
          input.history.map((x) => x.content),
          {
            budgetTokens: input.loreBudgetTokens ?? loreBudgetForContext(input.contextTokens),
            countTokens: counterOf(tokenizer),
            random: input.random,
            state: input.loreState,
            scanDepth: input.loreScanDepth,
          },
        );
  const lore: PlacedLore[] = loreRun.activated.map((a) => {
    const text = m(a.entry.content);
    // The engine counted the content already (cached across turns); count again only what macros changed.
    return { placement: a.placement, rank: a.rank, text, tokens: (text === a.entry.content ? a.tokens : count(text)) + 1 };
  });
  const dialogue = withTokens(section('Example dialogue', input.character.dialogue));

  // The history's tokens are read (or counted) only for the messages the walk below reaches, newest first; macros
  // are applied only to the messages shown.
  const history = input.history;
  const counted: number[] = [];
  const tokensAt = (i: number) => (counted[i] ??= (history[i]!.tokens ?? count(history[i]!.content)) + MESSAGE_OVERHEAD_TOKENS);

  // Everything but the history, as the system message would count it.
  const titles = { pinned: 2 + count('[Pinned memories]'), recent: 2 + count('[Memories]'), lore: 2 + count(LORE_TITLE) };
  const sum = (parts: ReadonlyArray<{ tokens: number } | null>) => parts.reduce((n, p) => n + (p ? p.tokens : 0), 0);
  const kept = {
    scenario: scenario !== null,
    dialogue: dialogue !== null,
    pinned: pinned.length,
    recent: recent.length,
    lore: lore.length,
  };
  const loreLayout = () => placeLore(lore, kept.lore, titles.lore);
  const systemTokens = () =>
    MESSAGE_OVERHEAD_TOKENS +
    head.tokens +
    (kept.scenario ? sum([scenario]) : 0) +
    sum([persona]) +
    (kept.pinned ? titles.pinned + sum(pinned.slice(0, kept.pinned)) : 0) +
    (kept.recent ? titles.recent + sum(recent.slice(0, kept.recent)) : 0) +
    (kept.lore ? loreLayout().tokens : 0) +
    (kept.dialogue ? sum([dialogue]) : 0);

  // History: newest first while it fits (the latest message always).
  let historyStart = history.length;
  let historyTokens = 0;
  if (history.length > 0) {
    historyStart -= 1;
    historyTokens = tokensAt(historyStart);
  }
  const fixed = systemTokens();
  while (historyStart > 0 && fixed + historyTokens + tokensAt(historyStart - 1) <= budget) {
    historyStart -= 1;
    historyTokens += tokensAt(historyStart);
  }

  // Still over (a long system part): give up parts of the system message in the documented order.
  const over = () => systemTokens() + historyTokens > budget;
  while (over() && kept.recent > 0) kept.recent -= 1;
  while (over() && kept.lore > 0) kept.lore -= 1;
  if (over() && kept.dialogue) kept.dialogue = false;
  while (over() && kept.pinned > 0) kept.pinned -= 1;
  if (over() && kept.scenario) kept.scenario = false;

  const placed = loreLayout();
  const systemParts = [
    placed.before ? `${intro}\n${placed.before}\n\n${personality}` : head.text,
    kept.scenario && scenario ? scenario.text : null,
    persona ? persona.text : null,
    kept.pinned ? `[Pinned memories]\n${pinned.slice(0, kept.pinned).map((p) => p.text).join('\n')}` : null,
    kept.recent ? `[Memories]\n${recent.slice(0, kept.recent).map((p) => p.text).join('\n')}` : null,
    placed.after,
    kept.dialogue && dialogue ? dialogue.text : null,
    placed.afterExamples,
  ].filter((p): p is string => p !== null);

  const messages: PromptMessage[] = [{ role: 'system', content: systemParts.join('\n\n') }];
  const shown = history.slice(historyStart).map((x, i) => ({ role: x.role, content: applyMacros(x.content, names), tokens: tokensAt(historyStart + i) }));
  let total = systemTokens() + historyTokens;
  if (total > budget && shown.length > 0) {
    // Only the latest message is left and it is too long: keep its end.
    const last = shown[shown.length - 1]!;
    const room = Math.max(0, budget - (total - last.tokens) - MESSAGE_OVERHEAD_TOKENS);
    last.content = cutToTokens(last.content, room, tokenizer);
    last.tokens = count(last.content) + MESSAGE_OVERHEAD_TOKENS;
    total = systemTokens() + last.tokens;
  }
  for (const x of withLoreAtDepth(shown, placed.atDepth)) messages.push({ role: x.role, content: x.content });

  return {
    messages,
    tokens: total,
    dropped: {
      history: historyStart,
      memories: pinned.length - kept.pinned + (recent.length - kept.recent),
      lore: lore.length - kept.lore,
      dialogue: dialogue !== null && !kept.dialogue,
      scenario: scenario !== null && !kept.scenario,
    },
    lore: loreRun,
  };
}

/** "A, B and C". */
const listOf = (names: readonly string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** The first line of the system message: whose reply is written, and in a group chat who else is there. */
function introOf(names: { char: string; user: string }, autopilot: boolean, others: readonly string[] | null): string {
  if (others === null) {
    return autopilot
      ? `You write the next reply of ${names.user}, who is talking with ${names.char}. Stay in ${names.user}'s voice, one short message.`
      : `You are ${names.char}. Stay in character and reply as ${names.char} to ${names.user}.`;
  }
  const everyone = listOf([names.char, ...others]);
  if (autopilot) {
    return `You write the next reply of ${names.user}, who is in a group chat with ${everyone}. Stay in ${names.user}'s voice, one short message, and write no one else's lines.`;
  }
  const company = listOf([names.user, ...others]);
  return (
    `You are ${names.char}, in a group chat with ${company}. Stay in character and write only ${names.char}'s next reply. ` +
    `Never write the lines, actions or thoughts of ${listOf([...others, names.user])}; they speak for themselves.`
  );
}

/** The end of `text` that fits in `tokens` (by words). */
function cutToTokens(text: string, tokens: number, tokenizer: Tokenizer): string {
  if (tokens <= 0) return '';
  const words = text.split(/(?=\s)/);
  let lo = 0;
  let hi = words.length;
  // The smallest start index whose tail fits.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokenizer.count(words.slice(mid).join('')) <= tokens) hi = mid;
    else lo = mid + 1;
  }
  return words.slice(lo).join('').trimStart();
}
