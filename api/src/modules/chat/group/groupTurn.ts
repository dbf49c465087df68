import { GROUP_CHAT_LIMITS } from '@fable/contracts';
import type { Queryable } from '../../../infra/db/database';
import type { CharacterRow } from '../../characters/characterRow';
import { memberShows } from '../../groupChats/groupMembers';
import { groupWithoutMembers, notAGroupChat, notAGroupMember } from '../chatErrors';
import { loadSpeakerLore, type TurnMemberRow } from '../promptSources';
import type { TurnGroup, TurnLine } from '../turnPrompt';
import type { TurnAsk } from '../turnRequest';
import { pickSpeaker } from './groupSpeaker';

/**
 * A group chat's turn (README "Group chats: one member per reply"): each reply is one member speaking. Who may speak
 * are the members the caller sees by the group rule (groupChats/groupMembers.ts, memberShows) that are not held for
 * a manual review (as a chatbot held so cannot be chatted with). Who speaks:
 *
 * - `sub_character_id` a member's id: that member (400 when it is not one who may speak);
 * - `AUTO` or absent: the server picks (groupSpeaker.ts) after the conversation and the user's new message;
 * - `regenerate` keeps the speaker of the reply it replaces, `continue_chat` the speaker of the reply it goes on with
 *   (while they may speak; else as above);
 * - `autopilot` writes the user's line: the last member who spoke is the one addressed.
 */

export const AUTO_SPEAKER = GROUP_CHAT_LIMITS.autoSubCharacterId;

/** The members who may speak in `group` for the caller, in the group's order. */
export function speakingMembers(group: Pick<CharacterRow, 'application_id' | 'creator_user_id'>, rows: readonly TurnMemberRow[], viewerUserId: string | null): TurnMemberRow[] {
  return rows.filter((m) => memberShows(m, group, viewerUserId) && !m.aicq_manual_review_required);
}

/** What the choice reads of the turn. */
export interface SpeakerAsk {
  ask: Exclude<TurnAsk, { mode: 'pick' }>;
  /** The call's sub_character_id. */
  asked: string | undefined;
  /** The conversation so far, oldest first (without the user's new message). */
  lines: readonly TurnLine[];
}

/** The member who speaks this turn (rules above). */
export function speakerOf(members: readonly TurnMemberRow[], { ask, asked, lines }: SpeakerAsk): TurnMemberRow {
  const explicit = asked !== undefined && asked !== AUTO_SPEAKER ? members.find((m) => m.id === asked) : undefined;
  if (asked !== undefined && asked !== AUTO_SPEAKER && !explicit) throw notAGroupMember(asked);
  if (members.length === 0) throw groupWithoutMembers();
  const byId = (id: string | null | undefined) => (id ? members.find((m) => m.id === id) : undefined);
  const last = lines.at(-1);
  const spoken = lines.map((l) => ({ role: l.role, speaker: l.speaker, content: l.content }));

  switch (ask.mode) {
    case 'regenerate': {
      const replaced = last?.role === 'assistant' ? last : null;
      return byId(replaced?.speaker) ?? explicit ?? byId(pickSpeaker(members, replaced ? spoken.slice(0, -1) : spoken))!;
    }
    case 'continue':
      return byId(last?.role === 'assistant' ? last.speaker : null) ?? explicit ?? byId(pickSpeaker(members, spoken))!;
    case 'autopilot':
      return byId(lines.findLast((l) => l.role === 'assistant' && byId(l.speaker))?.speaker) ?? explicit ?? members[0]!;
    case 'message':
      return explicit ?? byId(pickSpeaker(members, [...spoken, { role: 'user', speaker: null, content: ask.text }]))!;
    case 'next':
      return explicit ?? byId(pickSpeaker(members, spoken))!;
  }
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
