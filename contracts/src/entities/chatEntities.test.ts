import { GENERATION_DEFAULTS } from '../limits/chatLimits';
import { ConversationSchema, ConversationTitleSchema } from './conversation';
import { ConversationImageSettingsSchema } from './image';
import { InferenceModelSchema, InferenceSettingsSchema, modelContextTokens } from './inference';
import { MemoryContentSchema, compareMemories } from './memory';
import { MessageSchema } from './message';
import { WaitingQueueSchema } from './queue';
import { VoiceFeedbackSchema } from './voice';

describe('inference settings', () => {
  it('defaults to the spec generation defaults', () => {
    expect(InferenceSettingsSchema.parse({})).toEqual(GENERATION_DEFAULTS);
  });
  it.each([
    { max_new_tokens: 179 },
    { max_new_tokens: 301 },
    { temperature: 1.51 },
    { top_p: 0 },
    { top_k: 101 },
    { top_k: 2.5 },
  ])('rejects %j', (bad) => {
    expect(InferenceSettingsSchema.safeParse(bad).success).toBe(false);
  });
  it('accepts the slider bounds', () => {
    expect(InferenceSettingsSchema.safeParse({ max_new_tokens: 300, temperature: 0, top_p: 0.01, top_k: 1 }).success).toBe(true);
  });
});

it('reads model context labels', () => {
  expect(modelContextTokens('8K')).toBe(8192);
  expect(modelContextTokens('16K')).toBe(16384);
  expect(InferenceModelSchema.safeParse({ id: 'm', name: 'M', tokens: '8 k' }).success).toBe(false);
  expect(InferenceModelSchema.safeParse({ id: 'm', name: 'M', tokens: '16K', permission: 'no_such_permission' }).success).toBe(false);
});

describe('message', () => {
  const message = { id: 'm1', role: 'assistant', content: 'Hi', prev_id: null, createdAt: '2025-01-01T00:00:00Z', conversation_id: 'k1' };
  it('accepts a bot message', () => {
    expect(MessageSchema.parse(message).is_alternative).toBe(false);
  });
  it('rejects an unknown role and rating, and a missing conversation', () => {
    expect(MessageSchema.safeParse({ ...message, role: 'system' }).success).toBe(false);
    expect(MessageSchema.safeParse({ ...message, rating: 'ok' }).success).toBe(false);
    const { conversation_id: _c, ...rest } = message;
    expect(MessageSchema.safeParse(rest).success).toBe(false);
  });
});

describe('conversation', () => {
  it('titles are non-blank and at most 50', () => {
    expect(ConversationTitleSchema.safeParse('  ').success).toBe(false);
    expect(ConversationTitleSchema.safeParse('x'.repeat(51)).success).toBe(false);
    expect(ConversationTitleSchema.parse('  Night watch ')).toBe('Night watch');
  });
  it('parses a list entry', () => {
    expect(ConversationSchema.parse({ id: 'k1', character_id: 'c1', is_last_id: true }).message_count).toBe(0);
  });
});

describe('memory', () => {
  it("refuses over 250 with 'The memory text is too long'", () => {
    expect(MemoryContentSchema.safeParse('x'.repeat(251)).error?.issues[0]?.message).toBe('The memory text is too long');
    expect(MemoryContentSchema.safeParse('x'.repeat(250)).success).toBe(true);
  });
  it('orders pinned first, then newest', () => {
    const list = [
      { id: 'a', is_pinned: false, createdAt: '2025-01-03T00:00:00Z' },
      { id: 'b', is_pinned: true, createdAt: '2025-01-01T00:00:00Z' },
      { id: 'c', is_pinned: false, createdAt: '2025-01-04T00:00:00Z' },
    ];
    expect([...list].sort(compareMemories).map((m) => m.id)).toEqual(['b', 'c', 'a']);
  });
});

it('queue status is one of waiting, access, expired, refresh', () => {
  expect(WaitingQueueSchema.safeParse({ status: 'waiting', position: 3, time_left: 120 }).success).toBe(true);
  expect(WaitingQueueSchema.safeParse({ status: 'queued' }).success).toBe(false);
});

it('image settings default to semi-realistic and lora scale 0.8', () => {
  expect(ConversationImageSettingsSchema.parse({})).toMatchObject({ model_style: 'semi-realistic', lora_scale: 0.8 });
  expect(ConversationImageSettingsSchema.safeParse({ user_negative_prompt: 'x'.repeat(301) }).success).toBe(false);
  expect(ConversationImageSettingsSchema.safeParse({ lora_scale: 1.1 }).success).toBe(false);
});

it('a voice dislike needs a reason', () => {
  expect(VoiceFeedbackSchema.safeParse({ message_id: 'm', voice_id: 'v', rating: 'dislike' }).success).toBe(false);
  expect(VoiceFeedbackSchema.safeParse({ message_id: 'm', voice_id: 'v', rating: 'dislike', reason: 'too_fast' }).success).toBe(true);
});
