import { MyCharacterSchema, type ModerationStatus, type MyCharacter } from '@fable/contracts';
import { characterProfileFixture } from '@fable/shared/testing';
import { MY_CHATBOTS_FILTERS, type MyChatbotsFilter } from '../creatorSlice';
import { cardModerationOf, cardVariantOf, matchesSearch, moderationLabelOf, visibleChatbots } from './myChatbotsList';

const bot = (id: string, overrides: Partial<MyCharacter> & { status?: ModerationStatus } = {}): MyCharacter => {
  const { status, ...rest } = overrides;
  return MyCharacterSchema.parse({
    ...characterProfileFixture({ id, name: id, creator_user_id: 'u1' }),
    moderationReport: status ? { moderation_status: status } : null,
    ...rest,
  });
};

describe('cardModerationOf and its label', () => {
  it.each([
    [null, null, null],
    ['closed', null, null],
    ['fix_required', 'fix_required', 'Action Required'],
    ['pending', 'under_review', 'Under Review'],
    ['rereview_required', 'under_review', 'Under Review'],
    ['manual_review_required', 'manual_review', 'Under Manual Review'],
  ] as const)('%s is %s (%s)', (status, moderation, label) => {
    const c = bot('a', status ? { status } : {});
    expect(cardModerationOf(c)).toBe(moderation);
    expect(moderationLabelOf(cardModerationOf(c))).toBe(label);
  });

  it('treats an unknown status as none and the manual review flag as manual review', () => {
    expect(cardModerationOf(MyCharacterSchema.parse({ ...bot('a'), moderationReport: { moderation_status: 'weird' } }))).toBeNull();
    expect(cardModerationOf(bot('a', { aicq_manual_review_required: true }))).toBe('manual_review');
  });
});

it('gives the card variant by visibility, permanently private counting as private', () => {
  expect(['public', 'private', 'permanently_private', 'hidden'].map((v) => cardVariantOf(v as MyCharacter['visibility']))).toEqual([
    'public',
    'private',
    'private',
    'unlisted',
  ]);
});

it('searches names and titles, ignoring case and surrounding spaces', () => {
  const c = bot('Detective Vale', { title: 'Rain and NEON' });
  expect(matchesSearch(c, '  vale ')).toBe(true);
  expect(matchesSearch(c, 'neon')).toBe(true);
  expect(matchesSearch(c, '')).toBe(true);
  expect(matchesSearch(c, 'mira')).toBe(false);
});

describe('visibleChatbots', () => {
  const all = [
    bot('pub', { visibility: 'public', createdAt: '2026-01-05T00:00:00.000Z' }),
    bot('priv', { visibility: 'private', createdAt: '2026-01-04T00:00:00.000Z' }),
    bot('forever', { visibility: 'permanently_private', createdAt: '2026-01-03T00:00:00.000Z' }),
    bot('unl', { visibility: 'hidden', createdAt: '2026-01-02T00:00:00.000Z' }),
    bot('fix', { visibility: 'public', status: 'fix_required', createdAt: '2026-01-01T00:00:00.000Z' }),
    bot('pend', { visibility: 'public', status: 'pending', createdAt: '2025-12-31T00:00:00.000Z' }),
    bot('manual', { visibility: 'private', status: 'manual_review_required', createdAt: '2026-01-06T00:00:00.000Z' }),
  ];
  const ids = (filter: MyChatbotsFilter) => visibleChatbots(all, { search: '', filter, sort: 'Latest' }).map((c) => c.id);

  it('puts Action Required first, then Under Review, then the rest newest first', () => {
    expect(ids('All')).toEqual(['fix', 'pend', 'manual', 'pub', 'priv', 'forever', 'unl']);
  });

  it('filters', () => {
    const byFilter = Object.fromEntries(MY_CHATBOTS_FILTERS.map((f) => [f, ids(f)]));
    expect(byFilter).toEqual({
      All: ['fix', 'pend', 'manual', 'pub', 'priv', 'forever', 'unl'],
      Public: ['fix', 'pend', 'pub'],
      Private: ['manual', 'priv', 'forever'],
      Unlisted: ['unl'],
      'Under Review': ['pend', 'manual'],
      'Action Required': ['fix'],
    });
  });

  it('does not change the list it is given', () => {
    const before = all.map((c) => c.id);
    visibleChatbots(all, { search: '', filter: 'All', sort: 'Name' });
    expect(all.map((c) => c.id)).toEqual(before);
  });
});
