import { GENERATION_DEFAULTS, GUEST_PERMISSIONS, permissionsFor, TIERS } from '@fable/contracts';
import { AppError } from '../../http/appError';
import { createModelRegistry } from '../../infra/inference/models';
import type { CharacterRow } from '../characters/characterRow';
import type { Tokenizer } from '@fable/rules/tokens';
import type { TurnHistoryMessage } from './promptSources';
import { unsavedReply } from './turnKeep';
import { chooseModel, generationSettings, type PlanMember } from './turnModel';
import { planTurn, type TurnPlanInput } from './turnPlan';
import { askOf, checkTurnContext } from './turnRequest';

/** One token per word: prompts stay readable in the assertions. */
const words: Tokenizer = { name: 'words', count: (text) => (text.trim() === '' ? 0 : text.trim().split(/\s+/).length) };

const member = (over: Partial<PlanMember> = {}): PlanMember => ({ userId: 'u1', permissions: [], name: 'Alice', saved: {}, ...over });

const history = (...lines: Array<[string, 'user' | 'assistant', string]>): TurnHistoryMessage[] =>
  // newest first, as the turn context reads it; each message's prev_id is the one before it
  lines
    .map(([id, role, content], i) => ({ id, role, content, prev_id: i === 0 ? null : (lines[i - 1]?.[0] ?? null), token_count: words.count(content), sub_character_id: null }))
    .reverse();

const base = (over: Partial<TurnPlanInput> = {}): TurnPlanInput => {
  let n = 0;
  return {
    ask: { mode: 'message', text: 'Hello there' },
    body: {},
    member: null,
    character: { name: 'Aria', persona: 'A cheerful bard.', scenario: null, dialogue: null, greeting: 'Welcome, {{user}}!', lore: [] },
    conversation: null,
    history: [],
    memories: [],
    persona: null,
    model: { contextTokens: 8192 },
    tokenizer: words,
    newId: () => `id${(n += 1)}`,
    now: new Date('2026-01-02T03:04:05.000Z'),
    ...over,
  };
};

const promptTail = (plan: ReturnType<typeof planTurn>) => plan.inference.messages.filter((m) => m.role !== 'system').map((m) => `${m.role}: ${m.content}`);

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? `${err.statusCode} ${err.code} ${err.message}` : String(err);
  }
  return 'no error';
};

describe('askOf', () => {
  it('reads the mode: autopilot, then continue, then regenerate, then an alternate pick, else a message', () => {
    expect(askOf({ autopilot: true, continue_chat: true, regenerate: true })).toEqual({ mode: 'autopilot' });
    expect(askOf({ continue_chat: true, regenerate: true })).toEqual({ mode: 'continue' });
    expect(askOf({ regenerate: true, alt_message_id: 'a1' })).toEqual({ mode: 'regenerate' });
    expect(askOf({ alt_message_id: 'a1', message: '  ' })).toEqual({ mode: 'pick' });
    expect(askOf({ alt_message_id: 'a1', message: ' Hi ' })).toEqual({ mode: 'message', text: 'Hi' });
  });
  it('a group member’s turn without a message: sub_character_id and no text (after an alternate pick when both come)', () => {
    expect(askOf({ sub_character_id: 'AUTO' })).toEqual({ mode: 'next' });
    expect(askOf({ sub_character_id: 'b1', message: ' ' })).toEqual({ mode: 'next' });
    expect(askOf({ sub_character_id: 'b1', alt_message_id: 'a1' })).toEqual({ mode: 'next' });
    expect(askOf({ sub_character_id: 'b1', message: 'Hi' })).toEqual({ mode: 'message', text: 'Hi' });
    expect(askOf({ sub_character_id: 'b1', regenerate: true })).toEqual({ mode: 'regenerate' });
  });
  it('refuses a message turn without text (400)', () => {
    expect(codeOf(() => askOf({ message: ' \n ' }))).toMatch(/^400 .* message is required$/);
    expect(codeOf(() => askOf({}))).toMatch(/^400 /);
  });
});

describe('generationSettings', () => {
  it('applies the defaults whatever is sent without the generation_settings permission', () => {
    expect(generationSettings(null, { temperature: 1.5 })).toEqual(GENERATION_DEFAULTS);
    expect(generationSettings(member({ saved: { top_k: 3 } }), { temperature: 1.5 })).toEqual(GENERATION_DEFAULTS);
  });
  it('with the permission: the saved settings over the defaults, the call’s over both', () => {
    const m = member({ permissions: ['generation_settings'], saved: { top_k: 3, temperature: 0.2, model: 'plus' } });
    expect(generationSettings(m, { temperature: 1.5 })).toEqual({ ...GENERATION_DEFAULTS, top_k: 3, temperature: 1.5 });
  });
});

