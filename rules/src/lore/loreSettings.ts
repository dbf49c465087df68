/**
 * What the lore engine reads from an entry's `extensions` (migration 014: an imported V3 or SillyTavern entry's
 * fields that Fable has no column for). A key is looked up on the object itself, then in a nested `extensions`
 * object (the V3 entry's own `extensions`, where SillyTavern keeps its fields), under its V3 name and its
 * SillyTavern name. Anything missing or of the wrong type takes the default, so an entry made in the form (no
 * extensions) behaves as a plain keyword entry. The table of keys is in LORE.md.
 */

/** Where an activated entry goes in the prompt. */
export type LorePlacement =
  | { kind: 'before_char' }
  | { kind: 'after_char' }
  | { kind: 'after_examples' }
  | { kind: 'at_depth'; depth: number; role: 'system' | 'user' | 'assistant' };

/** SillyTavern's secondary-key logic (world_info_logic). */
export type SelectiveLogic = 'and_any' | 'not_all' | 'not_any' | 'and_all';

export interface LoreSettings {
  enabled: boolean;
  constant: boolean;
  /** Default false: keys match in any case. */
  caseSensitive: boolean;
  /** Default true: a key matches whole words only ("elf" is not in "shelf"). */
  matchWholeWords: boolean;
  /** Every key is a regular expression (V3 use_regex), not only the `/pattern/flags` ones. */
  useRegex: boolean;
  secondaryKeys: readonly string[];
  /** Whether the secondary keys apply (SillyTavern's `selective`; on when secondary keys are given). */
  selective: boolean;
  selectiveLogic: SelectiveLogic;
  /** 0–100; 100 when the entry does not use probability. */
  probability: number;
  groups: readonly string[];
  groupOverride: boolean;
  groupWeight: number;
  /** Messages the entry stays on after it activated. */
  sticky: number;
  /** Messages the entry cannot activate after it (and its sticky time) ended. */
  cooldown: number;
  /** The entry cannot activate before the chat has this many messages. */
  delay: number;
  /** How many recent messages this entry scans (null: the engine's scan depth). */
  scanDepth: number | null;
  /** Only the messages activate it, never other entries' content. */
  excludeRecursion: boolean;
  /** Its content does not activate other entries. */
  preventRecursion: boolean;
  /** It activates only from other entries' content, at this recursion step or later (0: any step). */
  delayUntilRecursion: number;
  insertionOrder: number;
  priority: number;
  placement: LorePlacement;
}

/** SillyTavern's default insertion order for a new entry. */
export const DEFAULT_INSERTION_ORDER = 100;
/** SillyTavern's default depth for an entry at depth. */
export const DEFAULT_LORE_DEPTH = 4;
/** The deepest an entry can be put in the history, and the most messages one entry may scan. */
export const MAX_LORE_DEPTH = 1000;

type Bag = Record<string, unknown>;

const isBag = (v: unknown): v is Bag => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first value found under any of the names, on the object then in its nested `extensions`. */
function lookup(ext: Bag, nested: Bag | null, names: readonly string[]): unknown {
  for (const source of nested ? [ext, nested] : [ext]) {
    for (const name of names) {
      const v = source[name];
      if (v !== undefined && v !== null) return v;
    }
  }
  return undefined;
}

const bool = (v: unknown): boolean | undefined => {
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 1) return true;
  if (v === 'false' || v === 0) return false;
  return undefined;
};

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

const count = (v: unknown, max = MAX_LORE_DEPTH): number => Math.min(max, Math.max(0, Math.floor(num(v) ?? 0)));

const texts = (v: unknown): string[] => {
  if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter(Boolean);
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s.trim() !== '') : [];
};

const LOGIC_BY_NUMBER: readonly SelectiveLogic[] = ['and_any', 'not_all', 'not_any', 'and_all'];

function selectiveLogic(v: unknown): SelectiveLogic {
  const n = num(v);
  if (n !== undefined) return LOGIC_BY_NUMBER[n] ?? 'and_any';
  if (typeof v === 'string') {
    const name = v.trim().toLowerCase().replace(/[\s-]+/g, '_');
    if ((LOGIC_BY_NUMBER as readonly string[]).includes(name)) return name as SelectiveLogic;
  }
  return 'and_any';
}

