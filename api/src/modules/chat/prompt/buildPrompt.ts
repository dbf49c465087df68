import { activeLoreEntries, type PromptLoreEntry } from './lorebookActivation';
import { applyMacros } from './macros';
import { MESSAGE_OVERHEAD_TOKENS, type Tokenizer } from './tokenizer';

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
  tokenizer: Tokenizer;
  /** How many of the latest messages are scanned for lorebook keywords. */
  loreScanDepth?: number;
}

export interface BuiltPrompt {
  messages: PromptMessage[];
  /** Tokens of the prompt (with per-message overhead); at most contextTokens − maxNewTokens. */
  tokens: number;
  /** What did not fit, in the order it was given up. */
  dropped: { history: number; memories: number; lore: number; dialogue: boolean; scenario: boolean };
}

export const DEFAULT_LORE_SCAN_DEPTH = 4;

/**
 * Builds the prompt of one chat turn within the token budget (contextTokens − maxNewTokens). The system message
 * holds, in this order: the character's personality, the scenario, the user's persona, pinned memories, other
 * memories, the lorebook entries activated by keywords in the recent messages, and the example dialogue; the
 * conversation follows, as much of it as fits, newest kept first.
 *
 * Over budget, what goes first: the oldest messages, down to the latest one (always kept); then unpinned memories
 * (oldest first), lorebook entries (last activated first), the example dialogue, pinned memories (oldest first),
 * and the scenario. The personality and the latest message always stay; when even they do not fit the
 * latest message is cut from its start.
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

  const head = withTokens({
    text: input.autopilot
      ? `You write the next reply of ${names.user}, who is talking with ${names.char}. Stay in ${names.user}'s voice, one short message.\n[${names.char}'s personality]\n${m(input.character.persona)}`
      : `You are ${names.char}. Stay in character and reply as ${names.char} to ${names.user}.\n[${names.char}'s personality]\n${m(input.character.persona)}`,
    tokens: 0,
  });
  const scenario = withTokens(section('Scenario', input.character.scenario));
  const persona = withTokens(
    input.persona ? section(`${names.user}'s persona`, [input.persona.name, input.persona.highlights].filter(Boolean).join(': ')) : null,
  );
  const memories = input.memories ?? [];
  const pinned = memories.filter((x) => x.is_pinned).map((x) => withTokens({ text: `- ${m(x.content)}`, tokens: 0 }));
  const recent = memories.filter((x) => !x.is_pinned).map((x) => withTokens({ text: `- ${m(x.content)}`, tokens: 0 }));
  const depth = input.loreScanDepth ?? DEFAULT_LORE_SCAN_DEPTH;
  const scanned = input.history.slice(-depth).map((x) => x.content);
  const lore = activeLoreEntries(input.lorebook ?? [], scanned).map((e) => withTokens({ text: m(e.content), tokens: 0 }));
  const dialogue = withTokens(section('Example dialogue', input.character.dialogue));

  const history = input.history.map((x) => ({
    role: x.role,
    content: applyMacros(x.content, names),
    tokens: (x.tokens ?? count(x.content)) + MESSAGE_OVERHEAD_TOKENS,
  }));

  // Everything but the history, as the system message would count it.
  const titles = { pinned: 2 + count('[Pinned memories]'), recent: 2 + count('[Memories]'), lore: 2 + count('[World info]') };
  const sum = (parts: ReadonlyArray<{ tokens: number } | null>) => parts.reduce((n, p) => n + (p ? p.tokens : 0), 0);
  const kept = {
    scenario: scenario !== null,
    dialogue: dialogue !== null,
    pinned: pinned.length,
    recent: recent.length,
    lore: lore.length,
  };
  const systemTokens = () =>
    MESSAGE_OVERHEAD_TOKENS +
    head.tokens +
    (kept.scenario ? sum([scenario]) : 0) +
    sum([persona]) +
    (kept.pinned ? titles.pinned + sum(pinned.slice(0, kept.pinned)) : 0) +
    (kept.recent ? titles.recent + sum(recent.slice(0, kept.recent)) : 0) +
    (kept.lore ? titles.lore + sum(lore.slice(0, kept.lore)) : 0) +
    (kept.dialogue ? sum([dialogue]) : 0);

  // History: newest first while it fits (the latest message always).
  let historyStart = history.length;
  let historyTokens = 0;
  const latest = history.at(-1);
  if (latest) {
    historyStart -= 1;
    historyTokens = latest.tokens;
  }
  const fixed = systemTokens();
  while (historyStart > 0 && fixed + historyTokens + history[historyStart - 1]!.tokens <= budget) {
    historyStart -= 1;
    historyTokens += history[historyStart]!.tokens;
  }

  // Still over (a long system part): give up parts of the system message in the documented order.
  const over = () => systemTokens() + historyTokens > budget;
  while (over() && kept.recent > 0) kept.recent -= 1;
  while (over() && kept.lore > 0) kept.lore -= 1;
  if (over() && kept.dialogue) kept.dialogue = false;
  while (over() && kept.pinned > 0) kept.pinned -= 1;
  if (over() && kept.scenario) kept.scenario = false;

  const systemParts = [
    head.text,
    kept.scenario && scenario ? scenario.text : null,
    persona ? persona.text : null,
    kept.pinned ? `[Pinned memories]\n${pinned.slice(0, kept.pinned).map((p) => p.text).join('\n')}` : null,
    kept.recent ? `[Memories]\n${recent.slice(0, kept.recent).map((p) => p.text).join('\n')}` : null,
    kept.lore ? `[World info]\n${lore.slice(0, kept.lore).map((p) => p.text).join('\n\n')}` : null,
    kept.dialogue && dialogue ? dialogue.text : null,
  ].filter((p): p is string => p !== null);

  const messages: PromptMessage[] = [{ role: 'system', content: systemParts.join('\n\n') }];
  const shown = history.slice(historyStart);
  let total = systemTokens() + historyTokens;
  if (total > budget && shown.length > 0) {
    // Only the latest message is left and it is too long: keep its end.
    const last = shown[shown.length - 1]!;
    const room = Math.max(0, budget - (total - last.tokens) - MESSAGE_OVERHEAD_TOKENS);
    last.content = cutToTokens(last.content, room, tokenizer);
    last.tokens = count(last.content) + MESSAGE_OVERHEAD_TOKENS;
    total = systemTokens() + last.tokens;
  }
  for (const x of shown) messages.push({ role: x.role, content: x.content });

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
  };
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
