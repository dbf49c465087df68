import { STEP_FAMILY_TAG } from '../limits/characterLimits';
import type { CharacterVisibility } from './character';
import { effectiveModerationStatus, type ModerationStatus } from './moderation';

/**
 * What a creator's save does to a chatbot's moderation (document 1 §4 "Moderation", "Visibility"), as pure rules the
 * form (to ask for confirmation, to lock fields) and the API (to decide) share.
 */

/**
 * Why a chatbot cannot be edited now, or null: pending and rereview_required "lock editing" (Under Review);
 * manual_review_required greys the card (Under Manual Review, not clickable) until a moderator decides.
 */
export type CharacterEditLock = 'under_review' | 'manual_review';

export function characterEditLock(status: ModerationStatus | null | undefined): CharacterEditLock | null {
  const s = effectiveModerationStatus(status);
  if (s === 'pending' || s === 'rereview_required') return 'under_review';
  if (s === 'manual_review_required') return 'manual_review';
  return null;
}

/** Why the visibility cannot change to `next`, or null: permanently_private is for good; fix_required locks it. */
export type VisibilityLock = 'permanently_private' | 'fix_required';

export function visibilityLock(
  current: CharacterVisibility,
  next: CharacterVisibility,
  status: ModerationStatus | null | undefined,
): VisibilityLock | null {
  if (current === next) return null;
  if (current === 'permanently_private') return 'permanently_private';
  if (effectiveModerationStatus(status) === 'fix_required') return 'fix_required';
  return null;
}

export interface SaveModerationInput {
  /** The stored status; null on create. */
  status: ModerationStatus | null;
  /** The stored visibility; null on create. */
  previousVisibility: CharacterVisibility | null;
  visibility: CharacterVisibility;
  /** The automatic checks refused and the creator asked for a manual review (submitForManualReview). */
  manualReview: boolean;
}

/**
 * The moderation status after a creator's save:
 * - a manual-review request → manual_review_required;
 * - a fix of a fix_required chatbot → rereview_required (resubmission);
 * - becoming public ("making a chatbot public sends it to review") → pending;
 * - anything else keeps the status.
 */
export function moderationStatusAfterSave(input: SaveModerationInput): ModerationStatus | null {
  if (input.manualReview) return 'manual_review_required';
  if (effectiveModerationStatus(input.status) === 'fix_required') return 'rereview_required';
  if (input.visibility === 'public' && input.previousVisibility !== 'public') return 'pending';
  return input.status;
}

/**
 * Whether the save sends the chatbot to review, so the form asks for confirmation first ("when making a character
 * public, when fixing a fix_required character, or on a manual-review request").
 */
export function saveSendsToReview(input: SaveModerationInput): boolean {
  const after = moderationStatusAfterSave(input);
  return after !== input.status && after !== null && after !== 'closed';
}

/**
 * The tags after a save: "the tag Step-Family is retained when already present" (document 1 §5, document 2 §5). A
 * save without it gets it back, at the end.
 */
export function retainStepFamily(previous: readonly string[], next: readonly string[]): string[] {
  const had = previous.some((t) => t.toLowerCase() === STEP_FAMILY_TAG.toLowerCase());
  const has = next.some((t) => t.toLowerCase() === STEP_FAMILY_TAG.toLowerCase());
  return had && !has ? [...next, STEP_FAMILY_TAG] : [...next];
}