const ROLES = ['system', 'user', 'assistant'] as const;

/**
 * SillyTavern's numeric position (world_info_position: 0 before char, 1 after char, 2/3 author's note top/bottom,
 * 4 at depth, 5/6 example messages top/bottom, 7 outlet) or V3's `before_char` / `after_char`.
 */
function placement(ext: Bag, nested: Bag | null): LorePlacement {
  const numeric = [nested?.position, ext.position].map(num).find((n) => n !== undefined);
  const named = [ext.position, nested?.position].find((p): p is string => typeof p === 'string' && num(p) === undefined);
  switch (numeric ?? named) {
    case 0:
    case 'before_char':
      return { kind: 'before_char' };
    case 4: {
      const roleValue = lookup(ext, nested, ['role']);
      const role = typeof roleValue === 'string' ? ROLES.find((r) => r === roleValue.toLowerCase()) : ROLES[num(roleValue) ?? 0];
      const depth = num(lookup(ext, nested, ['depth']));
      return { kind: 'at_depth', depth: depth === undefined ? DEFAULT_LORE_DEPTH : count(depth), role: role ?? 'system' };
    }
    case 6:
      return { kind: 'after_examples' };
    default:
      // 1, 'after_char', 2/3 (Fable has no author's note), 5 (the lore block already sits right before the example
      // dialogue), 7 (outlets need macros Fable does not have), anything else.
      return { kind: 'after_char' };
  }
}

/** The engine's settings of an entry from its extensions (none: a plain keyword entry). */
export function readLoreSettings(extensions: Readonly<Record<string, unknown>> | undefined | null): LoreSettings {
  const ext: Bag = isBag(extensions) ? extensions : {};
  const nested = isBag(ext.extensions) ? ext.extensions : null;
  const get = (...names: string[]) => lookup(ext, nested, names);

  const disable = bool(get('disable'));
  const secondaryKeys = texts(get('secondary_keys', 'keysecondary', 'secondaryKeys'));
  const probability = num(get('probability'));
  const useProbability = bool(get('useProbability', 'use_probability')) ?? true;
  const delayUntilRecursion = get('delay_until_recursion', 'delayUntilRecursion');
  return {
    enabled: bool(get('enabled')) ?? (disable === undefined ? true : !disable),
    constant: bool(get('constant')) ?? false,
    caseSensitive: bool(get('case_sensitive', 'caseSensitive')) ?? false,
    matchWholeWords: bool(get('match_whole_words', 'matchWholeWords')) ?? true,
    useRegex: bool(get('use_regex', 'useRegex')) ?? false,
    secondaryKeys,
    selective: secondaryKeys.length > 0 && (bool(get('selective')) ?? true),
    selectiveLogic: selectiveLogic(get('selectiveLogic', 'selective_logic')),
    probability: useProbability && probability !== undefined ? Math.min(100, Math.max(0, probability)) : 100,
    groups: texts(get('group', 'groups')),
    groupOverride: bool(get('group_override', 'groupOverride')) ?? false,
    groupWeight: Math.max(0, num(get('group_weight', 'groupWeight')) ?? 100),
    sticky: count(get('sticky')),
    cooldown: count(get('cooldown')),
    delay: count(get('delay'), Number.MAX_SAFE_INTEGER),
    scanDepth: num(get('scan_depth', 'scanDepth')) === undefined ? null : count(get('scan_depth', 'scanDepth')),
    excludeRecursion: bool(get('exclude_recursion', 'excludeRecursion')) ?? false,
    preventRecursion: bool(get('prevent_recursion', 'preventRecursion')) ?? false,
    delayUntilRecursion: typeof delayUntilRecursion === 'number' ? count(delayUntilRecursion) : bool(delayUntilRecursion) ? 1 : 0,
    insertionOrder: num(get('insertion_order', 'order')) ?? DEFAULT_INSERTION_ORDER,
    priority: num(get('priority')) ?? 0,
    placement: placement(ext, nested),
  };
}
