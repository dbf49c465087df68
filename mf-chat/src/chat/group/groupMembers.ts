import type { CharacterProfile, ChatMessage, SubCharacter, Tier } from '@fable/contracts';

/**
 * A group chat on the chat screen (document 1 §2, §3 "character_id (sub-character)", §6): its members, who each reply
 * is from, and who may turn Auto Response on. Plain functions, tested on their own.
 */

/** Group-chat Next asks the server to choose (document 1 §6; contracts GROUP_CHAT_LIMITS.autoSubCharacterId). */
export const AUTO_SPEAKER = 'AUTO';

/** Automatic replies in a row after each turn of the user's (ours: a small cap, so the group never runs on alone). */
export const AUTO_RESPONSE_CAP = 3;

/** The pause before an automatic reply (ours): the user can read, and start typing to stop it. */
export const AUTO_RESPONSE_DELAY_MS = 900;

/** The members of a group chat as its profile lists them (those the viewer may see, in the group's order); null for a chatbot. */
export function groupMembersOf(profile: Pick<CharacterProfile, 'type' | 'sub_characters'> | undefined): SubCharacter[] | null {
  if (!profile || profile.type !== 'group') return null;
  return profile.sub_characters ?? [];
}

/** Who a message is shown from: a reply's member (by character_id), else the group (its greeting, a member gone). */
export interface Speaker {
  name: string;
  avatarUrl: string | null;
}

export function speakerOf(message: Pick<ChatMessage, 'role' | 'character_id'>, members: readonly SubCharacter[], group: Speaker): Speaker {
  if (message.role !== 'assistant' || !message.character_id) return group;
  const member = members.find((m) => m.id === message.character_id);
  return member ? { name: member.name, avatarUrl: member.avatar_url ?? null } : group;
}

/** Auto Response is for the top tier: guests are asked to create an account, other members get the upgrade prompt (§6). */
export type AutoResponseAccess = 'allowed' | 'signIn' | 'upgrade';

export function autoResponseAccess(member: boolean, tier: Tier | null | undefined): AutoResponseAccess {
  if (!member) return 'signIn';
  return tier === 'premium' ? 'allowed' : 'upgrade';
}

const storageKey = (characterId: string) => `fable:chat:autoResponse:${characterId}`;

/** Whether Auto Response is on for this group chat on this device (it stays on until turned off). */
export function readAutoResponse(characterId: string): boolean {
  try {
    return window.localStorage.getItem(storageKey(characterId)) === '1';
  } catch {
    return false;
  }
}

export function writeAutoResponse(characterId: string, on: boolean): void {
  try {
    if (on) window.localStorage.setItem(storageKey(characterId), '1');
    else window.localStorage.removeItem(storageKey(characterId));
  } catch {
    // storage unavailable: the choice lasts while the page is open
  }
}
