import { GROUP_CHAT_MESSAGES, parseImageUrl, type GroupChatInput, type GroupChatUpdateInput, type GroupChatVisibility } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';
import type { ContentClassifier } from '../moderation/contentClassifier';
import { reviewCharacter } from '../moderation/characterModeration';
import type { FullCharacterRow } from '../moderation/fullCharacter';
import { findImage } from '../images/imageRepository';
import { contentRefused, invalidBody, memberRefused } from './groupChatErrors';
import type { GroupValues } from './groupChatRepository';
import { checkMembers, memberShows, membersTokenCount, readMemberRows } from './groupMembers';

/**
 * One save of a group chat, decided in two steps: its own texts (name, title, tags) and avatar are checked before the
 * transaction (the automatic checks may call a remote classifier), its members inside it (the database's state when
 * it is written).
 */

/** The group's own fields after a save: the fields sent over the stored ones (all of them on create). */
export interface GroupFields {
  name: string;
  title: string;
  tags: string[];
  visibility: GroupChatVisibility;
  avatar_url: string | null;
  /** The members sent, or null to keep the stored ones. */
  sent_member_ids: string[] | null;
}

export function mergeFields(current: FullCharacterRow | null, input: GroupChatInput | GroupChatUpdateInput): GroupFields {
  return {
    name: input.name ?? current!.name,
    title: input.title ?? current?.title ?? '',
    tags: input.tags ?? current?.tags ?? [],
    visibility: input.visibility ?? (current!.visibility as GroupChatVisibility),
    avatar_url: input.avatar !== undefined ? input.avatar : (current?.avatar_url ?? null),
    sent_member_ids: input.sub_character_ids ?? null,
  };
}

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
  let ids = fields.sent_member_ids;
  let rows = await readMemberRows(tx, ids ?? current?.sub_character_ids ?? []);
  if (ids === null) {
    const ref = { application_id: group.applicationId, creator_user_id: group.creatorUserId };
    ids = (current?.sub_character_ids ?? []).filter((id) => memberShows(rows.get(id), ref, group.creatorUserId));
    rows = new Map(ids.map((id) => [id, rows.get(id)!]));
  }
  if (ids.length === 0) throw invalidBody([{ path: 'body.sub_character_ids', message: GROUP_CHAT_MESSAGES.minimumText }]);
  const refusal = checkMembers(ids, rows, { ...group, visibility: fields.visibility });
  if (refusal) throw memberRefused(refusal);
  const members = ids.map((id) => rows.get(id)!);
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
