import { checkMembers, memberShows, membersTokenCount, planMembers, shownMembers, speakingMembers, toSubCharacter, type GroupMember } from './groupMembers';

const member = (id: string, over: Partial<GroupMember & { aicq_manual_review_required: boolean }> = {}) => ({
  id,
  name: id.toUpperCase(),
  avatar_url: null,
  moderation_status: null,
  application_id: 'app',
  creator_user_id: 'owner',
  visibility: 'public',
  type: 'character',
  token_count: 10,
  is_nsfw: false,
  listable: true,
  aicq_manual_review_required: false,
  ...over,
});
const rows = [
  member('own-private', { listable: false, visibility: 'private' }),
  member('public', { creator_user_id: 'someone' }),
  member('others-private', { listable: false, visibility: 'private', creator_user_id: 'someone' }),
  member('held', { aicq_manual_review_required: true }),
  member('elsewhere', { application_id: 'other' }),
  member('group', { type: 'group' }),
];
const byId = new Map(rows.map((r) => [r.id, r]));
const group = { application_id: 'app', creator_user_id: 'owner' };
const ids = (list: readonly { id: string }[]) => list.map((m) => m.id);

describe('members on a read', () => {
  it('the group’s creator sees their own chatbots whatever their visibility; everyone the ones listings show, of the group’s application', () => {
    expect(memberShows(byId.get('own-private'), group, 'owner')).toBe(true);
    expect(memberShows(byId.get('own-private'), group, 'visitor')).toBe(false);
    expect(memberShows(undefined, group, 'owner')).toBe(false);
    expect(ids(shownMembers([...byId.keys(), 'unknown'], byId, group, 'owner'))).toEqual(['own-private', 'public', 'held']);
    expect(ids(shownMembers([...byId.keys()], byId, group, null))).toEqual(['public', 'held']);
  });

  it('who may speak: those shown, not one held for a manual review, in the group’s order', () => {
    expect(ids(speakingMembers(group, rows, 'owner'))).toEqual(['own-private', 'public']);
    expect(ids(speakingMembers(group, rows, 'visitor'))).toEqual(['public']);
  });

  it('a member as answers carry it, and the group’s token count', () => {
    expect(toSubCharacter(member('x', { moderation_status: 'pending' }))).toEqual({ id: 'x', name: 'X', avatar_url: null, moderation_status: 'pending' });
    expect(membersTokenCount(rows.slice(0, 3))).toBe(30);
  });
});

describe('members on a save', () => {
  const save = (visibility: 'public' | 'private') => ({ applicationId: 'app', creatorUserId: 'owner', visibility });

  it('names the first refused member: unavailable, not public, withdrawn', () => {
    expect(checkMembers(['public', 'own-private'], byId, save('private'))).toBeNull();
    expect(checkMembers(['public', 'own-private'], byId, save('public'))).toEqual({ reason: 'not_public', index: 1, character_id: 'own-private' });
    for (const id of ['others-private', 'elsewhere', 'group', 'unknown']) {
      expect(checkMembers([id], byId, save('private'))?.reason).toBe('unavailable');
    }
    const withdrawn = new Map([['w', member('w', { listable: false })]]);
    expect(checkMembers(['w'], withdrawn, save('public'))?.reason).toBe('withdrawn');
  });

  it('keeps the stored members still shown to the creator when none are sent; at least one must remain', () => {
    expect(planMembers(null, ['others-private', 'public'], byId, save('private'))).toEqual({ ids: ['public'], members: [byId.get('public')] });
    expect(planMembers(null, ['others-private'], byId, save('private'))).toEqual({ refused: 'none' });
    expect(planMembers([], [], byId, save('private'))).toEqual({ refused: 'none' });
    expect(planMembers(['own-private'], ['public'], byId, save('public'))).toMatchObject({ refused: 'member', refusal: { reason: 'not_public', index: 0 } });
  });
});
