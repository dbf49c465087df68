import { CHARACTER_MESSAGES } from '../limits/characterLimits';
import { CharacterCreateSchema, CharacterSchema, CharacterUpdateSchema, defaultDraftTitle } from './character';

const character = {
  id: 'c1',
  name: 'Aria',
  title: 'A wandering bard',
  persona: 'Cheerful and curious.',
  greeting: 'Hello, traveller!',
  avatar_url: 'https://cdn.example/a.png',
  visibility: 'public',
  definition_visible: true,
  tags: ['Fantasy', 'Female'],
  creator_user_id: 'u1',
  creator_username: 'maker',
  createdAt: '2025-02-13T10:00:00.000Z',
};

const form = {
  name: 'Aria',
  title: 'A wandering bard',
  persona: 'Cheerful and curious.',
  greeting: 'Hello, traveller!',
  visibility: 'public',
  definition_visible: true,
  avatar_url: '/uploads/a.png',
  tags: ['Fantasy', 'Female'],
  guidelines: true,
};

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((i) => i.message) ?? [];
}

describe('CharacterSchema', () => {
  it('accepts a character as the API returns it, with defaults', () => {
    const parsed = CharacterSchema.parse(character);
    expect(parsed.num_messages).toBe(0);
    expect(parsed.is_nsfw).toBe(false);
  });

  it('rejects an unknown visibility, a name over 20, a rating over 1 and a missing creator', () => {
    expect(CharacterSchema.safeParse({ ...character, visibility: 'unlisted' }).success).toBe(false);
    expect(CharacterSchema.safeParse({ ...character, name: 'x'.repeat(21) }).success).toBe(false);
    expect(CharacterSchema.safeParse({ ...character, rating_score: 1.2 }).success).toBe(false);
    const { creator_user_id: _omit, ...withoutCreator } = character;
    expect(CharacterSchema.safeParse(withoutCreator).success).toBe(false);
  });

  it('ignores an unknown moderation status (null) and keeps a known one', () => {
    const unknown = CharacterSchema.parse({ ...character, moderationReport: { moderation_status: 'mystery' } });
    expect(unknown.moderationReport?.moderation_status).toBeNull();
    const known = CharacterSchema.parse({ ...character, moderationReport: { moderation_status: 'fix_required' } });
    expect(known.moderationReport?.moderation_status).toBe('fix_required');
  });
});

describe('CharacterCreateSchema', () => {
  it('accepts a valid form', () => {
    expect(CharacterCreateSchema.safeParse(form).success).toBe(true);
  });

  it('gives the verbatim messages for name', () => {
    expect(messages(CharacterCreateSchema.safeParse({ ...form, name: '' }))).toEqual([CHARACTER_MESSAGES.nameRequired]);
    expect(messages(CharacterCreateSchema.safeParse({ ...form, name: 'x'.repeat(21) }))).toContain('Name should be 20 characters or less');
    expect(messages(CharacterCreateSchema.safeParse({ ...form, name: 'see www.example.com' }))).toContain(
      'Name should not contain any url/link',
    );
  });

  it('checks the maxima of title, greeting and personality', () => {
    expect(messages(CharacterCreateSchema.safeParse({ ...form, title: 'x'.repeat(101) }))).toContain('Title is maximum of 100 characters');
    expect(messages(CharacterCreateSchema.safeParse({ ...form, greeting: 'x'.repeat(2001) }))).toContain(
      'Greeting is maximum of 2000 characters',
    );
    expect(messages(CharacterCreateSchema.safeParse({ ...form, persona: 'x'.repeat(5001) }))).toContain(
      'Personality is maximum of 5000 characters',
    );
  });

  it('drops a scenario of 1 char, rejects 2 chars and over 4000', () => {
    expect(CharacterCreateSchema.parse({ ...form, scenario: ' a ' }).scenario).toBeUndefined();
    expect(messages(CharacterCreateSchema.safeParse({ ...form, scenario: 'ab' }))).toEqual(['Scenario should be longer']);
    expect(messages(CharacterCreateSchema.safeParse({ ...form, dialogue: 'x'.repeat(4001) }))).toEqual([
      'Dialogue is maximum of 4000 characters',
    ]);
  });

  it('requires visibility, avatar and guidelines with their messages', () => {
    const { visibility: _v, avatar_url: _a, guidelines: _g, ...rest } = form;
    expect(messages(CharacterCreateSchema.safeParse(rest))).toEqual(
      expect.arrayContaining(['Visibility Is Required', 'You must generate an Avatar', 'Guidelines Is Required']),
    );
  });

  it('requires 2 tags for public characters only, and at most 12', () => {
    expect(messages(CharacterCreateSchema.safeParse({ ...form, tags: ['One'] }))).toEqual(['At least 2 tags required']);
    expect(CharacterCreateSchema.safeParse({ ...form, visibility: 'private', tags: [] }).success).toBe(true);
    const thirteen = Array.from({ length: 13 }, (_, i) => `t${i}`);
    expect(messages(CharacterCreateSchema.safeParse({ ...form, tags: thirteen }))).toContain('Tag limit reached');
  });

  it('forces definition_visible false when not public', () => {
    expect(CharacterCreateSchema.parse({ ...form, visibility: 'private', definition_visible: true }).definition_visible).toBe(false);
    expect(CharacterCreateSchema.parse(form).definition_visible).toBe(true);
  });

  it('update accepts only the changed fields', () => {
    expect(CharacterUpdateSchema.safeParse({ title: 'A new title', submitForManualReview: true }).success).toBe(true);
    expect(CharacterUpdateSchema.safeParse({ title: 'x'.repeat(101) }).success).toBe(false);
  });
});

it('default draft title is dd/mm/yyyy', () => {
  expect(defaultDraftTitle(new Date(2025, 1, 3))).toBe('03/02/2025');
});
