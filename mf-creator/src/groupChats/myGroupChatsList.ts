import { CHARACTER_VISIBILITY_LABELS, MODERATION_LABELS, moderationSortRank, worstMemberStatus, type ModerationStatus, type MyCharacter } from '@fable/contracts';
import { cardModerationOf, type CardModeration } from '../myChatbots/myChatbotsList';

/** The status a group is shown by (document 2 §4): the worst of its members' and its own. */
export function groupStatusOf(group: Pick<MyCharacter, 'sub_characters' | 'moderationReport'>): ModerationStatus | null {
  return worstMemberStatus([...(group.sub_characters ?? []), { moderation_status: group.moderationReport?.moderation_status ?? null }]);
}

/** What moderation means for a group's card, as for a chatbot's (Action Required, Under Review, Under Manual Review). */
export function groupModerationOf(group: Pick<MyCharacter, 'sub_characters' | 'moderationReport' | 'aicq_manual_review_required'>): CardModeration {
  const status = groupStatusOf(group);
  return cardModerationOf({
    moderationReport: status ? { moderation_status: status, reason_for_moderation: [] } : null,
    aicq_manual_review_required: group.aicq_manual_review_required,
  });
}

/**
 * A group card's one status label (document 2 §4 "Card display status follows manual review, moderation status or
 * visibility"): Under Manual Review, else Action Required or Under Review, else Public or Private.
 */
export function groupStatusLabel(group: Pick<MyCharacter, 'sub_characters' | 'moderationReport' | 'aicq_manual_review_required' | 'visibility'>): {
  label: string;
  moderation: CardModeration;
} {
  const moderation = groupModerationOf(group);
  if (moderation === 'manual_review') return { label: MODERATION_LABELS.manual_review_required, moderation };
  if (moderation === 'fix_required') return { label: MODERATION_LABELS.fix_required, moderation };
  if (moderation === 'under_review') return { label: MODERATION_LABELS.pending, moderation };
  return { label: CHARACTER_VISIBILITY_LABELS[group.visibility], moderation };
}

/**
 * The order of the Groupchats tab (document 2 §4): groups with a member that needs fixes first, then those with one
 * under review (re-review or pending), then the others, each part in the list's order (newest first).
 */
export function orderedGroupChats<G extends Pick<MyCharacter, 'sub_characters' | 'moderationReport'>>(groups: readonly G[]): G[] {
  return groups
    .map((group, at) => ({ group, at, rank: moderationSortRank(groupStatusOf(group)) }))
    .sort((a, b) => a.rank - b.rank || a.at - b.at)
    .map(({ group }) => group);
}
