import { groupChatDetail, memberOptionList, mergeFields } from './groupChatDetail';

const row = {
  id: 'g1',
  name: 'Night Shift',
  title: 'A crew',
  avatar_url: null,
  avatar_is_nsfw: false,
  visibility: 'private',
  definition_visible: false,
  aicq_manual_review_required: false,
  num_messages: '7',
  tags: ['Noir'],
  creator_username: 'ada',
};

describe('a group as its answer', () => {
  it('its members (as seen), their ids, summed tokens, the count as a number and the status `worstOf` names', () => {
    const members = [
      { id: 'a', name: 'A', avatar_url: null, moderation_status: 'pending', token_count: 3 },
      { id: 'b', name: 'B', avatar_url: '/b.svg', moderation_status: null, token_count: 4 },
    ];
    const detail = groupChatDetail(row, members, (subs) => subs.map((s) => s.moderation_status).find((s) => s) ?? null);
    expect(detail).toMatchObject({ id: 'g1', avatar: null, sub_character_ids: ['a', 'b'], token_count: 7, num_messages: 7, worst_member_status: 'pending' });
    expect(detail.sub_characters[1]).toEqual({ id: 'b', name: 'B', avatar_url: '/b.svg', moderation_status: null });
  });
});

describe('the fields of a save', () => {
  it('create: the body, with defaults; update: only the fields sent, a null avatar removes it', () => {
    expect(mergeFields(null, { name: 'New', visibility: 'public', sub_character_ids: ['a'] })).toEqual({
      name: 'New',
      title: '',
      tags: [],
      visibility: 'public',
      avatar_url: null,
      sent_member_ids: ['a'],
    });
    const current = { ...row, avatar_url: '/api/avatars/x.svg' };
    expect(mergeFields(current, { title: 'Other' })).toEqual({ name: 'Night Shift', title: 'Other', tags: ['Noir'], visibility: 'private', avatar_url: '/api/avatars/x.svg', sent_member_ids: null });
    expect(mergeFields(current, { avatar: null }).avatar_url).toBeNull();
  });
});

describe('the members page’s options', () => {
  it('each chatbot once, in the order given, at most `max`, with the option’s fields only', () => {
    const option = (id: string, own = false) => ({ id, name: id, title: '', avatar_url: null, avatar_is_nsfw: false, visibility: 'public', creator_username: 'x', own, num_messages: 1 });
    const list = memberOptionList([option('a', true), option('b'), option('a'), option('c'), option('d')], 3);
    expect(list.map((o) => o.id)).toEqual(['a', 'b', 'c']);
    expect(list[0]).not.toHaveProperty('num_messages');
  });
});
