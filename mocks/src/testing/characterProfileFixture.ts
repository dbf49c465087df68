import type { CharacterProfile } from '@fable/contracts';

/** A chatbot profile as GET /api/characters/:characterId answers it (a public bot of someone else, definition visible). */
export function characterProfileFixture(overrides: Partial<CharacterProfile> = {}): CharacterProfile {
  const { viewer, ...rest } = overrides;
  return {
    id: 'bot1',
    name: 'Captain Mira',
    title: 'A starship captain who never backs down',
    persona: 'Brave, curious and loyal to her crew.',
    greeting: 'Welcome aboard the *Nightingale*, traveller.',
    scenario: 'The ship drifts near an unknown nebula.',
    dialogue: '{{user}}: Where are we?\n{{char}}: Somewhere new.',
    avatar_url: '/api/avatars/mira.svg',
    avatar_is_nsfw: false,
    is_nsfw: false,
    visibility: 'public',
    definition_visible: true,
    tags: ['Sci-Fi', 'Adventure'],
    creator_user_id: 'creator1',
    creator_username: 'starwright',
    num_messages: 12_345,
    token_count: 845,
    rating_score: 0.87,
    createdAt: '2026-10-01T10:00:00.000Z',
    lorebooks: [{ id: 'lb1', name: 'Nebula Atlas' }],
    definition_hidden: false,
    num_favorites: 42,
    ...rest,
    viewer: { is_creator: false, is_favorite: false, rating: null, creator_blocked: false, ...viewer },
  };
}
