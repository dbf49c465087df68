import { characterProfileFixture } from '@fable/shared/testing';
import { autoResponseAccess, groupMembersOf, readAutoResponse, speakerOf, writeAutoResponse } from './groupMembers';

const members = [
  { id: 'm1', name: 'Captain Mira', avatar_url: '/api/avatars/mira.svg' },
  { id: 'm2', name: 'Brother Aldric' },
];
const group = { name: 'Night Shift', avatarUrl: null };

it('a group chat’s members come from its profile; a chatbot has none', () => {
  expect(groupMembersOf(characterProfileFixture({ type: 'group', sub_characters: members }))).toEqual(members);
  expect(groupMembersOf(characterProfileFixture({ type: 'group' }))).toEqual([]);
  expect(groupMembersOf(characterProfileFixture())).toBeNull();
  expect(groupMembersOf(undefined)).toBeNull();
});

it('a reply is shown from its member; the group’s greeting, a member gone and the user’s lines are not a member’s', () => {
  expect(speakerOf({ role: 'assistant', character_id: 'm1' }, members, group)).toEqual({ name: 'Captain Mira', avatarUrl: '/api/avatars/mira.svg' });
  expect(speakerOf({ role: 'assistant', character_id: 'm2' }, members, group)).toEqual({ name: 'Brother Aldric', avatarUrl: null });
  expect(speakerOf({ role: 'assistant', character_id: 'gone' }, members, group)).toBe(group);
  expect(speakerOf({ role: 'assistant', character_id: null }, members, group)).toBe(group);
  expect(speakerOf({ role: 'user', character_id: 'm1' }, members, group)).toBe(group);
});

it('Auto Response: top tier only; guests sign in, other members upgrade (document 1 §6)', () => {
  expect(autoResponseAccess(false, null)).toBe('signIn');
  expect(autoResponseAccess(true, 'free')).toBe('upgrade');
  expect(autoResponseAccess(true, 'basic')).toBe('upgrade');
  expect(autoResponseAccess(true, 'premium')).toBe('allowed');
});

it('the Auto Response choice is kept per group chat on this device', () => {
  window.localStorage.clear();
  expect(readAutoResponse('g1')).toBe(false);
  writeAutoResponse('g1', true);
  expect([readAutoResponse('g1'), readAutoResponse('g2')]).toEqual([true, false]);
  writeAutoResponse('g1', false);
  expect(readAutoResponse('g1')).toBe(false);
});
