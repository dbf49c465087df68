import { applyInclusionGroups, fillBudget, type LoreCandidate } from './loreBudget';
import { compiledEntry, entryTokens, type CompiledLoreEntry, type LoreSource } from './loreCompiled';
import { firstMatchingKey, MessageTexts, secondaryKeysPass } from './loreScan';
import type { LorePlacement } from './loreSettings';
import { ScanText } from './loreText';
import {
  CONSTANT_MATCH,
  hasTimedMemory,
  replayLastActivation,
  STICKY_MATCH,
  timedStatus,
  type LoreState,
  type TimedStatus,
} from './loreTimedEffects';
import { bpeTokenizer } from '../tokens';

/**
 * The lore engine: which lorebook entries a chat turn puts into the prompt, and which it leaves out and why.
 * Behaviour, order and the extension keys it honours: LORE.md beside this file.
 */

export type { LoreState } from './loreTimedEffects';
export { advanceLoreState } from './loreTimedEffects';
export type { LorePlacement } from './loreSettings';

/** A lorebook entry as the engine reads it (document 2 §3 "Entry", with an imported entry's extensions). */
export interface LoreEntry {
  id: string;
  name: string;
  keywords: readonly string[];
  content: string;
  extensions?: Record<string, unknown>;
}

export type LoreLeftOutReason = 'budget' | 'probability' | 'cooldown' | 'depth' | 'disabled';

export interface LoreActivation<E extends LoreSource = LoreEntry> {
  entry: E;
  tokens: number;
  /** 0: a key in the messages (or constant, or sticky); n > 0: the content of entries activated at step n − 1. */
  step: number;
  /** The key that matched, as written; "(constant)" or "(sticky)" for entries on without one. */
  matched: string;
  /** Where it goes in the prompt. */
  placement: LorePlacement;
  /** Its place in the budget order (0 went in first): a prompt short of room gives up the highest first. */
  rank: number;
}

export interface LoreLeftOut<E extends LoreSource = LoreEntry> {
  entry: E;
  tokens: number;
  reason: LoreLeftOutReason;
}

export interface LoreResult<E extends LoreSource = LoreEntry> {
  /** In prompt order: before the character, after it, after the example dialogue, then in the history (deepest first); by insertion_order within each. */
  activated: LoreActivation<E>[];
  /** In the order the engine decided. */
  leftOut: LoreLeftOut<E>[];
  usedTokens: number;
  budgetTokens: number;
}

export interface LoreOptions {
  budgetTokens: number;
  /** Default: the o200k BPE count of tokenizer.ts. Pass the same function every turn: counts are cached per function. */
  countTokens?: (text: string) => number;
  /** Probability rolls and inclusion-group draws; default Math.random. */
  random?: () => number;
  state?: LoreState;
  /** How many of the latest messages are scanned (an entry's scan_depth overrides it); default 4. */
  scanDepth?: number;
}

export const DEFAULT_LORE_SCAN_DEPTH = 4;
/** Recursion steps after the messages' (step 0): an entry that only step 4 would activate is left out as 'depth'. */
export const MAX_RECURSION_STEPS = 3;
/** The lore budget is this share of the tier's context… */
export const LORE_BUDGET_SHARE = 0.25;
/** …and never more than this many tokens. */
export const LORE_BUDGET_CAP = 4096;

/** The lore budget inside a context of `contextTokens` (25 %, at most 4,096: 512 of 2K, 2,048 of 8K, 4,096 of 16K). */
export function loreBudgetForContext(contextTokens: number): number {
  return Math.max(0, Math.min(LORE_BUDGET_CAP, Math.floor(contextTokens * LORE_BUDGET_SHARE)));
}

const defaultCount = bpeTokenizer.count;

interface Tracked<E> {
  entry: E;
  index: number;
  compiled: CompiledLoreEntry;
  /** The entry's scanned messages, newest first. */
  window: ScanText[];
  /** The first primary key found (newest message first, then other entries' content), as written. */
  matched: string | null;
  recency: number;
  timed: TimedStatus;
  decided: boolean;
}

type Candidate<E> = LoreCandidate & { tracked: Tracked<E> };

