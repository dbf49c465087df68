import { CHARACTER_MESSAGES as CM } from '@fable/contracts';
import type { GroupChatDetail } from '@fable/contracts';
import { changedFields, emptyGroupChat, GroupChatFormSchema, inputOf, valuesOf, type GroupChatValues } from './groupChatValues';

const member = (id: string, extra: Partial<GroupChatValues['members'][number]> = {}) => ({ id, name: `Bot ${id}`, avatar_url: null, ...extra });
const messages = (values: GroupChatValues) => {
  const parsed = GroupChatFormSchema.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the form values of a group chat', () => {
  it('takes a saved group with its members in the group\'s order', () => {
    const group: GroupChatDetail = {
      id: 'g1',
      name: 'Crew',
      title: 'On deck',
      avatar: '/api/avatars/crew.svg',
      visibility: 'public',
      tags: ['Adventure'],
      sub_characters: [
        { id: 'b', name: 'Bo', avatar_url: null, moderation_status: 'pending' },
        { id: 'a', name: 'Al', avatar_url: '/a.png' },
      ],
      sub_character_ids: ['a', 'b'],
      definition_visible: false,
      avatar_is_nsfw: false,
      num_messages: 0,
      creator_username: 'ada',
      worst_member_status: 'pending',
    };
    expect(valuesOf(group)).toEqual({
      name: 'Crew',
      title: 'On deck',
      avatar_url: '/api/avatars/crew.svg',
      tags: ['Adventure'],
      visibility: 'public',
      members: [
        { id: 'a', name: 'Al', avatar_url: '/a.png', moderation_status: null },
        { id: 'b', name: 'Bo', avatar_url: null, moderation_status: 'pending' },
      ],
    });
  });

  it('sends a new group with its member ids, leaving out an empty title and no avatar', () => {
    const values = { ...emptyGroupChat(), name: '  Crew ', members: [member('a'), member('b')], tags: ['Adventure'] };
    expect(inputOf(values)).toEqual({ name: 'Crew', visibility: 'private', sub_character_ids: ['a', 'b'], tags: ['Adventure'] });
    expect(inputOf({ ...values, title: 'On deck', avatar_url: '/api/avatars/x.svg' })).toMatchObject({ title: 'On deck', avatar: '/api/avatars/x.svg' });
  });

  it('sends only what changed on an edit, members by their order, an emptied title empty', () => {
    const saved = { ...emptyGroupChat(), name: 'Crew', title: 'On deck', members: [member('a'), member('b')], tags: ['A'] };
    expect(changedFields(saved, { ...saved })).toEqual({});
    expect(changedFields(saved, { ...saved, title: '' })).toEqual({ title: '' });
    expect(changedFields(saved, { ...saved, members: [member('b'), member('a')] })).toEqual({ sub_character_ids: ['b', 'a'] });
    expect(changedFields(saved, { ...saved, visibility: 'public', tags: ['A', 'B'], avatar_url: '/api/avatars/n.svg' })).toEqual({
      visibility: 'public',
      tags: ['A', 'B'],
      avatar: '/api/avatars/n.svg',
    });
  });

  it('says what is wrong in the form\'s words: the name, no members, more than 10, private members of a public group', () => {
    const valid = { ...emptyGroupChat(), name: 'Crew', members: [member('a')] };
    expect(messages(valid)).toEqual({});
    expect(messages({ ...valid, name: ' ' })).toEqual({ name: CM.nameRequired });
    expect(messages({ ...valid, name: 'ab' })).toEqual({ name: CM.nameTooShort });
    expect(messages({ ...valid, members: [] })).toEqual({ members: 'Groups require at least 2 chatbots to function properly.' });
    expect(messages({ ...valid, members: Array.from({ length: 11 }, (_, i) => member(`m${i}`)) })).toEqual({ members: "You can't add more than 10 chatbots." });
    expect(messages({ ...valid, visibility: 'public', members: [member('a', { visibility: 'private', name: 'Shy' }), member('b', { visibility: 'public' }), member('c')] })).toEqual({
      members: 'A public groupchat can only have public chatbots: remove Shy or make the group private.',
    });
  });
});
