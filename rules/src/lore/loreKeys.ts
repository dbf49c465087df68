import { containsPhrase, type ScanText } from './loreText';

/**
 * A lorebook key compiled once (loreCompiled.ts caches it per entry): a single word is a set look-up in the
 * scanned text's words, several words or symbols a search with word boundaries (or a plain substring search when
 * the entry turns whole words off), `/pattern/flags` a regular expression. A key that cannot match (blank, an
 * invalid or unsafe regular expression) never does, and never throws.
 */
export type KeyMatcher =
  | { kind: 'word'; key: string; word: string; caseSensitive: boolean }
  | { kind: 'phrase'; key: string; needle: string; caseSensitive: boolean; wholeWords: boolean }
  | { kind: 'regex'; key: string; re: RegExp }
  | { kind: 'never'; key: string; why: 'blank' | 'invalid regex' | 'unsafe regex' };

export interface KeyOptions {
  caseSensitive: boolean;
  matchWholeWords: boolean;
  /** Every key is a pattern (V3 use_regex), with or without slashes. */
  useRegex: boolean;
}

const ONLY_WORD_CHARS = /^[\p{L}\p{M}\p{N}_]+$/u;
/** `/pattern/flags`, as SillyTavern writes regular-expression keys. */
const SLASHED = /^\/([\s\S]+)\/([a-z]*)$/;

export function compileKey(raw: string, options: KeyOptions): KeyMatcher {
  const key = raw.trim();
  if (key === '') return { kind: 'never', key: raw, why: 'blank' };
  const slashed = SLASHED.exec(key);
  if (slashed) return compileRegex(key, slashed[1]!, slashed[2]!);
  if (options.useRegex) return compileRegex(key, key, options.caseSensitive ? '' : 'i');
  const needle = options.caseSensitive ? key : key.toLowerCase();
  if (options.matchWholeWords && ONLY_WORD_CHARS.test(needle)) return { kind: 'word', key, word: needle, caseSensitive: options.caseSensitive };
  return { kind: 'phrase', key, needle, caseSensitive: options.caseSensitive, wholeWords: options.matchWholeWords };
}

function compileRegex(key: string, source: string, flags: string): KeyMatcher {
  if (hasNestedRepetition(source)) return { kind: 'never', key, why: 'unsafe regex' };
  try {
    // g and y make test() remember where it stopped; d only adds indices.
    return { kind: 'regex', key, re: new RegExp(source, flags.replace(/[gyd]/g, '')) };
  } catch {
    return { kind: 'never', key, why: 'invalid regex' };
  }
}

export function keyMatches(matcher: KeyMatcher, text: ScanText): boolean {
  switch (matcher.kind) {
    case 'word':
      return text.words(matcher.caseSensitive).has(matcher.word);
    case 'phrase':
      return containsPhrase(text.cased(matcher.caseSensitive), matcher.needle, matcher.wholeWords);
    case 'regex':
      return matcher.re.test(text.forRegex());
    case 'never':
      return false;
  }
}

/** A repeating quantifier at `at` (`*`, `+`, `{n,}`, `{n,m}` or `{n}` with more than one): its length, else 0. */
function repetitionAt(source: string, at: number): number {
  const c = source[at];
  if (c === '*' || c === '+') return 1;
  if (c !== '{') return 0;
  const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at));
  if (!m) return 0;
  const repeats = m[2] !== undefined ? m[3] === '' || Number(m[3]) > 1 : Number(m[1]) > 1;
  return repeats ? m[0].length : 0;
}

/**
 * Whether the pattern repeats a group that itself repeats or alternates — `(a+)+`, `(\w*)*`, `(a|aa)+`,
 * `((ab)*c){2,}` — the shapes whose backtracking grows exponentially with the text (catastrophic backtracking).
 * Such keys are refused (they never match). Conservative: some harmless patterns such as `(?:\w+\s)+` are refused
 * too; write them without the repeated group.
 */
export function hasNestedRepetition(source: string): boolean {
  const groups: Array<{ repeats: boolean; alternates: boolean }> = [{ repeats: false, alternates: false }];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      // \p{…}, \u{…}, \k<…>: skip the braces too, so they are not read as a quantifier.
      const next = source[i + 1];
      const close = next && 'pPuk'.includes(next) && (source[i + 2] === '{' || source[i + 2] === '<') ? source.indexOf(source[i + 2] === '{' ? '}' : '>', i) : -1;
      i = close === -1 ? i + 2 : close + 1;
      continue;
    }
    if (c === '[') {
      i += source[i + 1] === '^' ? 2 : 1;
      if (source[i] === ']') i += 1;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i += 1;
      continue;
    }
    if (c === '(') {
      groups.push({ repeats: false, alternates: false });
      // (?:, (?=, (?!, (?<=, (?<!, (?<name>: the `?` opens no quantifier.
      if (source[i + 1] === '?') {
        const named = /^\(\?<[A-Za-z_$][\w$]*>/.exec(source.slice(i));
        i += named ? named[0].length : source[i + 2] === '<' ? 4 : 3;
      } else i += 1;
      continue;
    }
    if (c === ')') {
      const group = groups.length > 1 ? groups.pop()! : { repeats: false, alternates: false };
      i += 1;
      const repeated = repetitionAt(source, i);
      if (repeated && (group.repeats || group.alternates)) return true;
      const parent = groups.at(-1)!;
      parent.repeats ||= group.repeats || repeated > 0;
      parent.alternates ||= group.alternates;
      i += repeated;
      continue;
    }
    if (c === '|') {
      groups.at(-1)!.alternates = true;
      i += 1;
      continue;
    }
    const repeated = repetitionAt(source, i);
    if (repeated) groups.at(-1)!.repeats = true;
    i += repeated || 1;
  }
  return false;
}
