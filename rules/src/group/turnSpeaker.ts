import { pickSpeaker, type SpeakerCandidate, type SpokenLine } from './groupSpeaker';

/**
 * Who speaks a group chat's turn (api/src/modules/chat/README.md "Group chats: one member per reply"), given the
 * members who may speak (in the group's order) and what the call asks:
 *
 * - `asked` a member's id: that member; one who may not speak is refused (`not_a_member`, named before an empty group);
 * - `asked` null (AUTO or absent): the server picks (groupSpeaker.ts) after the conversation and the user's new message;
 * - `regenerate` keeps the speaker of the reply it replaces, `continue` the speaker of the reply it goes on with (while
 *   they may speak; else as above);
 * - `autopilot` writes the user's line: the last member who spoke is the one addressed.
 *
 * No member who may speak: `no_members`. The caller turns a refusal into its error.
 */

/** What the call asks for (the chat turn's mode; `message` with the user's new text). */
export type SpeakerTurnAsk =
  | { mode: 'message'; text: string }
  | { mode: 'next' }
  | { mode: 'regenerate' }
  | { mode: 'continue' }
  | { mode: 'autopilot' };

export interface SpeakerTurn {
  ask: SpeakerTurnAsk;
  /** The member asked for by id, or null when the server picks (AUTO or absent). */
  asked: string | null;
  /** The conversation so far, oldest first (without the user's new message). */
  lines: readonly SpokenLine[];
}

export type SpeakerChoice = { speaker: string } | { refused: 'not_a_member' | 'no_members' };

export function chooseSpeaker(members: readonly SpeakerCandidate[], { ask, asked, lines }: SpeakerTurn): SpeakerChoice {
  const explicit = asked !== null ? members.find((m) => m.id === asked)?.id : undefined;
  if (asked !== null && !explicit) return { refused: 'not_a_member' };
  if (members.length === 0) return { refused: 'no_members' };
  const known = (id: string | null | undefined) => (id && members.some((m) => m.id === id) ? id : undefined);
  const last = lines.at(-1);
  const speaker = (() => {
    switch (ask.mode) {
      case 'regenerate': {
        const replaced = last?.role === 'assistant' ? last : null;
        return known(replaced?.speaker) ?? explicit ?? pickSpeaker(members, replaced ? lines.slice(0, -1) : lines);
      }
      case 'continue':
        return known(last?.role === 'assistant' ? last.speaker : null) ?? explicit ?? pickSpeaker(members, lines);
      case 'autopilot':
        return known(lines.findLast((l) => l.role === 'assistant' && known(l.speaker))?.speaker) ?? explicit ?? members[0]!.id;
      case 'message':
        return explicit ?? pickSpeaker(members, [...lines, { role: 'user', speaker: null, content: ask.text }]);
      case 'next':
        return explicit ?? pickSpeaker(members, lines);
    }
  })();
  return { speaker };
}
