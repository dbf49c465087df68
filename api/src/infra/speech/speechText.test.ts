import { SPEECH_TEXT_MAX } from '@fable/contracts';
import { SPEECH_PIECE_CHARS, speechPieces, spokenText } from './speechText';

describe('spokenText', () => {
  it('reads the words of roleplay text without its markup or control characters', () => {
    expect(spokenText('*smiles softly* Hello,\u0000 _friend_. See [the map](https://x.example) `now`!')).toBe('smiles softly Hello, friend . See the map now !');
  });

  it('cuts a long message at a word', () => {
    const text = spokenText('word '.repeat(2000));
    expect(text.length).toBeLessThanOrEqual(SPEECH_TEXT_MAX);
    expect(text.endsWith('word')).toBe(true);
  });
});

describe('speechPieces', () => {
  it('speaks the first sentence alone, then gathers sentences up to the piece size, in order', () => {
    const sentences = Array.from({ length: 12 }, (_, i) => `This is sentence number ${i + 1} of the story.`);
    const pieces = speechPieces(sentences.join(' '));
    expect(pieces[0]).toBe(sentences[0]);
    expect(pieces.join(' ')).toBe(sentences.join(' '));
    expect(pieces.slice(1).every((p) => p.length <= SPEECH_PIECE_CHARS)).toBe(true);
    expect(pieces.length).toBeLessThan(sentences.length);
  });

  it('keeps an overlong sentence whole and has no pieces for no text', () => {
    const long = `And ${'then '.repeat(80)}it ended.`;
    expect(speechPieces(`Hi. ${long}`)).toEqual(['Hi.', long]);
    expect(speechPieces('')).toEqual([]);
  });
});
