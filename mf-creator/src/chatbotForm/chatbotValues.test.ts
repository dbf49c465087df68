import { asksForReview, changedFields, emptyChatbot, todayTitle, type ChatbotValues } from './chatbotValues';
import { getDraft, listDrafts, removeDraft, saveDraft } from './drafts';

const saved: ChatbotValues = {
  ...emptyChatbot(),
  name: 'Mira',
  title: 'A captain',
  greeting: 'Hello there',
  persona: 'Brave and kind',
  scenario: 'On a ship',
  visibility: 'private',
  avatar_url: '/api/avatars/mira.svg',
  tags: ['Sci-Fi', 'Adventure'],
  guidelines: true,
};

describe('changedFields (an update sends only what changed)', () => {
  it('sends nothing when nothing changed', () => {
    expect(changedFields(saved, { ...saved, tags: [...saved.tags] })).toEqual({});
  });
  it('sends the changed fields only, tags whole, an emptied scenario as null', () => {
    expect(changedFields(saved, { ...saved, name: 'Mirabel', scenario: '  ', tags: ['Sci-Fi'] })).toEqual({ name: 'Mirabel', scenario: null, tags: ['Sci-Fi'] });
  });
  it('never sends the guidelines box', () => {
    expect(changedFields(saved, { ...saved, guidelines: false })).toEqual({});
  });
});

describe('asksForReview (document 1 §4)', () => {
  it('asks when a chatbot becomes public, not when it stays public or stays private', () => {
    expect(asksForReview(null, { ...saved, visibility: 'public' })).toBe('publish');
    expect(asksForReview({ visibility: 'private', status: null }, { ...saved, visibility: 'public' })).toBe('publish');
    expect(asksForReview({ visibility: 'public', status: null }, { ...saved, visibility: 'public' })).toBeNull();
    expect(asksForReview(null, saved)).toBeNull();
  });
  it('asks when a chatbot that needs fixes is saved', () => {
    expect(asksForReview({ visibility: 'public', status: 'fix_required' }, { ...saved, visibility: 'public' })).toBe('fix');
  });
});

describe('drafts (document 1 §3)', () => {
  beforeEach(() => window.localStorage.clear());
  it('keeps drafts per user, newest first, and titles an untitled one with the date (dd/mm/yyyy)', () => {
    saveDraft({ id: 'd1', values: { ...saved, title: '' }, creator_user_id: 'u1', creator_username: 'ada' }, new Date(2026, 10, 3, 9));
    saveDraft({ id: 'd2', values: saved, creator_user_id: 'u1', creator_username: 'ada' }, new Date(2026, 10, 4, 9));
    saveDraft({ id: 'd3', values: saved, creator_user_id: 'u2', creator_username: 'bob' });
    expect(listDrafts('u1').map((d) => d.id)).toEqual(['d2', 'd1']);
    expect(getDraft('u1', 'd1')?.values.title).toBe('03/11/2026');
    expect(getDraft('u2', 'd1')).toBeNull();
    removeDraft('u1', 'd2');
    expect(listDrafts('u1').map((d) => d.id)).toEqual(['d1']);
  });
  it('reads a corrupt store as no drafts', () => {
    window.localStorage.setItem('fable.chatbotDrafts.u1', '{not json');
    expect(listDrafts('u1')).toEqual([]);
  });
  it('todayTitle pads day and month', () => {
    expect(todayTitle(new Date(2026, 0, 5))).toBe('05/01/2026');
  });
});
