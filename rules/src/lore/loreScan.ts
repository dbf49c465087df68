import type { CompiledLoreEntry } from './loreCompiled';
import { keyMatches, type KeyMatcher } from './loreKeys';
import type { SelectiveLogic } from './loreSettings';
import { ScanText } from './loreText';

/** The messages of one run, each analysed once and only when an entry's window reaches it. */
export class MessageTexts {
  private readonly texts: Array<ScanText | undefined>;

  constructor(private readonly messages: readonly string[]) {
    this.texts = new Array<ScanText | undefined>(messages.length);
  }

  get length(): number {
    return this.messages.length;
  }

  at(index: number): ScanText {
    let text = this.texts[index];
    if (!text) {
      text = new ScanText(this.messages[index] ?? '');
      this.texts[index] = text;
    }
    return text;
  }

  /** The last `depth` messages, newest first. */
  window(depth: number): ScanText[] {
    const out: ScanText[] = [];
    for (let p = this.messages.length - 1; p >= Math.max(0, this.messages.length - depth); p -= 1) out.push(this.at(p));
    return out;
  }
}

/** The first of the keys found in the text, or null. */
export function firstMatchingKey(keys: readonly KeyMatcher[], text: ScanText): KeyMatcher | null {
  for (const key of keys) if (keyMatches(key, text)) return key;
  return null;
}

/**
 * SillyTavern's secondary keys (optional filter) once a primary key matched: AND ANY (one of them is there too),
 * NOT ALL (not all of them), NOT ANY (none of them), AND ALL (all of them); a key counts when it is in any of the
 * entry's scanned texts.
 */
export function secondaryKeysPass(compiled: CompiledLoreEntry, texts: readonly ScanText[]): boolean {
  const { settings, secondary } = compiled;
  if (!settings.selective || secondary.length === 0) return true;
  const found = (key: KeyMatcher) => texts.some((t) => keyMatches(key, t));
  const logic: SelectiveLogic = settings.selectiveLogic;
  switch (logic) {
    case 'and_any':
      return secondary.some(found);
    case 'not_all':
      return !secondary.every(found);
    case 'not_any':
      return !secondary.some(found);
    case 'and_all':
      return secondary.every(found);
  }
}
