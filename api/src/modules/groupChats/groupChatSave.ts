import { GROUP_CHAT_MESSAGES, parseImageUrl } from '@fable/contracts';
import { membersTokenCount, planMembers, type GroupFields } from '@fable/rules/group';
import type { Queryable } from '../../infra/db/database';
import type { ContentClassifier } from '../moderation/contentClassifier';
import { reviewCharacter } from '../moderation/characterModeration';
import type { FullCharacterRow } from '../moderation/fullCharacter';
import { findImage } from '../images/imageRepository';
import { contentRefused, invalidBody, memberRefused } from './groupChatErrors';
import type { GroupValues } from './groupChatRepository';
import { readMemberRows } from './groupMembers';

/**
 * One save of a group chat, decided in two steps: its own texts (name, title, tags) and avatar are checked before the
 * transaction (the automatic checks may call a remote classifier), its members inside it (the database's state when
 * it is written). The rules (mergeFields: the fields sent over the stored ones; planMembers: the members to write)
 * are @fable/rules/group's, which the mock API calls too; here the reads and the API's errors.
 */

/** What the checks of the group's own texts and avatar found. */
export interface TextOutcome {
  avatar_is_nsfw: boolean;
  /** Explicit text where NSFW is allowed: the group is saved marked NSFW. */
  markNsfw: boolean;
}

/**
 * The chatbot's automatic checks (modules/moderation) on the group's name, title and tags: a link is a 400 on its
 * field, a content finding 422. The avatar's NSFW mark is the stored picture's (a generated avatar has none).
 */
export async function checkGroupTexts(
  db: Queryable,
  classifier: ContentClassifier,
  fields: GroupFields,
  nsfwAllowed: boolean,
): Promise<TextOutcome> {
  const picture = fields.avatar_url ? parseImageUrl(fields.avatar_url) : null;
  const avatar_is_nsfw = picture ? ((await findImage(db, picture.hash))?.is_nsfw ?? false) : false;
  const subject = {
    name: fields.name,
    title: fields.title,
    greeting: '',
    persona: '',
    scenario: null,
    dialogue: null,
    tags: fields.tags,
    is_nsfw: false,
    avatar_is_nsfw,
  };
  const outcome = await reviewCharacter(classifier, subject, { nsfwAllowed });
  if (outcome.linkIssues.length > 0) throw invalidBody(outcome.linkIssues);
  if (outcome.findings.length > 0) throw contentRefused(outcome.findings);
  return { avatar_is_nsfw, markNsfw: outcome.markNsfw };
}

/**
 * The values to write, with the members checked against the database as `tx` sees it. Members not sent are the
 * stored ones that still show to the creator (gone ones drop out silently), checked again under the group's
 * visibility; at least one must remain.
 */
export async function planGroupValues(
  tx: Queryable,
  group: { applicationId: string; creatorUserId: string },
  current: FullCharacterRow | null,
  fields: GroupFields,
  text: TextOutcome,
): Promise<GroupValues> {
  const stored = current?.sub_character_ids ?? [];
  const rows = await readMemberRows(tx, fields.sent_member_ids ?? stored);
  const plan = planMembers(fields.sent_member_ids, stored, rows, { ...group, visibility: fields.visibility });
  if ('refused' in plan) {
    if (plan.refused === 'none') throw invalidBody([{ path: 'body.sub_character_ids', message: GROUP_CHAT_MESSAGES.minimumText }]);
    throw memberRefused(plan.refusal);
  }
  const { ids, members } = plan;
  return {
    name: fields.name,
    title: fields.title,
    tags: fields.tags,
    visibility: fields.visibility,
    avatar_url: fields.avatar_url,
    avatar_is_nsfw: text.avatar_is_nsfw,
    is_nsfw: text.markNsfw || members.some((m) => m.is_nsfw),
    sub_character_ids: ids,
    token_count: membersTokenCount(members),
  };
}
