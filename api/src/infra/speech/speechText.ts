import { SPEECH_TEXT_MAX } from '@fable/contracts';

/** Characters a later piece gathers (sentences joined) before it is spoken: fewer calls, still small pieces. */
export const SPEECH_PIECE_CHARS = 280;

/**
 * What of a message is read aloud: its words, without the markup of roleplay text (*actions*, _emphasis_, `code`,
 * links' brackets) or control characters, spaces collapsed, cut to SPEECH_TEXT_MAX at a word.
 */
export function spokenText(content: string): string {
  const plain = content
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_~`#>|[\]{}<>]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= SPEECH_TEXT_MAX) return plain;
  const cut = plain.slice(0, SPEECH_TEXT_MAX);
  const space = cut.lastIndexOf(' ');
  return space > SPEECH_TEXT_MAX / 2 ? cut.slice(0, space) : cut;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * The pieces a text is spoken in, in order: the first sentence alone (so that the first audio comes fast), then
 * sentences gathered up to SPEECH_PIECE_CHARS each. A sentence longer than that stays whole.
 */
export function speechPieces(text: string): string[] {
  const sentences = [...segmenter.segment(text)].map((s) => s.segment.trim()).filter(Boolean);
  const pieces: string[] = [];
  for (const sentence of sentences) {
    const last = pieces.length - 1;
    if (last >= 1 && pieces[last]!.length + 1 + sentence.length <= SPEECH_PIECE_CHARS) pieces[last] = `${pieces[last]} ${sentence}`;
    else pieces.push(sentence);
  }
  return pieces;
}
