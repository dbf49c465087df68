import type { LorePlacement } from './loreSettings';
import { MESSAGE_OVERHEAD_TOKENS } from '../tokens';

/** An activated entry ready for the prompt: its text (macros applied), tokens, place and budget rank. */
export interface PlacedLore {
  placement: LorePlacement;
  text: string;
  /** Tokens of the text and its separator. */
  tokens: number;
  /** The engine's budget rank: a prompt short of room gives up the highest rank first. */
  rank: number;
}

export interface LoreLayout {
  /** `[World info]` blocks of the system message: before the character's personality, after the memories, after the example dialogue. */
  before: string | null;
  after: string | null;
  afterExamples: string | null;
  /** Messages put into the history, `depth` messages from its end (0: after the latest). */
  atDepth: Array<{ depth: number; role: 'system' | 'user' | 'assistant'; content: string }>;
  /** What all of it costs, titles and message overhead included. */
  tokens: number;
}

export const LORE_TITLE = '[World info]';

/**
 * The entries of rank below `keep`, grouped where they go (items in prompt order). `titleTokens` is what a block's
 * title and separators cost.
 */
export function placeLore(items: readonly PlacedLore[], keep: number, titleTokens: number): LoreLayout {
  const blocks = { before_char: [] as PlacedLore[], after_char: [] as PlacedLore[], after_examples: [] as PlacedLore[] };
  const depthGroups = new Map<string, { depth: number; role: 'system' | 'user' | 'assistant'; items: PlacedLore[] }>();
  for (const item of items) {
    if (item.rank >= keep) continue;
    const p = item.placement;
    if (p.kind === 'at_depth') {
      const id = `${p.depth}:${p.role}`;
      const group = depthGroups.get(id) ?? { depth: p.depth, role: p.role, items: [] };
      group.items.push(item);
      depthGroups.set(id, group);
    } else blocks[p.kind].push(item);
  }
  let tokens = 0;
  const block = (list: PlacedLore[]) => {
    if (list.length === 0) return null;
    tokens += titleTokens + list.reduce((n, x) => n + x.tokens, 0);
    return `${LORE_TITLE}\n${list.map((x) => x.text).join('\n\n')}`;
  };
  const layout: LoreLayout = {
    before: block(blocks.before_char),
    after: block(blocks.after_char),
    afterExamples: block(blocks.after_examples),
    atDepth: [...depthGroups.values()].map((g) => {
      tokens += MESSAGE_OVERHEAD_TOKENS + g.items.reduce((n, x) => n + x.tokens, 0);
      return { depth: g.depth, role: g.role, content: g.items.map((x) => x.text).join('\n\n') };
    }),
    tokens: 0,
  };
  layout.tokens = tokens;
  return layout;
}

/** The history with the at-depth lore messages put in: depth n goes before the last n messages. */
export function withLoreAtDepth<M extends { role: string; content: string }>(history: readonly M[], atDepth: LoreLayout['atDepth']): Array<M | LoreLayout['atDepth'][number]> {
  if (atDepth.length === 0) return [...history];
  const out: Array<M | LoreLayout['atDepth'][number]> = [];
  const at = (d: number) => Math.max(0, history.length - d);
  // Deepest first at the same place, as the engine ordered them.
  const sorted = [...atDepth].sort((a, b) => b.depth - a.depth);
  let next = 0;
  for (let i = 0; i <= history.length; i += 1) {
    while (next < sorted.length && at(sorted[next]!.depth) === i) out.push(sorted[next++]!);
    if (i < history.length) out.push(history[i]!);
  }
  return out;
}
