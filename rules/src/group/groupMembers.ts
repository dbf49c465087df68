/**
 * Which chatbots are members of a group chat, for whom (contracts' groupChats.ts; document 2 §3 "Group chat
 * character"; api/src/modules/groupChats/README.md). The one rule the API (its group calls, My Chatbots' Groupchats
 * tab, the profile, a group turn) and the mock API read members with; the API reads the rows, these decide.
 *
 * On a save, each member must be (checkMembers):
 * - a chatbot (not a group) of the group's application that exists;
 * - the group creator's own chatbot, any visibility; in a public group only a public one moderation has not withdrawn;
 * - or another creator's chatbot that listings show: public and not withdrawn (`listable`: the API's search_listable,
 *   migration 004: fix_required, manual_review_required and aicq_manual_review_required are withdrawn).
 *
 * On a read, members are taken as they are now (memberShows), not as they were saved: a member deleted, moved to
 * another application, made private or unlisted by another creator, or withdrawn drops out, and the group opens with
 * the others. The group's creator keeps seeing their own chatbots (whatever their visibility or status: so they can
 * see what needs fixing); everyone else sees only members that listings show, so a public group never reveals a
 * private chatbot, even one its creator made private after saving the group.
 */

/** A chatbot as the group rules read it (`Status`: the moderation status's type). */
export interface GroupMember<Status extends string = string> {
  id: string;
  name: string;
  avatar_url: string | null;
  moderation_status: Status | null;
  application_id: string;
  creator_user_id: string;
  visibility: string;
  /** `character` for a chatbot, `group` for a group chat. */
  type: string;
  token_count: number;
  is_nsfw: boolean;
  /** Shown by listings: public and not withdrawn by moderation. */
  listable: boolean;
}

/** The group as the read rule needs it. */
export interface GroupOwner {
  application_id: string;
  creator_user_id: string;
}

/** The group as the save rule needs it. */
export interface GroupToSave {
  applicationId: string;
  creatorUserId: string;
  visibility: 'public' | 'private';
}

type ShowFacts = Pick<GroupMember, 'type' | 'application_id' | 'creator_user_id' | 'listable'>;

/** Whether `member` shows in `group` for the member `viewerUserId` (null: a guest). */
export function memberShows<M extends ShowFacts>(member: M | undefined, group: GroupOwner, viewerUserId: string | null): member is M {
  if (!member || member.type !== 'character' || member.application_id !== group.application_id) return false;
  if (member.listable) return true;
  return member.creator_user_id === group.creator_user_id && viewerUserId === group.creator_user_id;
}

/** The members of `ids` (the group's order) that show in `group` for `viewerUserId`; unknown ids drop out. */
export function shownMembers<M extends ShowFacts>(ids: readonly string[], rows: ReadonlyMap<string, M>, group: GroupOwner, viewerUserId: string | null): M[] {
  return ids.map((id) => rows.get(id)).filter((m) => memberShows(m, group, viewerUserId));
}

/** The members who may speak in a group's chat: those shown to the caller that are not held for a manual review. */
export function speakingMembers<M extends ShowFacts & { aicq_manual_review_required: boolean }>(
  group: GroupOwner,
  rows: readonly M[],
  viewerUserId: string | null,
): M[] {
  return rows.filter((m) => memberShows(m, group, viewerUserId) && !m.aicq_manual_review_required);
}

/** A member as group answers carry it (document 2 §3: sub_characters with moderation_status). */
export const toSubCharacter = <S extends string>(m: Pick<GroupMember<S>, 'id' | 'name' | 'avatar_url' | 'moderation_status'>) => ({
  id: m.id,
  name: m.name,
  avatar_url: m.avatar_url,
  moderation_status: m.moderation_status,
});

/** A group's token_count: the sum of its members' (ours: what the group's definitions weigh together). */
export const membersTokenCount = (members: readonly Pick<GroupMember, 'token_count'>[]) => members.reduce((sum, m) => sum + m.token_count, 0);

/** Why a member cannot be saved in a group (contracts' GROUP_CHAT_ERROR_CODES: member codes). */
export type MemberRefusalReason = 'unavailable' | 'not_public' | 'withdrawn';

export interface MemberRefusal {
  reason: MemberRefusalReason;
  index: number;
  character_id: string;
}

type SaveFacts = ShowFacts & Pick<GroupMember, 'visibility'>;

/** The first member of `ids` (in order) that the save rules above refuse for `group`, or null when every one may be saved. */
export function checkMembers(ids: readonly string[], rows: ReadonlyMap<string, SaveFacts>, group: GroupToSave): MemberRefusal | null {
  for (const [index, id] of ids.entries()) {
    const reason = refusalOf(rows.get(id), group);
    if (reason) return { reason, index, character_id: id };
  }
  return null;
}

function refusalOf(member: SaveFacts | undefined, group: GroupToSave): MemberRefusalReason | null {
  if (!member || member.type !== 'character' || member.application_id !== group.applicationId) return 'unavailable';
  if (member.creator_user_id !== group.creatorUserId) return member.listable ? null : 'unavailable';
  if (group.visibility === 'private') return null;
  if (member.visibility !== 'public') return 'not_public';
  return member.listable ? null : 'withdrawn';
}

/** What a save's members come to: the members to write, or why the save is refused. */
export type MemberPlan<M> = { ids: string[]; members: M[] } | { refused: 'none' } | { refused: 'member'; refusal: MemberRefusal };

/**
 * The members a save writes. `sent`: the ids the call sent, or null to keep the stored ones that still show to the
 * creator (gone ones drop out silently), checked again under the group's visibility. At least one must remain
 * (`none`: the contract's minimum text); the first refused member is named.
 */
export function planMembers<M extends SaveFacts>(
  sent: readonly string[] | null,
  stored: readonly string[],
  rows: ReadonlyMap<string, M>,
  group: GroupToSave,
): MemberPlan<M> {
  const owner = { application_id: group.applicationId, creator_user_id: group.creatorUserId };
  const ids = sent ? [...sent] : stored.filter((id) => memberShows(rows.get(id), owner, group.creatorUserId));
  if (ids.length === 0) return { refused: 'none' };
  const refusal = checkMembers(ids, rows, group);
  if (refusal) return { refused: 'member', refusal };
  return { ids, members: ids.map((id) => rows.get(id)!) };
}
