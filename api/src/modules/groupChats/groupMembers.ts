import type { ModerationStatus, SubCharacter } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';
import type { CharacterRow } from '../characters/characterRow';

/**
 * Which chatbots are members of a group chat, for whom (contracts' groupChats.ts; document 2 §3 "Group chat
 * character"). The one rule that the group calls, My Chatbots' Groupchats tab and the profile read members with.
 *
 * On a save, each member must be (checkMembers):
 * - a chatbot (not a group) of the group's application that exists;
 * - the group creator's own chatbot, any visibility; in a public group only a public one moderation has not withdrawn;
 * - or another creator's chatbot that listings show: public and not withdrawn (search_listable, migration 004:
 *   fix_required, manual_review_required and aicq_manual_review_required are withdrawn).
 *
 * On a read, members are taken as they are now (memberShows), not as they were saved: a member deleted, moved to
 * another application, made private or unlisted by another creator, or withdrawn drops out, and the group opens with
 * the others. The group's creator keeps seeing their own chatbots (whatever their visibility or status: so they can
 * see what needs fixing); everyone else sees only members that listings show, so a public group never reveals a
 * private chatbot, even one its creator made private after saving the group.
 */

/** A chatbot as the group rules read it. */
export interface MemberRow {
  id: string;
  name: string;
  avatar_url: string | null;
  moderation_status: ModerationStatus | null;
  application_id: string;
  creator_user_id: string;
  creator_username: string;
  title: string;
  avatar_is_nsfw: boolean;
  visibility: CharacterRow['visibility'];
  type: CharacterRow['type'];
  token_count: number;
  is_nsfw: boolean;
  /** Shown by listings: public and not withdrawn by moderation (search_listable). */
  listable: boolean;
}

/** The select list of MemberRow over `characters c`. */
export const MEMBER_COLUMNS = `c.id, c.name, c.avatar_url, c.moderation_status, c.application_id, c.creator_user_id, c.creator_username, c.title,
  c.avatar_is_nsfw, c.visibility, c.type, c.token_count, c.is_nsfw, search_listable(c) as listable`;

/** The group as the rules need it. */
export type GroupRef = Pick<CharacterRow, 'id' | 'application_id' | 'creator_user_id' | 'sub_character_ids'>;

/** The chatbots of these ids, by id (unknown ids are absent). */
export async function readMemberRows(db: Queryable, ids: readonly string[]): Promise<Map<string, MemberRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<MemberRow>(`select ${MEMBER_COLUMNS} from characters c where c.id = any($1::text[])`, [[...new Set(ids)]]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Whether `member` shows in `group` for the member `viewerUserId` (null: a guest). */
export function memberShows(member: MemberRow | undefined, group: Pick<GroupRef, 'application_id' | 'creator_user_id'>, viewerUserId: string | null): member is MemberRow {
  if (!member || member.type !== 'character' || member.application_id !== group.application_id) return false;
  if (member.listable) return true;
  return member.creator_user_id === group.creator_user_id && viewerUserId === group.creator_user_id;
}

/** Each group's members as `viewerUserId` sees them, in the group's order (one read for all the groups). */
export async function groupMembersFor(db: Queryable, groups: readonly GroupRef[], viewerUserId: string | null): Promise<Map<string, MemberRow[]>> {
  const rows = await readMemberRows(db, groups.flatMap((g) => g.sub_character_ids));
  return new Map(groups.map((g) => [g.id, g.sub_character_ids.map((id) => rows.get(id)).filter((m) => memberShows(m, g, viewerUserId))]));
}

/** A member as group answers carry it (document 2 §3: sub_characters with moderation_status). */
export const toSubCharacter = (m: MemberRow): SubCharacter => ({ id: m.id, name: m.name, avatar_url: m.avatar_url, moderation_status: m.moderation_status });

/** A group's token_count: the sum of its members' (ours: what the group's definitions weigh together). */
export const membersTokenCount = (members: readonly MemberRow[]) => members.reduce((sum, m) => sum + m.token_count, 0);

/** Why a member cannot be saved in a group (contracts' GROUP_CHAT_ERROR_CODES: member codes). */
export type MemberRefusalReason = 'unavailable' | 'not_public' | 'withdrawn';

export interface MemberRefusal {
  reason: MemberRefusalReason;
  index: number;
  character_id: string;
}

/**
 * The first member `ids` (in order) that the save rules above refuse for a group of `creatorUserId` in
 * `applicationId` with `visibility`, or null when every one may be saved.
 */
export function checkMembers(
  ids: readonly string[],
  rows: ReadonlyMap<string, MemberRow>,
  group: { applicationId: string; creatorUserId: string; visibility: 'public' | 'private' },
): MemberRefusal | null {
  for (const [index, id] of ids.entries()) {
    const reason = refusalOf(rows.get(id), group);
    if (reason) return { reason, index, character_id: id };
  }
  return null;
}

function refusalOf(
  member: MemberRow | undefined,
  group: { applicationId: string; creatorUserId: string; visibility: 'public' | 'private' },
): MemberRefusalReason | null {
  if (!member || member.type !== 'character' || member.application_id !== group.applicationId) return 'unavailable';
  if (member.creator_user_id !== group.creatorUserId) return member.listable ? null : 'unavailable';
  if (group.visibility === 'private') return null;
  if (member.visibility !== 'public') return 'not_public';
  return member.listable ? null : 'withdrawn';
}
