import { SUGGEST_FIELD_MAX, removeLinks, type SuggestFieldName } from '@fable/contracts';

/**
 * A model's answer made into a field's value (document 1 §5 "Suggestion text is used only if it has letters after
 * cleanup"): no label the model put in front ("Greeting:"), no surrounding quotes, no markdown (headings, bold,
 * code, lists, links as [text](url) keep their text), no HTML tags, no links (contracts' removeLinks), cut to the
 * field's maximum. The name and title are one line without asterisks; the long fields keep their lines and the
 * role-play *actions* between single asterisks. Null when nothing with a letter is left.
 */
export function cleanSuggestion(field: SuggestFieldName, answer: string): string | null {
  const oneLine = field === 'name' || field === 'title';
  let text = answer.replace(/\r\n?/g, '\n');
  text = text.replace(/^\s*(```|~~~).*$/gm, '');
  text = text.replace(/<\/?[a-z][^<>]*>/gi, '');
  text = text.replace(/!\[[^\]]*\]\([^)]*\)/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  text = text.replace(/^\s{0,3}#{1,6}\s+/gm, '').replace(/^\s*>\s?/gm, '');
  text = text.replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2').replace(/`([^`]*)`/g, '$1');
  text = text.replace(/^\s*(?:[-+•]|\*(?=\s)|\d+[.)](?=\s))\s+/gm, '');
  text = dropLabel(text.trim(), field);
  const linked = text;
  text = removeLinks(text);
  // "visit example.com." leaves "visit ." behind.
  if (text !== linked) text = text.replace(/[ \t]+([.,!?;:])(?![\p{L}\p{N}])/gu, '$1');
  text = oneLine ? text.replace(/\s+/g, ' ').replace(/[*_]/g, '') : tidyLines(text);
  if (field === 'name') text = text.replace(/[^\p{L}\p{M}\p{N} '’.-]/gu, '');
  text = unquote(text.trim());
  text = cut(text, SUGGEST_FIELD_MAX[field], oneLine);
  return /\p{L}/u.test(text) ? text : null;
}

const LABELS: Record<SuggestFieldName, string> = {
  name: 'name',
  title: 'title|tagline',
  persona: 'personality|persona',
  greeting: 'greeting|first message',
  scenario: 'scenario',
  dialogue: 'example dialogues?|dialogues?',
};

/** "Here is a greeting:" or "Greeting:" in front of the answer. */
function dropLabel(text: string, field: SuggestFieldName): string {
  const withoutIntro = text.replace(/^(?:sure[!,.]?\s*)?here(?:'s| is)\b[^:\n]{0,60}:\s*/i, '');
  return withoutIntro.replace(new RegExp(`^(?:suggested\\s+)?(?:${LABELS[field]})\\s*:\\s*`, 'i'), '');
}

/** Long fields: spaces collapsed within lines, at most one empty line in a row. */
function tidyLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}

/** Double quotes first (dropLoneQuotes takes the first two). */
const QUOTE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['"', '"'],
  ['“', '”'],
  ["'", "'"],
  ['‘', '’'],
  ['«', '»'],
];

/**
 * Quotes around the whole text, as often as they are nested; not those of a text that quotes more than once
 * ("Hello," she said. "Come in.").
 */
function unquote(text: string): string {
  let out = text;
  for (;;) {
    const inner = (open: string, close: string) => out.slice(open.length, out.length - close.length);
    const pair = QUOTE_PAIRS.find(
      ([open, close]) => out.length >= 2 && out.startsWith(open) && out.endsWith(close) && !inner(open, close).includes(open) && !inner(open, close).includes(close),
    );
    if (!pair) return dropLoneQuotes(out);
    out = inner(pair[0], pair[1]).trim();
  }
}

/** A double quote opening or closing the text without its pair anywhere (an answer cut by its token budget). */
function dropLoneQuotes(text: string): string {
  let out = text;
  const lone = (open: string, close: string) => !out.slice(1, -1).includes(open) && !out.slice(1, -1).includes(close);
  const opening = QUOTE_PAIRS.slice(0, 2).find(([open]) => out.startsWith(open));
  if (opening && lone(...opening)) out = out.slice(1).trim();
  const closing = QUOTE_PAIRS.slice(0, 2).find(([, close]) => out.endsWith(close));
  if (closing && lone(...closing)) out = out.slice(0, -1).trim();
  return out;
}

/** At most `max` characters: at a sentence end (long fields) or a word's end when one is near, else a hard cut. */
function cut(text: string, max: number, oneLine: boolean): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  if (!oneLine) {
    const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '), head.lastIndexOf('\n'));
    if (sentenceEnd >= max / 2) return head.slice(0, sentenceEnd + 1).trim();
  }
  const space = head.lastIndexOf(' ');
  const atWord = space >= max / 2 && !/\s/.test(text.charAt(max)) ? head.slice(0, space) : head;
  return atWord.replace(/[\s,;:–—-]+$/, '').trim();
}
