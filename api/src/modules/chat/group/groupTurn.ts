import { GROUP_CHAT_LIMITS } from '@fable/contracts';
import { chooseSpeaker, speakingMembers } from '@fable/rules/group';
import type { Queryable } from '../../../infra/db/database';
import type { CharacterRow } from '../../characters/characterRow';
import { groupWithoutMembers, notAGroupChat, notAGroupMember } from '../chatErrors';
import { loadSpeakerLore, type TurnMemberRow } from '../promptSources';
import type { TurnGroup, TurnLine } from '../turnPrompt';
import type { TurnAsk } from '../turnRequest';

/**
 * A group chat's turn (README "Group chats: one member per reply"): each reply is one member speaking. Who may speak
 * and who speaks are rules of @fable/rules/group (rules/src/group: speakingMembers, the members the caller sees by the
 * group rule that are not held for a manual review; chooseSpeaker, by the call's `sub_character_id` and mode, AUTO
 * with groupSpeaker.ts's pickSpeaker), which the mock API calls too. This file reads the speaker's lore and answers
 * the rule's refusals with the API's errors: 400 `sub_character_not_member`, 409 `group_without_members`.
 */

export const AUTO_SPEAKER = GROUP_CHAT_LIMITS.autoSubCharacterId;

export { speakingMembers };

/** What the choice reads of the turn. */
export interface SpeakerAsk {
  ask: Exclude<TurnAsk, { mode: 'pick' }>;
  /** The call's sub_character_id. */
  asked: string | undefined;
  /** The conversation so far, oldest first (without the user's new message). */
  lines: readonly TurnLine[];
}

/** The member who speaks this turn (chooseSpeaker), or the API's error for its refusal. */
export function speakerOf(members: readonly TurnMemberRow[], { ask, asked, lines }: SpeakerAsk): TurnMemberRow {
  const choice = chooseSpeaker(members, { ask, asked: asked === undefined || asked === AUTO_SPEAKER ? null : asked, lines });
  if ('refused' in choice) throw choice.refused === 'not_a_member' ? notAGroupMember(asked!) : groupWithoutMembers();
  return members.find((m) => m.id === choice.speaker)!;
}

/**
 * The turn's group, or null for a chatbot: the speaker (its lorebook read when it has one) and the members who may
 * speak. A chatbot takes no member turn: `sub_character_id` other than AUTO is refused, and so is a turn without a
 * message.
 */
export async function groupOfTurn(
  db: Queryable,
  character: Pick<CharacterRow, 'type' | 'application_id' | 'creator_user_id'>,
  rows: readonly TurnMemberRow[],
  turn: SpeakerAsk & { viewerUserId: string | null },
): Promise<TurnGroup | null> {
  if (character.type !== 'group') {
    if (turn.asked !== undefined && turn.asked !== AUTO_SPEAKER) throw notAGroupChat();
    if (turn.ask.mode === 'next') throw notAGroupChat();
    return null;
  }
  const members = speakingMembers(character, rows, turn.viewerUserId);
  const speaker = speakerOf(members, turn);
  const lore = speaker.has_lore ? await loadSpeakerLore(db, speaker.id) : [];
  return {
    speaker: { id: speaker.id, name: speaker.name, persona: speaker.persona, scenario: speaker.scenario, dialogue: speaker.dialogue, greeting: speaker.greeting, lore },
    members: members.map((m) => ({ id: m.id, name: m.name })),
  };
}
