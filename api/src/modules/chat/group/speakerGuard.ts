import { escapeRegExp } from '@fable/rules/group';

/**
 * Keeps a group member's reply to its own voice (README "Group chats: one member per reply"): models in a group often
 * go on writing the next lines of the others ("\nMira: …", "\nAda: …"). The prompt forbids it; this filter enforces it
 * on the stream, whatever the engine supports (stop sequences are not offered by every OpenAI-compatible server, and
 * OpenAI takes at most four):
 *
 * - a line that starts with another member's or the user's name and a colon ("Name:", "**Name**:", any case) ends the
 *   reply there: the text before it is kept and the engine's stream is left;
 * - the speaker's own "Name:" at the very start of the reply is dropped (the screen shows the name already).
 *
 * Text that could still become such a line start is held back until it cannot (at most a name's length), so what
 * the client is sent is always what is saved.
 */
export interface SpeakerGuard {
  /** Takes the next delta; answers the text that may go out now, and whether the reply ends here. */
  push(delta: string): { text: string; cut: boolean };
  /** The text still held back when the stream ended. */
  flush(): string;
}

const LEAD = '[ \\t]*(?:\\*{1,2}|_{1,2})?[ \\t]*';
const TRAIL = '[ \\t]*(?:\\*{1,2}|_{1,2})?[ \\t]*:';

export function speakerGuard(speaker: string, others: readonly string[]): SpeakerGuard {
  const names = [...new Set(others.map((n) => n.trim()).filter((n) => n.length > 0 && n.toLocaleLowerCase() !== speaker.trim().toLocaleLowerCase()))];
  const alternation = names.map(escapeRegExp).join('|');
  const foreignLine = names.length > 0 ? new RegExp(`(?:^|\\n)${LEAD}(?:${alternation})${TRAIL}`, 'iu') : null;
  const ownStart = new RegExp(`^\\s*(?:\\*{1,2}|_{1,2})?[ \\t]*${escapeRegExp(speaker.trim())}${TRAIL}[ \\t]*`, 'iu');
  const lower = (s: string) => s.toLocaleLowerCase();
  // What a line start may grow into: "name:" with markup around the name.
  const couldBecome = (tail: string, candidates: readonly string[]) => {
    const bare = lower(tail.replace(/^[ \t]*(?:\*{1,2}|_{1,2})?[ \t]*/, ''));
    return candidates.some((n) => {
      const name = lower(n);
      if (name.startsWith(bare)) return true;
      return bare.startsWith(name) && /^[ \t]*(?:\*{1,2}|_{1,2})?[ \t]*$/.test(bare.slice(name.length));
    });
  };

  let all = '';
  let sent = 0;
  let startSettled = speaker.trim() === '';
  let done = false;

  const held = (): number => {
    // The last line, when it could still start a name, and the line breaks before it (a cut drops them too).
    if (names.length === 0) return 0;
    const lineStart = all.lastIndexOf('\n') + 1;
    if (!couldBecome(all.slice(lineStart), names)) return 0;
    const before = all.slice(0, lineStart).trimEnd().length;
    return all.length - before;
  };

  return {
    push(delta) {
      if (done) return { text: '', cut: true };
      all += delta;
      if (!startSettled) {
        const own = ownStart.exec(all);
        if (own && all.length > own[0].length) {
          all = all.slice(own[0].length);
          startSettled = true;
        } else if (!own && !couldBecome(all, [speaker])) startSettled = true;
      }
      const foreign = foreignLine?.exec(all);
      if (foreign) {
        done = true;
        const kept = all.slice(0, foreign.index).trimEnd();
        const text = kept.slice(Math.min(sent, kept.length));
        sent = kept.length;
        all = kept;
        return { text, cut: true };
      }
      // Nothing goes out while the start may still be the speaker's own name (it is then dropped).
      const end = startSettled ? all.length - held() : 0;
      const text = all.slice(sent, Math.max(sent, end));
      sent = Math.max(sent, end);
      return { text, cut: false };
    },
    flush() {
      if (done) return '';
      done = true;
      if (!startSettled) {
        const own = ownStart.exec(all);
        if (own) all = all.slice(own[0].length);
      }
      const text = all.slice(sent);
      sent = all.length;
      return text;
    },
  };
}
