import type { ModerationStatus } from '@fable/contracts';
import { shownMembers } from '@fable/rules/group';
import type { Queryable } from '../../infra/db/database';
import type { CharacterRow } from '../characters/characterRow';

/**
 * Which chatbots are members of a group chat, for whom (contracts' groupChats.ts; document 2 §3 "Group chat
 * character"). The rule itself (memberShows on a read, checkMembers on a save) lives in @fable/rules/group
 * (rules/src/group/groupMembers.ts), which the mock API calls too; this file reads the rows it decides on, and
 * re-exports it for the modules that read members (group calls, My Chatbots' Groupchats tab, the profile, a turn).
 */
export { checkMembers, memberShows, membersTokenCount, toSubCharacter, type MemberRefusal, type MemberRefusalReason } from '@fable/rules/group';

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

/** Each group's members as `viewerUserId` sees them, in the group's order (one read for all the groups). */
export async function groupMembersFor(db: Queryable, groups: readonly GroupRef[], viewerUserId: string | null): Promise<Map<string, MemberRow[]>> {
  const rows = await readMemberRows(db, groups.flatMap((g) => g.sub_character_ids));
  return new Map(groups.map((g) => [g.id, shownMembers(g.sub_character_ids, rows, g, viewerUserId)]));
}
