import { GroupChatInputSchema, GroupChatUpdateInputSchema, groupChatListRank, worstMemberStatus } from './groupChat';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('group chat input', () => {
  const group = { name: 'Tavern', visibility: 'public', sub_character_ids: ['a', 'b'] };

  it("uses the chatbot form's messages for the name and title, and takes only our avatars", () => {
    expect(messagesOf(GroupChatInputSchema.safeParse({ ...group, name: '   ' }))).toEqual(['You must provide a name']);
    expect(messagesOf(GroupChatInputSchema.safeParse({ ...group, name: ' ab ' }))).toEqual(['Name should be longer']);
    expect(messagesOf(GroupChatInputSchema.safeParse({ ...group, name: 'x'.repeat(21) }))).toEqual(['Name should be 20 characters or less']);
    expect(messagesOf(GroupChatInputSchema.safeParse({ ...group, name: 'go to x.com' }))).toEqual(['Name should not contain any url/link']);
    expect(messagesOf(GroupChatInputSchema.safeParse({ ...group, title: 'see www.example.org' }))).toEqual(['Title should not contain any url/link']);
    expect(GroupChatInputSchema.safeParse({ ...group, avatar: '/api/avatars/crew.svg' }).success).toBe(true);
    expect(GroupChatInputSchema.safeParse({ ...group, avatar: 'https://elsewhere.example/a.png' }).success).toBe(false);
    expect(GroupChatInputSchema.parse({ ...group, name: '  Tavern  ' }).name).toBe('Tavern');
  });

  it('refuses a member twice and no member at all', () => {
    expect(messagesOf(GroupChatInputSchema.safeParse({ ...group, sub_character_ids: ['a', 'a'] }))).toEqual(['A chatbot can be added only once']);
    expect(messagesOf(GroupChatInputSchema.safeParse({ ...group, sub_character_ids: [] }))).toEqual([
      'Groups require at least 2 chatbots to function properly.',
    ]);
  });

  it('an update keeps what it does not send: no defaults fill absent fields', () => {
    expect(GroupChatUpdateInputSchema.parse({})).toEqual({});
    expect(GroupChatUpdateInputSchema.parse({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
    expect(GroupChatUpdateInputSchema.parse({ avatar: null })).toEqual({ avatar: null });
    expect(messagesOf(GroupChatUpdateInputSchema.safeParse({ sub_character_ids: Array.from({ length: 11 }, (_, i) => `c${i}`) }))).toEqual([
      "You can't add more than 10 chatbots.",
    ]);
  });
});

describe('a group shown by its worst member (document 2 §4)', () => {
  const of = (...statuses: Array<string | null>) => statuses.map((s) => ({ moderation_status: s as never }));
  it('picks fix_required, then rereview_required or pending, then the rest', () => {
    expect(worstMemberStatus(of(null, 'closed', 'pending', 'fix_required'))).toBe('fix_required');
    expect(worstMemberStatus(of('manual_review_required', 'pending'))).toBe('pending');
    expect(worstMemberStatus(of('closed', 'rereview_required', 'pending'))).toBe('rereview_required');
    expect(worstMemberStatus(of(null, 'closed'))).toBe('closed');
    expect(worstMemberStatus(of(null))).toBeNull();
    expect(worstMemberStatus([])).toBeNull();
  });
  it('ranks groups for the Groupchats tab', () => {
    expect([of('closed', 'fix_required'), of('pending'), of('rereview_required'), of('manual_review_required', null), of()].map(groupChatListRank)).toEqual([
      0, 1, 1, 2, 2,
    ]);
  });
});
