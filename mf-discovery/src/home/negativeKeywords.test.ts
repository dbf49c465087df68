import { negativeKeywordIn, withAlternative } from './negativeKeywords';

const KEYWORDS = [
  { keyword: 'teen', alternatives: ['young adult', 'college student'] },
  { keyword: 'high school', alternatives: ['college'] },
  { keyword: 'nothing to offer', alternatives: [] },
];

describe('negative keywords in a search (document 1 §5)', () => {
  it('flags a keyword used as a word or phrase, any case, with alternatives to offer', () => {
    expect(negativeKeywordIn('Shy TEEN vampire', KEYWORDS)?.keyword).toBe('teen');
    expect(negativeKeywordIn('a High School romance', KEYWORDS)?.keyword).toBe('high school');
    expect(negativeKeywordIn('teen!', KEYWORDS)?.keyword).toBe('teen');
  });

  it('does not flag a word that only contains it, or a keyword without alternatives', () => {
    expect(negativeKeywordIn('canteen chef', KEYWORDS)).toBeNull();
    expect(negativeKeywordIn('teenage', KEYWORDS)).toBeNull();
    expect(negativeKeywordIn('nothing to offer here', KEYWORDS)).toBeNull();
  });

  it('puts the alternative in the keyword’s place, keeping the rest of the search', () => {
    expect(withAlternative('Shy TEEN vampire', 'teen', 'young adult')).toBe('Shy young adult vampire');
    expect(withAlternative('a High School romance', 'high school', 'college')).toBe('a college romance');
  });
});
