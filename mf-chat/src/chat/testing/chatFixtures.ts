import type { CharacterProfile, ChatMessage } from '@fable/contracts';

export function characterFixture(overrides: Partial<CharacterProfile> = {}): CharacterProfile {
  const { viewer, ...rest } = overrides;
  return {
    id: 'bot1',
    name: 'Captain Mira',
    title: 'A starship captain',
    persona: 'Brave.',
    greeting: 'Welcome aboard, <b>traveller</b>.',
    scenario: null,
    dialogue: null,
    avatar_url: null,
    avatar_is_nsfw: false,
    is_nsfw: false,
    visibility: 'public',
    definition_visible: true,
    tags: ['Sci-Fi', 'Adventure'],
    creator_user_id: 'creator1',
    creator_username: 'starwright',
    num_messages: 10,
    createdAt: '2026-10-01T10:00:00.000Z',
    definition_hidden: false,
    num_favorites: 1,
    ...rest,
    viewer: { is_creator: false, is_favorite: false, rating: null, creator_blocked: false, ...viewer },
  } as CharacterProfile;
}

export function messageFixture(id: string, role: ChatMessage['role'], content: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return { id, role, content, prev_id: null, is_alternative: false, createdAt: '2026-11-23T10:00:00.000Z', conversation_id: 'c1', ...extra };
}

export const conversationFixture = (overrides: Record<string, unknown> = {}) => ({
  id: 'c1',
  character_id: 'bot1',
  label: 'Nebula trip',
  message_count: 2,
  ...overrides,
});
