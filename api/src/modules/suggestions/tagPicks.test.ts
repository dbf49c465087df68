import { rankTagsByKeywords, scoreModelTags, tagsInAnswer } from './tagPicks';

const OFFERED = ['Female', 'Male', 'Fantasy', 'Sci-Fi', 'Slice of Life', 'Movies & TV', 'Vampire'];

describe('tagsInAnswer', () => {
  it('reads offered tags from lists, numbered lines and markdown, in order, once each, in the offered spelling', () => {
    expect(tagsInAnswer('fantasy, "Sci-Fi", **vampire**', OFFERED, 5)).toEqual(['Fantasy', 'Sci-Fi', 'Vampire']);
    expect(tagsInAnswer('Tags: 1. Female\n2) Dragons\n- slice of life.\n- Female', OFFERED, 5)).toEqual(['Female', 'Slice of Life']);
    expect(tagsInAnswer('Female; Male; Fantasy; Sci-Fi; Vampire; Movies & TV', OFFERED, 5)).toHaveLength(5);
  });

  it('finds nothing in an answer that names no offered tag', () => {
    expect(tagsInAnswer('I think spooky and gothic fit best.', OFFERED, 5)).toEqual([]);
    expect(tagsInAnswer('', OFFERED, 5)).toEqual([]);
  });
});

describe('scoreModelTags', () => {
  it('gives the model’s first tag 0.9 and each next 0.1 less', () => {
    expect(scoreModelTags(['A', 'B', 'C']).map((t) => t.confidence)).toEqual([0.9, 0.8, 0.7]);
  });
});

describe('rankTagsByKeywords', () => {
  it('ranks the tags whose every name word is in the text by how often (ties in the offered order), with 0.3 to 0.6 confidence', () => {
    const text = 'A vampire movie star on TV. The vampires of fantasy films. Slice the bread.';
    expect(rankTagsByKeywords(OFFERED, text, 5)).toEqual([
      { label: 'Movies & TV', confidence: 0.6 },
      { label: 'Vampire', confidence: 0.6 },
      { label: 'Fantasy', confidence: 0.45 },
    ]);
  });

  it('keeps at most max and nothing when no name occurs', () => {
    expect(rankTagsByKeywords(OFFERED, 'female male fantasy sci-fi vampire', 2)).toHaveLength(2);
    expect(rankTagsByKeywords(OFFERED, 'A quiet librarian.', 5)).toEqual([]);
  });
});