export function runLoreEngine<E extends LoreSource = LoreEntry>(
  entries: readonly E[],
  messages: readonly string[],
  options: LoreOptions,
): LoreResult<E> {
  const countTokens = options.countTokens ?? defaultCount;
  const random = options.random ?? Math.random;
  const scanDepth = Math.max(0, options.scanDepth ?? DEFAULT_LORE_SCAN_DEPTH);
  const texts = new MessageTexts(messages);
  const turn = options.state?.turn ?? messages.length;

  const tracked = entries.map((entry, index) => track(entry, index, texts, scanDepth, turn, options.state));

  const activated: Array<Omit<LoreActivation<E>, 'rank'> & { tracked: Tracked<E> }> = [];
  const leftOut: LoreLeftOut<E>[] = [];
  const recursionTexts: ScanText[] = [];
  const filledGroups = new Set<string>();
  let used = 0;
  let newTexts: ScanText[] = [];

  const leave = (t: Tracked<E>, reason: LoreLeftOutReason) => {
    t.decided = true;
    leftOut.push({ entry: t.entry, tokens: entryTokens(t.entry, t.compiled, countTokens), reason });
  };

  for (let step = 0; step <= MAX_RECURSION_STEPS + 1; step += 1) {
    const candidates: Candidate<E>[] = [];
    for (const t of tracked) {
      if (t.decided) continue;
      const matched = activation(t, step, newTexts, recursionTexts);
      if (matched === null) continue;
      const { settings } = t.compiled;
      if (!settings.enabled) leave(t, 'disabled');
      else if (step > MAX_RECURSION_STEPS) leave(t, 'depth');
      else if (t.timed === 'cooldown') leave(t, 'cooldown');
      else if (matched !== STICKY_MATCH && !rollPasses(settings.probability, random)) leave(t, 'probability');
      else {
        candidates.push({
          tracked: t,
          index: t.index,
          settings,
          matched,
          recency: t.recency,
          constant: matched === CONSTANT_MATCH,
          sticky: matched === STICKY_MATCH,
          tokens: entryTokens(t.entry, t.compiled, countTokens),
        });
      }
    }
    if (step > MAX_RECURSION_STEPS) break;

    const { kept, lost } = applyInclusionGroups(candidates, filledGroups, random);
    for (const c of lost) leave(c.tracked, 'probability');
    const { fit, over, used: nowUsed } = fillBudget(kept, used, options.budgetTokens);
    used = nowUsed;
    for (const c of over) leave(c.tracked, 'budget');
    newTexts = [];
    for (const c of fit) {
      c.tracked.decided = true;
      for (const g of c.settings.groups) filledGroups.add(g);
      activated.push({ entry: c.tracked.entry, tokens: c.tokens, step, matched: c.matched, placement: c.settings.placement, tracked: c.tracked });
      if (!c.settings.preventRecursion && c.tracked.entry.content !== '') newTexts.push(new ScanText(c.tracked.entry.content));
    }
    recursionTexts.push(...newTexts);
    // No new content: nothing more can activate, except entries that wait for recursion (they then never do).
    if (newTexts.length === 0) break;
  }

  const ranked = activated.map((a, rank) => ({ ...a, rank }));
  ranked.sort((a, b) => promptOrder(a, b));
  return {
    activated: ranked.map(({ tracked: _t, ...a }) => a),
    leftOut,
    usedTokens: used,
    budgetTokens: options.budgetTokens,
  };
}

/** Reads an entry's messages and timed effects once, before the steps. */
function track<E extends LoreSource>(entry: E, index: number, texts: MessageTexts, scanDepth: number, turn: number, state: LoreState | undefined): Tracked<E> {
  const compiled = compiledEntry(entry);
  const { settings, primary } = compiled;
  const depth = settings.scanDepth ?? scanDepth;
  const window = texts.window(depth);
  let matched: string | null = null;
  let recency = -1;
  for (let i = 0; i < window.length; i += 1) {
    const key = firstMatchingKey(primary, window[i]!);
    if (key) {
      matched = key.key;
      recency = texts.length - 1 - i;
      break;
    }
  }
  let timed: TimedStatus = 'free';
  if (settings.enabled && (settings.delay > 0 || hasTimedMemory(settings))) {
    let last = state?.activatedAt?.[entry.id];
    if (last === undefined && hasTimedMemory(settings)) {
      const replayed = replayLastActivation(settings, texts.length, depth, (p) => firstMatchingKey(primary, texts.at(p)) !== null);
      if (replayed !== undefined) last = replayed + (turn - texts.length);
    }
    timed = timedStatus(settings, turn, last);
  }
  return { entry, index, compiled, window, matched, recency, timed, decided: false };
}

/** What activates the entry at this step (the key, or the constant / sticky mark), or null. */
function activation<E>(t: Tracked<E>, step: number, newTexts: readonly ScanText[], recursionTexts: readonly ScanText[]): string | null {
  const { settings, primary } = t.compiled;
  if (step === 0 && settings.constant) return CONSTANT_MATCH;
  if (step === 0 && t.timed === 'sticky') return STICKY_MATCH;
  if (step > 0 && t.matched === null && !settings.excludeRecursion) {
    for (const text of newTexts) {
      const key = firstMatchingKey(primary, text);
      if (key) {
        t.matched = key.key;
        break;
      }
    }
  }
  if (t.matched === null || step < settings.delayUntilRecursion) return null;
  const scanned = settings.excludeRecursion || recursionTexts.length === 0 ? t.window : [...t.window, ...recursionTexts];
  return secondaryKeysPass(t.compiled, scanned) ? t.matched : null;
}

/** `probability` is a percentage; 100 passes without a roll, 0 never passes. */
function rollPasses(probability: number, random: () => number): boolean {
  if (probability >= 100) return true;
  if (probability <= 0) return false;
  return random() * 100 < probability;
}

const PLACEMENT_ORDER: Record<LorePlacement['kind'], number> = { before_char: 0, after_char: 1, after_examples: 2, at_depth: 3 };

function promptOrder<E>(a: { placement: LorePlacement; tracked: Tracked<E> }, b: { placement: LorePlacement; tracked: Tracked<E> }): number {
  const depthOf = (p: LorePlacement) => (p.kind === 'at_depth' ? p.depth : 0);
  return (
    PLACEMENT_ORDER[a.placement.kind] - PLACEMENT_ORDER[b.placement.kind] ||
    depthOf(b.placement) - depthOf(a.placement) ||
    a.tracked.compiled.settings.insertionOrder - b.tracked.compiled.settings.insertionOrder ||
    a.tracked.index - b.tracked.index
  );
}
