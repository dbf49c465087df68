import { keepsTooMany, removable, suggestionRecord, tagsAfter } from './tagSuggestions';

describe('tag suggestions', () => {
  it('computes the tags after a suggestion', () => {
    expect(tagsAfter(['A', 'B'], ['B'], ['C', 'A'])).toEqual(['A', 'C']);
  });

  it('keeps at most 12 tags', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `T${i}`);
    expect(keepsTooMany(twelve, [], [])).toBe(false);
    expect(keepsTooMany(twelve, [], ['X'])).toBe(true);
    expect(keepsTooMany(twelve, ['T0'], ['X'])).toBe(false);
  });

  it('builds the record, or nothing when nothing changes', () => {
    expect(suggestionRecord('c1', ['A', 'B'], [], [])).toBeNull();
    expect(suggestionRecord('c1', ['A', 'B'], [], ['A'])).toBeNull();
    expect(suggestionRecord('c1', ['A', 'B'], ['B'], ['C', 'C'])).toEqual({
      event_name: 'tag_suggestion',
      character_id: 'c1',
      tags_to_add: ['C'],
      tags_to_remove: ['B'],
    });
  });

  it('never suggests removing Step-Family', () => {
    expect(removable('Step-Family')).toBe(false);
    expect(suggestionRecord('c1', ['Step-Family', 'A'], ['Step-Family'], [])).toBeNull();
  });
});
