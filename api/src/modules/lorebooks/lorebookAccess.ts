import type { MemberCaller } from '../../http/access';
import type { Queryable } from '../../infra/db/database';
import { chatbotNotFound, lorebookNotFound, notOwner, restricted, usernameRequired } from './lorebookErrors';
import { findChatbot, findLorebook, type ChatbotRow, type LorebookOwner, type LorebookRow } from './lorebookRepository';

/**
 * Who may do what with a lorebook (README.md "Who may do what"): anyone reads one of their application; its creator
 * alone changes, deletes, tests and exports it (another member, admins included, 403 not_owner, as the chatbot
 * authoring answers); unknown ids and other applications' lorebooks are 404. Writes that add or change content need
 * create_character ("Restricted!" without it).
 */

/** A lorebook of the caller's application (guests too), else 404. */
export async function readableLorebook(db: Queryable, applicationId: string, lorebookId: string): Promise<LorebookRow> {
  const row = await findLorebook(db, lorebookId);
  if (!row || row.application_id !== applicationId) throw lorebookNotFound();
  return row;
}

/** The member's own lorebook (locked for the transaction when `lock`), else 404 / 403 not_owner. */
export async function ownLorebook(db: Queryable, member: MemberCaller, lorebookId: string, lock = false): Promise<LorebookRow> {
  const row = await readableLorebook(db, member.applicationId, lorebookId);
  if (row.creator_user_id !== member.userId) throw notOwner();
  // Locked after the checks: a lorebook someone else may not change is never locked by them.
  return lock ? ((await findLorebook(db, lorebookId, true)) ?? row) : row;
}

/** The member's own chatbot (locked: its attachments are counted under the lock), else 404 / 403 not_owner. */
export async function ownChatbot(tx: Queryable, member: MemberCaller, characterId: string): Promise<ChatbotRow> {
  const row = await findChatbot(tx, characterId);
  if (!row || row.application_id !== member.applicationId) throw chatbotNotFound();
  if (row.creator_user_id !== member.userId) throw notOwner();
  return (await findChatbot(tx, characterId, true)) ?? row;
}

/** Refuses a member without create_character (writes that add or change content). */
export function mayWrite(member: MemberCaller): void {
  if (!member.user.permissions.includes('create_character')) throw restricted();
}

/** The member as the creator of a new lorebook: create_character and a username. */
export function newLorebookOwner(member: MemberCaller): LorebookOwner {
  mayWrite(member);
  const username = member.user.username;
  if (!username) throw usernameRequired();
  return { applicationId: member.applicationId, userId: member.userId, username };
}