describe('chooseModel', () => {
  const models = createModelRegistry({
    demoTokenIntervalMs: 0,
    models: [
      { id: 'fake', name: 'Fake', tokens: '8K', base_url: 'http://127.0.0.1:9/v1', hide_unauthorized: false },
      { id: 'plus', name: 'Plus', tokens: '16K', base_url: 'http://127.0.0.1:9/v1', permission: '8k_context', hide_unauthorized: false },
    ],
    env: {},
  });
  const guest = { permissions: GUEST_PERMISSIONS };
  const premium = { permissions: ['8k_context' as const] };

  it('takes the model asked for: 400 unknown_model, 403 model_not_allowed', () => {
    expect(chooseModel(models, premium, undefined, 'plus').model.id).toBe('plus');
    expect(codeOf(() => chooseModel(models, guest, undefined, 'nope'))).toBe('400 unknown_model Unknown model: nope');
    expect(codeOf(() => chooseModel(models, guest, undefined, 'plus'))).toMatch(/^403 model_not_allowed /);
  });
  it('else the saved model while it is usable, else the first the caller may use', () => {
    expect(chooseModel(models, premium, 'plus', undefined).model.id).toBe('plus');
    expect(chooseModel(models, guest, 'plus', undefined).model.id).toBe('fake');
    expect(chooseModel(models, guest, undefined, undefined).contextTokens).toBe(8192);
  });
});

describe('checkTurnContext', () => {
  const character = { id: 'c1', application_id: 'fable', visibility: 'public' as CharacterRow['visibility'], creator_user_id: 'u9', aicq_manual_review_required: false, is_nsfw: false, blocked: false };
  const viewer = { applicationId: 'fable', userId: 'u1', subject: 'u1' };
  const check = (over: Partial<typeof character>, conversation: { character_id: string } | null = null, who: { member?: boolean; conversationId?: string | null } = {}) =>
    codeOf(() => checkTurnContext({ character: { ...character, ...over }, conversation }, { viewer, member: who.member ?? true, conversationId: who.conversationId ?? null }));

  it('answers the context when every check passes', () => {
    expect(check({})).toBe('no error');
    expect(check({}, { character_id: 'c1' }, { conversationId: 'cv1' })).toBe('no error');
  });
  it('refuses in order: a missing or closed character, manual review, a blocked creator, NSFW for a guest, another conversation', () => {
    expect(codeOf(() => checkTurnContext(null, { viewer, member: true, conversationId: null }))).toMatch(/^403 chat_not_allowed /);
    expect(check({ visibility: 'private', aicq_manual_review_required: true })).toMatch(/^403 chat_not_allowed /);
    expect(check({ aicq_manual_review_required: true, blocked: true })).toMatch(/^409 manual_review_required/);
    expect(check({ blocked: true, is_nsfw: true }, null, { member: false })).toMatch(/^403 creator_blocked/);
    expect(check({ is_nsfw: true }, null, { member: false })).toMatch(/^403 login_required/);
    expect(check({ is_nsfw: true })).toBe('no error');
    expect(check({}, null, { conversationId: 'cv1' })).toMatch(/^404 /);
    expect(check({}, { character_id: 'c2' }, { conversationId: 'cv1' })).toMatch(/^404 /);
  });
});

