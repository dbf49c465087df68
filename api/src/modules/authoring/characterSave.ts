import {
  CHARACTER_LIMITS,
  CHARACTER_MESSAGES,
  characterEditLock,
  characterTokenLimit,
  countCharacterTokens,
  definitionVisibleAfter,
  moderationStatusAfterSave,
  retainStepFamily,
  visibilityLock,
  type CharacterInputValues,
  type CharacterUpdateValues,
  type ModerationAuditAction,
  type ModerationFinding,
  type ModerationStatus,
} from '@fable/contracts';
import type { Tokenizer } from '@fable/rules/tokens';
import type { ContentClassifier } from '../moderation/contentClassifier';
import { reviewCharacter } from '../moderation/characterModeration';
import type { FullCharacterRow } from '../moderation/fullCharacter';
import {
  contentRefused,
  invalidBody,
  tokenLimit,
  underManualReview,
  underReview,
  visibilityLocked,
} from './authoringErrors';
import type { AuthoredFields, ModerationFields } from './authoringRepository';

/**
 * One creator's save of a chatbot, decided before anything is written (document 1 §4, §5): the stored chatbot (null
 * on create) and the fields sent give the chatbot as it would be saved, or the error that refuses the save:
 * - under review or manual review: 409, nothing can change;
 * - visibility: permanently_private stays; fix_required locks it; private and unlisted hide the definition; choosing
 *   public shows it unless the save turns it off;
 * - tags: Step-Family is kept once present; at most 12; at least 2 when public;
 * - tokens of greeting, persona, scenario and dialogue within the visibility's hard limit;
 * - the automatic checks (links, content codes): a content refusal passes only as a manual-review request;
 * - the moderation status that follows (review on publishing, re-review after fixes, manual review).
 */
export interface SaveContext {
  classifier: ContentClassifier;
  tokenizer: Tokenizer;
  nsfwAllowed: boolean;
  now: Date;
}

export interface PlannedSave {
  values: AuthoredFields & ModerationFields;
  /** The audit entry the save records (a status change), or null. */
  event: { action: ModerationAuditAction; from: ModerationStatus | null; to: ModerationStatus | null; findings: ModerationFinding[] } | null;
}

type SaveInput = CharacterInputValues | CharacterUpdateValues;

export async function planSave(current: FullCharacterRow | null, input: SaveInput, ctx: SaveContext): Promise<PlannedSave> {
  if (current) {
    const lock = characterEditLock(current.moderation_status);
    if (lock === 'under_review') throw underReview();
    if (lock === 'manual_review') throw underManualReview();
  }

  const visibility = input.visibility ?? current!.visibility;
  if (current) {
    const locked = visibilityLock(current.visibility, visibility, current.moderation_status);
    if (locked) throw visibilityLocked(locked);
  }

  const tags = input.tags !== undefined ? retainStepFamily(current?.tags ?? [], input.tags) : (current?.tags ?? []);
  if (tags.length > CHARACTER_LIMITS.tagsMax) throw invalidBody([{ path: 'body.tags', message: CHARACTER_MESSAGES.tagLimitReached }]);
  if (visibility === 'public' && tags.length < CHARACTER_LIMITS.tagsMin) {
    throw invalidBody([{ path: 'body.tags', message: CHARACTER_MESSAGES.tagsMinRequired }]);
  }

  const pick = <K extends keyof AuthoredFields>(key: K, fallback: AuthoredFields[K]): AuthoredFields[K] => {
    const sent = (input as Partial<AuthoredFields>)[key];
    if (sent !== undefined) return sent as AuthoredFields[K];
    return current ? (current[key as keyof FullCharacterRow] as AuthoredFields[K]) : fallback;
  };
  const fields: AuthoredFields = {
    name: pick('name', ''),
    title: pick('title', ''),
    greeting: pick('greeting', ''),
    persona: pick('persona', ''),
    scenario: pick('scenario', null),
    dialogue: pick('dialogue', null),
    tags,
    visibility,
    definition_visible: definitionVisibleAfter(visibility, input.definition_visible, current),
    avatar_url: pick('avatar_url', null),
    avatar_is_nsfw: pick('avatar_is_nsfw', false),
    is_nsfw: pick('is_nsfw', false),
    language: pick('language', 'en'),
    guidelines: current ? current.guidelines : true,
    card_extras: pick('card_extras', {}),
    token_count: 0,
  };

  fields.token_count = countCharacterTokens(fields, ctx.tokenizer.count);
  const limit = characterTokenLimit(visibility);
  if (fields.token_count > limit) throw tokenLimit(fields.token_count, limit);

  const outcome = await reviewCharacter(ctx.classifier, fields, { nsfwAllowed: ctx.nsfwAllowed });
  if (outcome.linkIssues.length > 0) throw invalidBody(outcome.linkIssues);
  const manualReview = outcome.findings.length > 0;
  if (manualReview && input.submitForManualReview !== true) throw contentRefused(outcome.findings);
  if (outcome.markNsfw) fields.is_nsfw = true;

  const from = current?.moderation_status ?? null;
  const to = moderationStatusAfterSave({ status: from, previousVisibility: current?.visibility ?? null, visibility, manualReview });
  const changed = to !== from;
  const moderation: ModerationFields = {
    moderation_status: to,
    aicq_manual_review_required: manualReview,
    submit_for_manual_review: manualReview,
    moderation_updated_at: changed ? ctx.now : (current?.moderation_updated_at ?? null),
  };
  let event: PlannedSave['event'] = null;
  if (changed) {
    const action: ModerationAuditAction =
      to === 'manual_review_required' ? 'submitted_for_manual_review' : to === 'rereview_required' ? 'resubmitted' : 'submitted_for_review';
    event = { action, from, to, findings: outcome.findings };
  }
  return { values: { ...fields, ...moderation }, event };
}
