import type { CharacterProfile, ChatMessage } from '@fable/contracts';
import { characterProfileFixture } from '@fable/shared/testing';

/** The chatbot of the chat screen's tests: a greeting with HTML (the screen strips it), no definition extras. */
export function characterFixture(overrides: Partial<CharacterProfile> = {}): CharacterProfile {
  return characterProfileFixture({
    title: 'A starship captain',
    persona: 'Brave.',
    greeting: 'Welcome aboard, <b>traveller</b>.',
    scenario: null,
    dialogue: null,
    avatar_url: null,
    num_messages: 10,
    num_favorites: 1,
    ...overrides,
  });
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