describe('planTurn', () => {
  const chat = history(['m1', 'assistant', 'Welcome!'], ['m2', 'user', 'Sing for me'], ['m3', 'assistant', 'La la la']);
  const conversation = { id: 'cv1', last_message_id: 'm3' };

  it('a guest’s message: their history (the greeting when there is none), then the message; nothing saved', () => {
    const plan = planTurn(base());
    expect(plan.conversationId).toBeNull();
    expect(promptTail(plan)).toEqual(['assistant: Welcome, User!', 'user: Hello there']);
    expect(plan.keep).toEqual({ saved: false, role: 'assistant', prefix: '', prevId: null });
    expect(plan.inference.hints).toMatchObject({ characterName: 'Aria', userName: 'User', lastUserMessage: 'Hello there', autopilot: false, continuing: false });

    const sent = planTurn(base({ body: { history: [{ role: 'assistant', content: 'Hi stranger' }, { role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Yes?' }] } }));
    expect(promptTail(sent)).toEqual(['assistant: Hi stranger', 'user: Hi', 'assistant: Yes?', 'user: Hello there']);
  });

  it('a member’s first message: a new conversation, its greeting, the user’s message after it, the reply after that', () => {
    const plan = planTurn(base({ member: member() }));
    expect(plan.conversationId).toBe('id1');
    expect(plan.keep).toEqual({
      saved: true,
      userId: 'u1',
      conversationId: 'id1',
      readTail: null,
      newConversation: { greetingId: 'id2' },
      userMessage: {
        id: 'id3',
        role: 'user',
        content: 'Hello there',
        prev_id: 'id2',
        is_alternative: false,
        createdAt: '2026-01-02T03:04:05.000Z',
        rating: null,
        character_id: null,
        conversation_id: 'id1',
        label: null,
      },
      reply: { kind: 'new', prevId: 'id3' },
      replyTail: 'id3',
    });
    expect(plan.inference.hints?.userName).toBe('Alice');
    const noGreeting = planTurn(base({ member: member(), character: { ...base().character, greeting: ' ' } }));
    expect(noGreeting.keep).toMatchObject({ newConversation: { greetingId: null }, userMessage: { prev_id: null } });
  });

  it('a member’s message in their conversation: the main line oldest first, fenced on the tail read', () => {
    const plan = planTurn(base({ member: member(), conversation, history: chat, persona: { id: 'p1', name: 'Zed', highlights: '' } }));
    expect(promptTail(plan)).toEqual(['assistant: Welcome!', 'user: Sing for me', 'assistant: La la la', 'user: Hello there']);
    expect(plan.conversationId).toBe('cv1');
    expect(plan.keep).toMatchObject({ conversationId: 'cv1', readTail: 'm3', newConversation: null, userMessage: { id: 'id1', prev_id: 'm3' }, replyTail: 'id1' });
    expect(plan.inference.hints?.userName).toBe('Zed');
  });

  it('regenerate: the last reply leaves the prompt and joins the alternates; after a user message, a new reply', () => {
    const plan = planTurn(base({ ask: { mode: 'regenerate' }, member: member(), conversation, history: chat }));
    expect(promptTail(plan)).toEqual(['assistant: Welcome!', 'user: Sing for me']);
    expect(plan.keep).toMatchObject({ userMessage: null, reply: { kind: 'replace', replacedId: 'm3', prevId: 'm2' }, replyTail: 'm3' });

    const afterUser = planTurn(base({ ask: { mode: 'regenerate' }, member: member(), conversation: { id: 'cv1', last_message_id: 'm2' }, history: chat.slice(1) }));
    expect(afterUser.keep).toMatchObject({ reply: { kind: 'new', prevId: 'm2' }, replyTail: 'm2' });
    expect(promptTail(afterUser).at(-1)).toBe('user: Sing for me');
  });

  it('regenerate in a new conversation is refused (400); a guest regenerates the last reply of their history', () => {
    expect(codeOf(() => planTurn(base({ ask: { mode: 'regenerate' }, member: member() })))).toBe('400 bad_request Nothing to regenerate in a new conversation');
    const guest = planTurn(base({ ask: { mode: 'regenerate' } }));
    expect(promptTail(guest)).toEqual([]);
    expect(guest.keep).toEqual({ saved: false, role: 'assistant', prefix: '', prevId: null });
  });

  it('continue: appends to the last reply; refused without one, and in a new conversation (its greeting is not saved)', () => {
    const plan = planTurn(base({ ask: { mode: 'continue' }, member: member(), conversation, history: chat }));
    expect(plan.keep).toMatchObject({ reply: { kind: 'append', messageId: 'm3', content: 'La la la' }, replyTail: 'm3' });
    expect(plan.inference.hints?.continuing).toBe(true);
    expect(promptTail(plan).at(-1)).toBe('assistant: La la la');

    const noReply = /^400 bad_request There is no reply to continue$/;
    expect(codeOf(() => planTurn(base({ ask: { mode: 'continue' }, member: member(), conversation, history: chat.slice(1) })))).toMatch(noReply);
    expect(codeOf(() => planTurn(base({ ask: { mode: 'continue' }, member: member() })))).toMatch(noReply);
    expect(codeOf(() => planTurn(base({ ask: { mode: 'continue' }, character: { ...base().character, greeting: '' } })))).toMatch(noReply);

    const guest = planTurn(base({ ask: { mode: 'continue' } }));
    expect(guest.keep).toEqual({ saved: false, role: 'assistant', prefix: 'Welcome, {{user}}!', prevId: null });
  });

  it('autopilot: the user’s next line, in the member’s conversation, saved nowhere', () => {
    const plan = planTurn(base({ ask: { mode: 'autopilot' }, member: member(), conversation, history: chat }));
    expect(plan.conversationId).toBe('cv1');
    expect(plan.keep).toEqual({ saved: false, role: 'user', prefix: '', prevId: 'm3' });
    expect(plan.inference.hints).toMatchObject({ autopilot: true, lastUserMessage: 'Sing for me' });
  });

  it('limits: the context by the caller’s permissions and the model, room for max_new_tokens, the settings sent on', () => {
    expect(planTurn(base({ model: { contextTokens: 16384 } })).contextTokens).toBe(2048);
    expect(planTurn(base({ member: member({ permissions: ['8k_context'] }), model: { contextTokens: 16384 } })).contextTokens).toBe(8192);
    expect(planTurn(base({ member: member({ permissions: ['8k_context', '16k_context'] }), model: { contextTokens: 16384 } })).contextTokens).toBe(16384);
    expect(planTurn(base({ member: member({ permissions: ['8k_context'] }), model: { contextTokens: 1024 } })).contextTokens).toBe(1024);
    // Any 16K model, the member's own key included (it carries no permission of its own): the tier's context.
    const expected = { free: 4096, minimal: 4096, basic: 8192, premium: 16384 } as const;
    for (const tier of TIERS) {
      expect(planTurn(base({ member: member({ permissions: permissionsFor(tier) }), model: { contextTokens: 16384 } })).contextTokens).toBe(expected[tier]);
    }
    const plan = planTurn(base({ member: member({ permissions: ['generation_settings'] }), body: { inference_settings: { max_new_tokens: 50, top_k: 7 } } }));
    expect(plan.inference).toMatchObject({ maxTokens: 50, topK: 7, temperature: GENERATION_DEFAULTS.temperature, topP: GENERATION_DEFAULTS.top_p });
  });

  it('keeps the prompt within the context less the reply’s room, dropping the oldest history first', () => {
    const long = history(...Array.from({ length: 40 }, (_, i): [string, 'user' | 'assistant', string] => [`m${i}`, i % 2 ? 'user' : 'assistant', `line ${i} ${'word '.repeat(20)}`]));
    const plan = planTurn(base({ member: member(), conversation: { id: 'cv1', last_message_id: 'm39' }, history: long, model: { contextTokens: 400 } }));
    const tail = promptTail(plan);
    expect(tail.at(-1)).toBe('user: Hello there');
    expect(tail.length).toBeLessThan(41);
    expect(tail.some((l) => l.includes('line 39 '))).toBe(true);
    expect(tail.some((l) => l.includes('line 0 '))).toBe(false);
  });
});

describe('planTurn in a group chat', () => {
  const lore = (id: string, keyword: string, content: string) => ({ id, keywords: [keyword], content });
  const vale = { id: 'b1', name: 'Vale', persona: 'A tired detective.', scenario: 'A rainy office.', dialogue: null, greeting: 'Sit down.', lore: [lore('e2', 'docks', 'The docks are foggy.')] };
  const group = { speaker: vale, members: [{ id: 'b0', name: 'Mira' }, { id: 'b1', name: 'Vale' }, { id: 'b2', name: 'Aldric' }] };
  const groupRow = { name: 'Night Shift', persona: '', scenario: null, dialogue: null, greeting: '', lore: [lore('e1', 'rain', 'It always rains.'), lore('e2', 'docks', 'The docks are foggy.')] };
  const line = (id: string, role: 'user' | 'assistant', content: string, speaker: string | null): TurnHistoryMessage => ({ id, role, content, prev_id: null, token_count: words.count(content), sub_character_id: speaker });
  // newest first
  const said = [line('m3', 'assistant', 'I keep watch.', 'b1'), line('m2', 'assistant', 'Ahoy, {{user}}!', 'b0'), line('m1', 'user', 'Hi all', null)];
  const inGroup = (over: Partial<TurnPlanInput> = {}) =>
    planTurn(base({ member: member(), character: groupRow, conversation: { id: 'cv1', last_message_id: 'm3' }, history: said, group, ...over }));

  it('the speaker’s own definition, the others’ names, the user’s and the others’ lines named from the speaker’s side', () => {
    const plan = inGroup({ ask: { mode: 'message', text: 'Talk about the docks in the rain' } });
    const system = plan.inference.messages[0]!.content;
    expect(system).toContain('You are Vale, in a group chat with Alice, Mira and Aldric.');
    expect(system).toContain("write only Vale's next reply");
    expect(system).toContain('Never write the lines, actions or thoughts of Mira, Aldric and Alice');
    expect(system).toContain("[Vale's personality]\nA tired detective.");
    expect(system).toContain('A rainy office.');
    // The group's lore and the speaker's, an entry both hold once.
    expect(system).toContain('It always rains.');
    expect(system.match(/The docks are foggy\./g)).toHaveLength(1);
    expect(promptTail(plan)).toEqual(['user: Alice: Hi all', 'user: Mira: Ahoy, Alice!', 'assistant: I keep watch.', 'user: Alice: Talk about the docks in the rain']);
    expect(plan.speakerId).toBe('b1');
    expect(plan.voices).toEqual({ speaker: 'Vale', others: ['Mira', 'Aldric', 'Alice'] });
    expect(plan.inference.hints).toMatchObject({ characterName: 'Vale', personality: 'A tired detective.', greeting: 'Sit down.', lastUserMessage: 'Talk about the docks in the rain' });
    // The user's message is nobody's: no member id on it.
    expect(plan.keep).toMatchObject({ userMessage: { character_id: null } });
  });

  it('a member’s turn without a message: a reply after the tail; in a new chat the conversation is opened for it', () => {
    const next = inGroup({ ask: { mode: 'next' } });
    expect(next.keep).toMatchObject({ saved: true, userMessage: null, newConversation: null, reply: { kind: 'new', prevId: 'm3' }, replyTail: 'm3' });
    expect(promptTail(next).at(-1)).toBe('assistant: I keep watch.');

    const opening = inGroup({ ask: { mode: 'next' }, conversation: null, history: [] });
    expect(opening.keep).toMatchObject({ saved: true, conversationId: 'id1', newConversation: { greetingId: null }, userMessage: null, reply: { kind: 'new', prevId: null }, replyTail: null });
    const greeted = inGroup({ ask: { mode: 'next' }, conversation: null, history: [], character: { ...groupRow, greeting: 'Welcome to the station.' } });
    expect(greeted.keep).toMatchObject({ newConversation: { greetingId: 'id2' }, reply: { kind: 'new', prevId: 'id2' }, replyTail: 'id2' });

    const guest = planTurn(base({ ask: { mode: 'next' }, character: groupRow, group, body: { history: [{ role: 'user', content: 'Hi' }] } }));
    expect(guest.keep).toEqual({ saved: false, role: 'assistant', prefix: '', prevId: null });
    expect(unsavedReply(guest.keep as never, 'Hm.', { id: 'r1', conversationId: 'guest', now: new Date(0), speakerId: guest.speakerId })).toMatchObject({ character_id: 'b1' });
  });

  it('autopilot writes the user’s line among all the members, and keeps to the user’s voice', () => {
    const plan = inGroup({ ask: { mode: 'autopilot' } });
    expect(plan.inference.messages[0]!.content).toContain('You write the next reply of Alice, who is in a group chat with Vale, Mira and Aldric.');
    expect(plan.speakerId).toBeNull();
    expect(plan.voices).toEqual({ speaker: 'Alice', others: ['Mira', 'Vale', 'Aldric'] });
  });

  it('a chatbot’s turn has no voices and no speaker', () => {
    const plan = planTurn(base());
    expect(plan.speakerId).toBeNull();
    expect(plan.voices).toBeNull();
  });
});

describe('unsavedReply', () => {
  it('is the stream’s text after the prefix, with the plan’s role and prev_id', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(unsavedReply({ saved: false, role: 'assistant', prefix: 'Once', prevId: 'm3' }, ' upon a time', { id: 'r1', conversationId: 'guest', now: at, speakerId: null })).toEqual({
      id: 'r1',
      role: 'assistant',
      content: 'Once upon a time',
      prev_id: 'm3',
      is_alternative: false,
      createdAt: at.toISOString(),
      conversation_id: 'guest',
    });
  });
});
