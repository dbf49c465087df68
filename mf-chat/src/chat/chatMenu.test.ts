import { canShareChatbot, chatMenuEntries, type ChatMenuContext } from './chatMenu';

const base: ChatMenuContext = { member: true, isCreator: false, savedConversation: true, hasMessages: true, canShare: true, hasMemoryPermission: true };

it('gives members of a saved conversation every entry but Edit Chatbot', () => {
  expect(chatMenuEntries(base)).toEqual([
    'startNewChat',
    'shareChatbot',
    'viewSavedChats',
    'removeMessages',
    'changePersona',
    'cloneConversation',
    'changeTitle',
    'favorite',
    'blockCreator',
    'manageMemories',
    'generationSettings',
  ]);
});

it('gives the creator Edit Chatbot instead of favourite and Block Creator', () => {
  const entries = chatMenuEntries({ ...base, isCreator: true });
  expect(entries).toContain('editChatbot');
  expect(entries).not.toContain('blockCreator');
  expect(entries).not.toContain('favorite');
});

it('hides Block Creator, favourites, saved chats and conversation entries from guests', () => {
  expect(chatMenuEntries({ ...base, member: false, savedConversation: false })).toEqual(['startNewChat', 'shareChatbot', 'removeMessages', 'generationSettings']);
});

it('offers Manage Memories only with memory_manager and a saved conversation', () => {
  expect(chatMenuEntries({ ...base, hasMemoryPermission: false })).not.toContain('manageMemories');
  expect(chatMenuEntries({ ...base, savedConversation: false })).not.toContain('manageMemories');
});

it('shares public and unlisted bots only, not when the creator is blocked nor in partner mode', () => {
  expect(canShareChatbot('public', false, false)).toBe(true);
  expect(canShareChatbot('hidden', false, false)).toBe(true);
  expect(canShareChatbot('private', false, false)).toBe(false);
  expect(canShareChatbot('public', true, false)).toBe(false);
  expect(canShareChatbot('public', false, true)).toBe(false);
});

it('offers Enable/Disable Auto Response in a group chat behind its flag, after the favourite, to guests too', () => {
  expect(chatMenuEntries({ ...base, autoResponse: true }).slice(7, 10)).toEqual(['favorite', 'autoResponse', 'blockCreator']);
  expect(chatMenuEntries({ ...base, member: false, savedConversation: false, autoResponse: true })).toContain('autoResponse');
  expect(chatMenuEntries(base)).not.toContain('autoResponse');
});

it('hides Start New Chat and Remove Messages while waiting in the waiting room (document 1 §4)', () => {
  const ctx = { member: true, isCreator: false, savedConversation: true, hasMessages: true, canShare: true, hasMemoryPermission: false };
  expect(chatMenuEntries(ctx)).toEqual(expect.arrayContaining(['startNewChat', 'removeMessages']));
  const locked = chatMenuEntries({ ...ctx, queueLocked: true });
  expect(locked).not.toContain('startNewChat');
  expect(locked).not.toContain('removeMessages');
  expect(locked).toContain('viewSavedChats');
});

it('offers Set Voice on a saved conversation to members who may speak, and Translate when it is offered (document 1 §6)', () => {
  const ctx = { member: true, isCreator: false, savedConversation: true, hasMessages: true, canShare: true, hasMemoryPermission: false };
  expect(chatMenuEntries({ ...ctx, voice: true })).toContain('setVoice');
  expect(chatMenuEntries({ ...ctx, voice: true, savedConversation: false })).not.toContain('setVoice');
  expect(chatMenuEntries({ ...ctx, voice: false })).not.toContain('setVoice');
  expect(chatMenuEntries({ ...ctx, translate: true }).at(-1)).toBe('translate');
  expect(chatMenuEntries(ctx)).not.toContain('translate');
});
