import type { ModerationStatus, MyCharacter } from '@fable/contracts';
import { groupStatusLabel, orderedGroupChats } from './myGroupChatsList';

const group = (id: string, statuses: (ModerationStatus | null)[], extra: Partial<MyCharacter> = {}) =>
  ({
    id,
    name: id,
    visibility: 'private',
    moderationReport: null,
    sub_characters: statuses.map((s, i) => ({ id: `${id}-${i}`, name: `m${i}`, avatar_url: null, moderation_status: s })),
    ...extra,
  }) as MyCharacter;

it('lists groups with a member that needs fixes first, then under review, then the rest, in the list\'s order within each', () => {
  const groups = [group('plain', [null, null]), group('pending', ['pending']), group('fix', [null, 'fix_required']), group('rereview', ['rereview_required', 'closed']), group('manual', ['manual_review_required']), group('fix2', ['pending', 'fix_required'])];
  expect(orderedGroupChats(groups).map((g) => g.id)).toEqual(['fix', 'fix2', 'pending', 'rereview', 'plain', 'manual']);
});

it('shows one status: manual review, else the worst member\'s moderation, else the visibility', () => {
  expect(groupStatusLabel(group('a', [null]))).toEqual({ label: 'Private', moderation: null });
  expect(groupStatusLabel(group('a', [null], { visibility: 'public' }))).toEqual({ label: 'Public', moderation: null });
  expect(groupStatusLabel(group('a', ['pending', 'fix_required']))).toEqual({ label: 'Action Required', moderation: 'fix_required' });
  expect(groupStatusLabel(group('a', ['rereview_required', 'closed']))).toEqual({ label: 'Under Review', moderation: 'under_review' });
  expect(groupStatusLabel(group('a', ['manual_review_required']))).toEqual({ label: 'Under Manual Review', moderation: 'manual_review' });
  expect(groupStatusLabel(group('a', [null], { aicq_manual_review_required: true }))).toEqual({ label: 'Under Manual Review', moderation: 'manual_review' });
  expect(groupStatusLabel(group('a', [null], { moderationReport: { moderation_status: 'fix_required', reason_for_moderation: [] } }))).toMatchObject({ label: 'Action Required' });
});
