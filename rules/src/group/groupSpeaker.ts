/**
 * Who speaks next in a group chat when the server picks (sub_character_id AUTO or absent; document 1 §6 "Group-chat
 * Next button uses sub-character id AUTO"). Plain data, no database: README "Group chats: one member per reply".
 *
 * 1. A member named in the last message speaks first (its full name, or a word of its name of 3+ letters that no
 *    other member's name holds; whole word, any case), the earliest mention in the text; never the member who wrote
 *    that message.
 * 2. Otherwise a member who has not spoken since the user's last message, in member order starting after the member
 *    who spoke last (round-robin, across the user's messages too), so nobody speaks twice while another waits. Lines
 *    whose speaker is not known (a guest's history) count as replies: the turn goes on from their number.
 * 3. When all have spoken since then, the next one after the last speaker in member order (never the same twice in a
 *    row when there are two or more).
 */

/** A member as the choice needs it. */
export interface SpeakerCandidate {
  id: string;
  name: string;
}

/** A message of the conversation, oldest first: who wrote it (`user`, a member's id, or null when not known). */
export interface SpokenLine {
  role: 'user' | 'assistant';
  /** The member that wrote an assistant line (null: the group's greeting, a guest's history, a member gone). */
  speaker: string | null;
  content: string;
}

/** `text` matched literally in a RegExp. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordsOf = (name: string) => name.split(/[^\p{L}\p{N}']+/u).filter((w) => w.length > 0);

/** The phrases that name each member: the full name, and the words of its name (3+ letters) no other member shares. */
export function namingPhrases(members: readonly SpeakerCandidate[]): Map<string, string[]> {
  const wordOwners = new Map<string, Set<string>>();
  for (const m of members) {
    for (const w of wordsOf(m.name)) {
      const key = w.toLocaleLowerCase();
      wordOwners.set(key, (wordOwners.get(key) ?? new Set()).add(m.id));
    }
  }
  return new Map(
    members.map((m) => {
      const own = wordsOf(m.name).filter((w) => [...w].length >= 3 && wordOwners.get(w.toLocaleLowerCase())!.size === 1);
      return [m.id, [...new Set([m.name.trim(), ...own])].filter((p) => p.length > 0)];
    }),
  );
}

/** The position of the first whole-word, case-insensitive mention of `phrase` in `text`, or -1. */
function mentionAt(text: string, phrase: string): number {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(phrase).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}_])`, 'iu');
  return pattern.exec(text)?.index ?? -1;
}

/** The members named in `text`, earliest mention first. */
export function membersNamedIn(text: string, members: readonly SpeakerCandidate[]): string[] {
  const phrases = namingPhrases(members);
  return members
    .map((m) => {
      const positions = phrases.get(m.id)!.map((p) => mentionAt(text, p)).filter((at) => at >= 0);
      return { id: m.id, at: positions.length > 0 ? Math.min(...positions) : -1 };
    })
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.id);
}

/**
 * The member who speaks next after `lines` (the conversation so far, ending with the message the reply follows), by
 * the rules above. `members` are those who may speak, in the group's order (at least one).
 */
export function pickSpeaker(members: readonly SpeakerCandidate[], lines: readonly SpokenLine[]): string {
  if (members.length === 0) throw new Error('a group turn needs a member to speak');
  const ids = members.map((m) => m.id);
  const last = lines.at(-1);
  const lastSpeaker = last?.role === 'assistant' && last.speaker && ids.includes(last.speaker) ? last.speaker : null;

  // 1. Named in the last message (not by itself).
  if (last) {
    const named = membersNamedIn(last.content, members).find((id) => id !== lastSpeaker);
    if (named) return named;
  }

  // Since the user's last message: who spoke, and how many replies came (a guest's lines carry no speaker).
  const userAt = lines.findLastIndex((l) => l.role === 'user');
  const sinceUser = userAt === -1 ? [] : lines.slice(userAt + 1).filter((l) => l.role === 'assistant');
  const spoken = new Set(sinceUser.map((l) => l.speaker).filter((s): s is string => s !== null));

  // Round-robin order: the members after the one who spoke last (before the user's message too), then from the start.
  const anchor = lines.findLast((l) => l.role === 'assistant' && l.speaker !== null && ids.includes(l.speaker))?.speaker ?? null;
  const from = anchor ? ids.indexOf(anchor) + 1 : sinceUser.length;
  const order = ids.map((_, i) => ids[(from + i) % ids.length]!);

  // 2. Someone who has not spoken since the user's last message.
  const waiting = order.find((id) => !spoken.has(id) && id !== lastSpeaker);
  if (waiting) return waiting;

  // 3. Everyone has: the next in order, not the last speaker when another exists.
  return order.find((id) => id !== lastSpeaker) ?? ids[0]!;
}
