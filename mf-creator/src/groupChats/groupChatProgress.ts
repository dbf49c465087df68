import { z } from 'zod';
import { GROUP_CHAT_LIMITS as L, GroupChatVisibilitySchema } from '@fable/contracts';
import { GroupMemberSchema, type GroupChatValues } from './groupChatValues';

/**
 * A group chat being made or edited while its creator is on the members page (document 2 §2: "existing members and
 * visibility are passed along", "Save returns to group chat create with the selected members"): the form's values,
 * the group they belong to, and where the members page goes back to. Kept in the tab's sessionStorage, per user, so a
 * reload of either page keeps it and another tab has its own. Nothing is sent to the API.
 */
export interface GroupChatInProgress {
  /** The group being edited, or null for a new one. */
  characterId: string | null;
  /** The form's page: /groupchat/create or /groupchat/edit/{id}. */
  returnTo: string;
  values: GroupChatValues;
}

const InProgressSchema = z.object({
  characterId: z.string().nullable(),
  returnTo: z.string().regex(/^\/groupchat\/(create|edit)(\/[^/?#]+)?$/),
  values: z.object({
    name: z.string(),
    title: z.string(),
    avatar_url: z.string(),
    tags: z.array(z.string()),
    visibility: GroupChatVisibilitySchema,
    members: z.array(GroupMemberSchema).max(L.maxMembers),
  }),
});

const keyOf = (userId: string) => `fable.groupchatInProgress.${userId}`;

/** What is kept for this user in this tab, if anything readable. */
export function readProgress(userId: string): GroupChatInProgress | null {
  try {
    const parsed = InProgressSchema.safeParse(JSON.parse(window.sessionStorage.getItem(keyOf(userId)) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What is kept for `characterId` (null: a new group), or null when what is kept belongs to another group. */
export function progressFor(userId: string, characterId: string | null): GroupChatInProgress | null {
  const progress = readProgress(userId);
  return progress && progress.characterId === characterId ? progress : null;
}

export function writeProgress(userId: string, progress: GroupChatInProgress): void {
  try {
    window.sessionStorage.setItem(keyOf(userId), JSON.stringify(progress));
  } catch {
    // Storage full or refused: the members page then starts from what it is given (nothing).
  }
}

export function clearProgress(userId: string): void {
  try {
    window.sessionStorage.removeItem(keyOf(userId));
  } catch {
    // nothing to clear
  }
}

export const MY_GROUPCHATS_PATH = '/my-chatbots/groupchats';
export const createPath = '/groupchat/create';
export const membersPath = '/groupchat/create/members';
export const editPath = (characterId: string) => `/groupchat/edit/${encodeURIComponent(characterId)}`;
