import type { SpokenLine } from './groupSpeaker';
import { chooseSpeaker, type SpeakerTurnAsk } from './turnSpeaker';

const members = [
  { id: 'a', name: 'Mira' },
  { id: 'b', name: 'Vale' },
  { id: 'c', name: 'Aldric' },
];
const line = (role: 'user' | 'assistant', content: string, speaker: string | null = null): SpokenLine => ({ role, content, speaker });
const chat = [line('user', 'Hello all'), line('assistant', 'Ahoy', 'a')];
const speakerOf = (ask: SpeakerTurnAsk, asked: string | null, lines: readonly SpokenLine[] = chat, group = members) => {
  const choice = chooseSpeaker(group, { ask, asked, lines });
  return 'speaker' in choice ? choice.speaker : choice.refused;
};

describe('who speaks this turn', () => {
  it('the member asked for; one who may not speak is refused; null (AUTO or absent) lets the rule pick', () => {
    expect(speakerOf({ mode: 'next' }, 'c')).toBe('c');
    expect(speakerOf({ mode: 'next' }, 'zzz')).toBe('not_a_member');
    expect(speakerOf({ mode: 'next' }, null)).toBe('b');
    expect(speakerOf({ mode: 'message', text: 'and you, Aldric?' }, null)).toBe('c');
    expect(speakerOf({ mode: 'message', text: 'go on' }, null)).toBe('b');
  });

  it('regenerate keeps the speaker of the reply it replaces (while it may speak); continue the speaker of the last reply', () => {
    expect(speakerOf({ mode: 'regenerate' }, 'c')).toBe('a');
    expect(speakerOf({ mode: 'regenerate' }, null, [line('user', 'Hi'), line('assistant', 'x', 'gone')])).toBe('a');
    // After a user message left unanswered: answered as a new turn.
    expect(speakerOf({ mode: 'regenerate' }, null, [...chat, line('user', 'Vale?')])).toBe('b');
    expect(speakerOf({ mode: 'continue' }, null)).toBe('a');
    expect(speakerOf({ mode: 'continue' }, 'c', [line('user', 'Hi')])).toBe('c');
  });

  it('autopilot addresses the last member who spoke', () => {
    expect(speakerOf({ mode: 'autopilot' }, null, [...chat, line('assistant', 'Hm', 'c')])).toBe('c');
    expect(speakerOf({ mode: 'autopilot' }, null, [])).toBe('a');
  });

  it('a group where nobody may speak is refused; a bad id is still named first', () => {
    expect(speakerOf({ mode: 'next' }, null, [], [])).toBe('no_members');
    expect(speakerOf({ mode: 'next' }, 'x', [], [])).toBe('not_a_member');
  });
});
