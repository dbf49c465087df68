import type { Conversation } from '@fable/contracts';

/** A conversation as GET /api/conversations lists it. */
export function conversationFixture(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'conv1',
    character_id: 'ch1',
    character: { name: 'Aria', title: 'A wandering bard', avatar_url: 'https://cdn.test/aria.png', avatar_is_nsfw: false },
    user_persona_id: null,
    label: null,
    last_message: { content: 'Hello <b>there</b>', createdAt: '2026-11-20T10:00:00.000Z' },
    last_message_id: 'm1',
    message_count: 4,
    ...overrides,
  };
}
