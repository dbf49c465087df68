/**
 * A text the lore engine scans (a message, or an activated entry's content), with what its keys need, computed
 * once and only when asked: the lower-case text, its sets of words, and the end of it that regular expressions see.
 */

/** Letters, combining marks, digits and the underscore make words; anything else separates them. */
export const WORD_CHAR = /[\p{L}\p{M}\p{N}_]/u;
const SEPARATORS = /[^\p{L}\p{M}\p{N}_]+/u;

/**
 * Regular-expression keys see at most the last this many characters of each scanned text: with the nested
 * quantifiers refused (loreKeys.ts), what is left of a pattern's backtracking stays bounded by the text's length.
 */
export const MAX_REGEX_SCAN_CHARS = 2000;

export class ScanText {
  private lowered: string | undefined;
  private wordsAsWritten: Set<string> | undefined;
  private wordsLowered: Set<string> | undefined;

  constructor(readonly text: string) {}

  /** The text as written, or in lower case. */
  cased(caseSensitive: boolean): string {
    if (caseSensitive) return this.text;
    this.lowered ??= this.text.toLowerCase();
    return this.lowered;
  }

  /** The words of the text, as written or in lower case. */
  words(caseSensitive: boolean): Set<string> {
    if (caseSensitive) {
      this.wordsAsWritten ??= new Set(this.text.split(SEPARATORS));
      return this.wordsAsWritten;
    }
    this.wordsLowered ??= new Set(this.cased(false).split(SEPARATORS));
    return this.wordsLowered;
  }

  /** What a regular-expression key is tested against. */
  forRegex(): string {
    return this.text.length > MAX_REGEX_SCAN_CHARS ? this.text.slice(-MAX_REGEX_SCAN_CHARS) : this.text;
  }
}

/** Whether `needle` occurs in `haystack`, and, for whole words, not inside a longer word. */
export function containsPhrase(haystack: string, needle: string, wholeWords: boolean): boolean {
  if (!wholeWords) return haystack.includes(needle);
  // A boundary is needed only where the needle itself starts or ends with a word character ("C++" ends with none).
  const checkStart = WORD_CHAR.test(needle[0]!);
  const checkEnd = WORD_CHAR.test(needle[needle.length - 1]!);
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = at > 0 ? haystack[at - 1]! : '';
    const after = haystack[at + needle.length] ?? '';
    if ((!checkStart || before === '' || !WORD_CHAR.test(before)) && (!checkEnd || after === '' || !WORD_CHAR.test(after))) return true;
  }
  return false;
}
