import type { ChatMessage } from '@fable/contracts';
import { chatViewReducer, idsFrom, initialChatView, pagedAlternateId, shownAlternateIndex, type ChatViewState } from './conversationState';

const msg = (id: string, role: ChatMessage['role'], content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  role,
  content,
  prev_id: null,
  is_alternative: false,
  createdAt: '2026-11-23T10:00:00.000Z',
  conversation_id: 'c1',
  ...extra,
});

const withAlternates = (): ChatViewState => ({
  ...initialChatView,
  messages: [
    msg('u1', 'user', 'hello'),
    msg('b3', 'assistant', 'third', {
      alternates: [
        { id: 'b1', content: 'first', createdAt: '2026-11-23T10:00:00.000Z' },
        { id: 'b2', content: 'second', createdAt: '2026-11-23T10:00:01.000Z' },
      ],
    }),
  ],
});

describe('alternates pager', () => {
  it('shows the newest reply first and pages with clamping at both ends', () => {
    let state = withAlternates();
    expect(shownAlternateIndex(state)).toBe(2);
    state = chatViewReducer(state, { type: 'paged', delta: 1 });
    expect(shownAlternateIndex(state)).toBe(2);
    state = chatViewReducer(state, { type: 'paged', delta: -1 });
    state = chatViewReducer(state, { type: 'paged', delta: -1 });
    expect(shownAlternateIndex(state)).toBe(0);
    state = chatViewReducer(state, { type: 'paged', delta: -1 });
    expect(shownAlternateIndex(state)).toBe(0);
    state = chatViewReducer(state, { type: 'pagedTo', index: 99 });
    expect(shownAlternateIndex(state)).toBe(2);
  });

  it('gives the paged alternate for alt_message_id, none on the newest', () => {
    let state = withAlternates();
    expect(pagedAlternateId(state)).toBeNull();
    state = chatViewReducer(state, { type: 'paged', delta: -1 });
    expect(pagedAlternateId(state)).toBe('b2');
  });

  it('has nothing to page without alternates', () => {
    const state: ChatViewState = { ...initialChatView, messages: [msg('b1', 'assistant', 'only')] };
    expect(shownAlternateIndex(state)).toBeNull();
    expect(chatViewReducer(state, { type: 'paged', delta: -1 })).toBe(state);
  });
});

describe('turns', () => {
  it('streams a reply token by token and appends the saved reply', () => {
    let state: ChatViewState = { ...initialChatView, messages: [msg('u1', 'user', 'hi')] };
    state = chatViewReducer(state, { type: 'streamStarted', kind: 'reply' });
    state = chatViewReducer(state, { type: 'token', text: 'Hel' });
    state = chatViewReducer(state, { type: 'token', text: 'lo' });
    expect(state.stream).toEqual({ kind: 'reply', text: 'Hello', speakerId: null });
    state = chatViewReducer(state, { type: 'replyDone', message: msg('b1', 'assistant', 'Hello!') });
    expect(state.stream).toBeNull();
    expect(state.messages.map((m) => m.id)).toEqual(['u1', 'b1']);
  });

  it('keeps the member the stream names as the writer of the reply in progress (a group chat), until the turn ends', () => {
    let state: ChatViewState = chatViewReducer({ ...initialChatView, messages: [msg('u1', 'user', 'hi')] }, { type: 'speakerKnown', characterId: 'bot2' });
    expect(state.stream).toBeNull();
    state = chatViewReducer(state, { type: 'streamStarted', kind: 'reply' });
    state = chatViewReducer(state, { type: 'speakerKnown', characterId: 'bot2' });
    state = chatViewReducer(state, { type: 'token', text: 'Hi' });
    expect(state.stream).toEqual({ kind: 'reply', text: 'Hi', speakerId: 'bot2' });
    state = chatViewReducer(state, { type: 'streamEnded' });
    expect(state.stream).toBeNull();
  });

  it('regenerating moves the old reply into the alternates', () => {
    let state: ChatViewState = { ...initialChatView, messages: [msg('u1', 'user', 'hi'), msg('b1', 'assistant', 'one')] };
    state = chatViewReducer(state, { type: 'streamStarted', kind: 'regenerate' });
    state = chatViewReducer(state, { type: 'replyDone', message: msg('b2', 'assistant', 'two') });
    expect(state.messages[1]).toMatchObject({ id: 'b2', content: 'two', alternates: [{ id: 'b1', content: 'one' }] });
    expect(shownAlternateIndex(state)).toBe(1);
  });

  it('continuing replaces the last reply with the longer one', () => {
    let state: ChatViewState = { ...initialChatView, messages: [msg('b1', 'assistant', 'Once')] };
    state = chatViewReducer(state, { type: 'streamStarted', kind: 'continue' });
    state = chatViewReducer(state, { type: 'replyDone', message: msg('b1', 'assistant', 'Once upon a time') });
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]!.content).toBe('Once upon a time');
  });

  it('autopilot adds nothing to the list', () => {
    let state: ChatViewState = { ...initialChatView, messages: [msg('b1', 'assistant', 'Hi')] };
    state = chatViewReducer(state, { type: 'streamStarted', kind: 'autopilot' });
    state = chatViewReducer(state, { type: 'replyDone', message: msg('x', 'user', 'suggestion') });
    expect(state.messages.map((m) => m.id)).toEqual(['b1']);
  });
});

describe('removal', () => {
  it('removes the picked message and all later ones, alternates included', () => {
    const state = withAlternates();
    expect(idsFrom(state.messages, 'u1')).toEqual(['u1', 'b3', 'b1', 'b2']);
    expect(idsFrom(state.messages, 'nope')).toEqual([]);
    expect(chatViewReducer(state, { type: 'messagesRemovedFrom', id: 'b3' }).messages.map((m) => m.id)).toEqual(['u1']);
  });
});

it('loading older messages puts them first without duplicates', () => {
  const state: ChatViewState = { ...initialChatView, messages: [msg('m3', 'user', 'c')] };
  const next = chatViewReducer(state, { type: 'olderLoaded', messages: [msg('m1', 'user', 'a'), msg('m3', 'user', 'c')], hasMore: false });
  expect(next.messages.map((m) => m.id)).toEqual(['m1', 'm3']);
});
