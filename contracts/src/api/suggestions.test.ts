import { SUGGESTION_MESSAGES, SuggestFieldBodySchema, SuggestTagsBodySchema, TagSuggestionBodySchema, suggestionCalls } from './suggestions';

const FORM = { name: 'Aria', title: 'A wandering bard', greeting: 'Hello!', persona: 'Kind.' };

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('suggestion call contracts', () => {
  it('asks for a name and a title of at least 3 trimmed characters before suggesting a field (document 1 §5)', () => {
    expect(SuggestFieldBodySchema.safeParse({ field: 'greeting', fields_values: { name: 'Aria', title: 'Bard' } }).success).toBe(true);
    for (const values of [{ name: ' Al ', title: 'Bard' }, { name: 'Aria', title: '  ab' }, { title: 'Bard' }]) {
      const result = SuggestFieldBodySchema.safeParse({ field: 'greeting', fields_values: values });
      expect(messages(result)).toContain(SUGGESTION_MESSAGES.nameTitleRequired);
    }
    expect(SuggestFieldBodySchema.safeParse({ field: 'avatar_url', fields_values: FORM }).success).toBe(false);
  });

  it('asks for name, title, greeting and personality before suggesting tags (document 1 §5)', () => {
    expect(SuggestTagsBodySchema.safeParse(FORM).success).toBe(true);
    expect(messages(SuggestTagsBodySchema.safeParse({ ...FORM, greeting: ' ' }))).toEqual([SUGGESTION_MESSAGES.tagFieldsRequired]);
  });

  it('takes at most 12 tags in each list of a tag suggestion, duplicates dropped', () => {
    expect(TagSuggestionBodySchema.parse({ tags_to_add: ['Elf', ' elf ', 'Magic'], tags_to_remove: [] })).toEqual({ tags_to_add: ['Elf', 'Magic'], tags_to_remove: [] });
    const tooMany = TagSuggestionBodySchema.safeParse({ tags_to_add: Array.from({ length: 13 }, (_, i) => `T${i}`), tags_to_remove: [] });
    expect(messages(tooMany)).toEqual([SUGGESTION_MESSAGES.keepLimit]);
  });

  it('puts the suggest calls where the spec shows them, for members', () => {
    expect(suggestionCalls.suggestField).toMatchObject({ method: 'POST', path: '/characters/suggest_field', access: 'member' });
    expect(suggestionCalls.suggestTags).toMatchObject({ method: 'POST', path: '/characters/suggest_tags', access: 'member' });
  });
});
