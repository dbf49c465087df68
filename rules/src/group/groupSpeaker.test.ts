import { membersNamedIn, namingPhrases, pickSpeaker, type SpokenLine } from './groupSpeaker';

const members = [
  { id: 'a', name: 'Captain Mira' },
  { id: 'b', name: 'Detective Vale' },
  { id: 'c', name: 'Brother Aldric' },
];
const user = (content: string): SpokenLine => ({ role: 'user', speaker: null, content });
const said = (speaker: string | null, content = '…'): SpokenLine => ({ role: 'assistant', speaker, content });

describe('who is named', () => {
  it('full names and the words of a name no other member shares, whole words, any case, earliest mention first', () => {
    expect(namingPhrases(members).get('a')).toEqual(['Captain Mira', 'Captain', 'Mira']);
    expect(membersNamedIn('what do you think, ALDRIC? and you, mira', members)).toEqual(['c', 'a']);
    expect(membersNamedIn('Miranda and the valet are not members', members)).toEqual([]);
    expect(membersNamedIn('Ask the detective.', members)).toEqual(['b']);
    expect(membersNamedIn('Captain   Mira, report!', members)).toEqual(['a']);
  });

  it('a word two members share names neither; short words (under 3 letters) never name', () => {
    const twins = [
      { id: 'x', name: 'Red Fox' },
      { id: 'y', name: 'Red Owl' },
      { id: 'z', name: 'Al Bo' },
    ];
    expect(membersNamedIn('the red one', twins)).toEqual([]);
    expect(membersNamedIn('the owl', twins)).toEqual(['y']);
    expect(membersNamedIn('al, are you there', twins)).toEqual([]);
    expect(membersNamedIn('Al Bo, are you there', twins)).toEqual(['z']);
  });

  it('names with regex characters and letters beyond ASCII', () => {
    const odd = [
      { id: 'p', name: 'C.J. (Pilot)' },
      { id: 'q', name: 'Zoë' },
    ];
    expect(membersNamedIn('hey zoë!', odd)).toEqual(['q']);
    expect(membersNamedIn('Zoëlle is someone else', odd)).toEqual([]);
    expect(membersNamedIn('Where is C.J. (Pilot)?', odd)).toEqual(['p']);
  });
});

describe('who speaks next under AUTO', () => {
  it('a member named in the last message first, the earliest mention', () => {
    expect(pickSpeaker(members, [user('Vale, and then Mira: what now?')])).toBe('b');
    // A member's reply naming another passes the turn to it.
    expect(pickSpeaker(members, [user('hi'), said('a', 'Aldric, tell them about the map.')])).toBe('c');
  });

  it('never the member who wrote the last message, even when it names itself', () => {
    expect(pickSpeaker(members, [user('hi'), said('a', 'I, Captain Mira, say so. Vale?')])).toBe('b');
    expect(pickSpeaker(members, [user('hi'), said('a', 'Mira is my name.')])).toBe('b');
  });

  it('otherwise round-robin in member order: one who has not spoken since the user’s last message', () => {
    expect(pickSpeaker(members, [user('hello all')])).toBe('a');
    expect(pickSpeaker(members, [user('hello all'), said('a')])).toBe('b');
    expect(pickSpeaker(members, [user('hello all'), said('a'), said('b')])).toBe('c');
    // After a picked member spoke, the ones waiting come before anyone speaks again.
    expect(pickSpeaker(members, [user('hello all'), said('b')])).toBe('c');
    expect(pickSpeaker(members, [user('hello all'), said('b'), said('c')])).toBe('a');
  });

  it('the round goes on across the user’s messages (the member after the last one who spoke)', () => {
    expect(pickSpeaker(members, [user('hi'), said('a'), user('and?')])).toBe('b');
    expect(pickSpeaker(members, [user('hi'), said('c'), user('and?')])).toBe('a');
  });

  it('when all have spoken since the user: the next in order, never the same twice in a row', () => {
    expect(pickSpeaker(members, [user('hi'), said('a'), said('b'), said('c')])).toBe('a');
    const two = members.slice(0, 2);
    expect(pickSpeaker(two, [user('hi'), said('a'), said('b')])).toBe('a');
    expect(pickSpeaker(two, [user('hi'), said('b'), said('a')])).toBe('b');
  });

  it('a single member always speaks; the group’s greeting (no speaker) starts the round at the first', () => {
    expect(pickSpeaker(members.slice(0, 1), [user('hi'), said('a')])).toBe('a');
    expect(pickSpeaker(members, [said(null, 'Welcome to the tavern')])).toBe('a');
    expect(pickSpeaker(members, [])).toBe('a');
  });

  it('lines without a known speaker (a guest’s history, a member gone) count as replies of the round', () => {
    expect(pickSpeaker(members, [user('hi'), said(null)])).toBe('b');
    expect(pickSpeaker(members, [user('hi'), said(null), said(null)])).toBe('c');
    expect(pickSpeaker(members, [user('hi'), said('gone')])).toBe('b');
  });
});
