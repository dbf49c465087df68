import { CharacterSchema, defaultDraftTitle } from './character';

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

it('default draft title is dd/mm/yyyy', () => {
  expect(defaultDraftTitle(new Date(2025, 1, 3))).toBe('03/02/2025');
});
