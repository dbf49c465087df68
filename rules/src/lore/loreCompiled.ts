import { compileKey, type KeyMatcher } from './loreKeys';
import { readLoreSettings, type LoreSettings } from './loreSettings';

/** What the engine needs of an entry (the chat's entries may have no name). */
export interface LoreSource {
  id: string;
  name?: string;
  keywords: readonly string[];
  content: string;
  /** Null or absent: none (an entry made in the form). */
  extensions?: Readonly<Record<string, unknown>> | null;
}

/** An entry made ready to scan: its settings read and its keys compiled. */
export interface CompiledLoreEntry {
  settings: LoreSettings;
  primary: readonly KeyMatcher[];
  secondary: readonly KeyMatcher[];
  /** Token counts of the content, per counting function. */
  tokens: WeakMap<(text: string) => number, number>;
}

interface Cached {
  fingerprint: string;
  compiled: CompiledLoreEntry;
}

/** Entries kept compiled across turns (about 1 KB each); the oldest go first past this. */
const CACHE_MAX = 20_000;
const cache = new Map<string, Cached>();

/** What the compiled entry depends on: its keys, its extensions and its content (the token counts). */
function fingerprint(entry: LoreSource): string {
  return `${entry.keywords.join('\u0001')}\u0000${entry.extensions ? JSON.stringify(entry.extensions) : ''}\u0000${entry.content}`;
}

function compile(entry: LoreSource): CompiledLoreEntry {
  const settings = readLoreSettings(entry.extensions);
  const options = { caseSensitive: settings.caseSensitive, matchWholeWords: settings.matchWholeWords, useRegex: settings.useRegex };
  return {
    settings,
    primary: entry.keywords.map((k) => compileKey(k, options)).filter((m) => m.kind !== 'never' || m.why !== 'blank'),
    secondary: settings.secondaryKeys.map((k) => compileKey(k, options)),
    tokens: new WeakMap(),
  };
}

/**
 * The entry compiled, from the cache when its id was compiled before with the same keys, extensions and content
 * (an edited entry is compiled again). Entries come fresh from the database every turn, so the cache is keyed by
 * id, not by object.
 */
export function compiledEntry(entry: LoreSource): CompiledLoreEntry {
  const print = fingerprint(entry);
  const hit = cache.get(entry.id);
  if (hit && hit.fingerprint === print) return hit.compiled;
  const compiled = compile(entry);
  if (hit) cache.delete(entry.id);
  else if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(entry.id, { fingerprint: print, compiled });
  return compiled;
}

/** The entry's content in tokens, counted once per counting function. */
export function entryTokens(entry: LoreSource, compiled: CompiledLoreEntry, countTokens: (text: string) => number): number {
  let n = compiled.tokens.get(countTokens);
  if (n === undefined) {
    n = countTokens(entry.content);
    compiled.tokens.set(countTokens, n);
  }
  return n;
}
