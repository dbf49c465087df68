import { membersTokenCount, toSubCharacter, type GroupMember } from './groupMembers';

/**
 * How a group chat and its members become the answers of the group chat calls (contracts' groupChatCalls;
 * api/src/modules/groupChats/README.md): the group as read, the fields of a save, the members page's options.
 */

type Visibility = 'public' | 'private';

/** The group's row as its answer reads it. */
export interface GroupRowView {
  id: string;
  name: string;
  title: string;
  avatar_url: string | null;
  avatar_is_nsfw: boolean;
  visibility: string;
  definition_visible: boolean;
  aicq_manual_review_required: boolean;
  /** A count (the database's bigint may come as a string). */
  num_messages: number | string;
  tags: string[];
  creator_username: string;
}

type DetailMember<S extends string> = Pick<GroupMember<S>, 'id' | 'name' | 'avatar_url' | 'moderation_status' | 'token_count'>;

/**
 * The group as `members` (those its viewer sees, in order: groupMembers.ts) make it: GroupChatDetail. `worstOf` is
 * contracts' worstMemberStatus (the status the group is shown by).
 */
export function groupChatDetail<S extends string, W>(
  group: GroupRowView,
  members: readonly DetailMember<S>[],
  worstOf: (subs: ReturnType<typeof toSubCharacter<S>>[]) => W,
) {
  const subCharacters = members.map(toSubCharacter);
  return {
    id: group.id,
    name: group.name,
    title: group.title,
    avatar: group.avatar_url,
    avatar_is_nsfw: group.avatar_is_nsfw,
    visibility: group.visibility as Visibility,
    sub_characters: subCharacters,
    sub_character_ids: members.map((m) => m.id),
    token_count: membersTokenCount(members),
    definition_visible: group.definition_visible,
    aicq_manual_review_required: group.aicq_manual_review_required,
    num_messages: Number(group.num_messages),
    tags: group.tags,
    creator_username: group.creator_username,
    worst_member_status: worstOf(subCharacters),
  };
}

/** The group's own fields after a save: the fields sent over the stored ones (all of them on create). */
export interface GroupFields {
  name: string;
  title: string;
  tags: string[];
  visibility: Visibility;
  avatar_url: string | null;
  /** The members sent, or null to keep the stored ones. */
  sent_member_ids: string[] | null;
}

/** A create's or an update's body (contracts' GroupChatInput, GroupChatUpdateInput). */
export interface GroupFieldsInput {
  name?: string;
  title?: string;
  tags?: string[];
  visibility?: Visibility;
  avatar?: string | null;
  sub_character_ids?: string[];
}

/** The fields of a save: `input` over `current` (null on create, where the body has name and visibility). */
export function mergeFields(
  current: Pick<GroupRowView, 'name' | 'title' | 'tags' | 'visibility' | 'avatar_url'> | null,
  input: GroupFieldsInput,
): GroupFields {
  return {
    name: input.name ?? current!.name,
    title: input.title ?? current?.title ?? '',
    tags: input.tags ?? current?.tags ?? [],
    visibility: input.visibility ?? (current!.visibility as Visibility),
    avatar_url: input.avatar !== undefined ? input.avatar : (current?.avatar_url ?? null),
    sent_member_ids: input.sub_character_ids ?? null,
  };
}

/** A chatbot the members page may offer. */
export interface MemberOptionRow {
  id: string;
  name: string;
  title: string;
  avatar_url: string | null;
  avatar_is_nsfw: boolean;
  visibility: string;
  creator_username: string;
  own: boolean;
}

/**
 * The members page's options from `rows` in the order of the rule (the caller's own chatbots, newest first; then
 * their favourites; then, with a query, other public matches, most messages first): each once, at most `max`.
 */
export function memberOptionList<V extends string>(rows: Iterable<MemberOptionRow & { visibility: V }>, max: number) {
  const seen = new Set<string>();
  const options: (MemberOptionRow & { visibility: V })[] = [];
  for (const r of rows) {
    if (seen.has(r.id) || options.length >= max) continue;
    seen.add(r.id);
    const { id, name, title, avatar_url, avatar_is_nsfw, visibility, creator_username, own } = r;
    options.push({ id, name, title, avatar_url, avatar_is_nsfw, visibility, creator_username, own });
  }
  return options;
}
