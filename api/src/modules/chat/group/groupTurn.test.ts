import { AppError } from '../../../http/appError';
import type { TurnMemberRow } from '../promptSources';
import type { TurnLine } from '../turnPrompt';
import { speakerOf, speakingMembers } from './groupTurn';

const row = (id: string, name: string, over: Partial<TurnMemberRow> = {}): TurnMemberRow => ({
  id,
  name,
  avatar_url: null,
  moderation_status: null,
  application_id: 'app',
  creator_user_id: 'owner',
  creator_username: 'owner',
  title: '',
  avatar_is_nsfw: false,
  visibility: 'public',
  type: 'character',
  token_count: 1,
  is_nsfw: false,
  listable: true,
  persona: `${name}'s persona`,
  scenario: null,
  dialogue: null,
  greeting: '',
  aicq_manual_review_required: false,
  has_lore: false,
  ...over,
});
const members = [row('a', 'Mira'), row('b', 'Vale'), row('c', 'Aldric')];
const line = (role: 'user' | 'assistant', content: string, speaker: string | null = null): TurnLine => ({ id: null, prev_id: null, role, content, speaker });
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? `${err.statusCode} ${err.code}` : String(err);
  }
  return 'no error';
};

describe('who may speak', () => {
  it('the members the caller sees by the group rule, not one held for a manual review, in the group’s order', () => {
    const rows = [
      row('own-private', 'Secret', { listable: false, creator_user_id: 'owner' }),
      row('public', 'Open'),
      row('others-private', 'Hidden', { listable: false, creator_user_id: 'someone' }),
      row('held', 'Held', { aicq_manual_review_required: true }),
      row('elsewhere', 'Far', { application_id: 'other' }),
      row('group', 'Nested', { type: 'group' }),
    ];
    const group = { application_id: 'app', creator_user_id: 'owner' };
    expect(speakingMembers(group, rows, 'owner').map((m) => m.id)).toEqual(['own-private', 'public']);
    expect(speakingMembers(group, rows, 'visitor').map((m) => m.id)).toEqual(['public']);
    expect(speakingMembers(group, rows, null).map((m) => m.id)).toEqual(['public']);
  });
});

describe('who speaks this turn', () => {
  const chat = [line('user', 'Hello all'), line('assistant', 'Ahoy', 'a')];

  it('the member asked for; one who may not speak is refused (400); AUTO or nothing lets the server pick', () => {
    expect(speakerOf(members, { ask: { mode: 'next' }, asked: 'c', lines: chat }).id).toBe('c');
    expect(codeOf(() => speakerOf(members, { ask: { mode: 'next' }, asked: 'zzz', lines: chat }))).toBe('400 sub_character_not_member');
    expect(speakerOf(members, { ask: { mode: 'next' }, asked: 'AUTO', lines: chat }).id).toBe('b');
    expect(speakerOf(members, { ask: { mode: 'message', text: 'and you, Aldric?' }, asked: undefined, lines: chat }).id).toBe('c');
    expect(speakerOf(members, { ask: { mode: 'message', text: 'go on' }, asked: 'AUTO', lines: chat }).id).toBe('b');
  });

  it('regenerate keeps the speaker of the reply it replaces (while it may speak); continue the speaker of the last reply', () => {
    expect(speakerOf(members, { ask: { mode: 'regenerate' }, asked: 'c', lines: chat }).id).toBe('a');
    expect(speakerOf(members, { ask: { mode: 'regenerate' }, asked: 'AUTO', lines: [line('user', 'Hi'), line('assistant', 'x', 'gone')] }).id).toBe('a');
    // After a user message left unanswered: answered as a new turn.
    expect(speakerOf(members, { ask: { mode: 'regenerate' }, asked: undefined, lines: [...chat, line('user', 'Vale?')] }).id).toBe('b');
    expect(speakerOf(members, { ask: { mode: 'continue' }, asked: 'AUTO', lines: chat }).id).toBe('a');
  });

  it('autopilot addresses the last member who spoke', () => {
    expect(speakerOf(members, { ask: { mode: 'autopilot' }, asked: undefined, lines: [...chat, line('assistant', 'Hm', 'c')] }).id).toBe('c');
    expect(speakerOf(members, { ask: { mode: 'autopilot' }, asked: undefined, lines: [] }).id).toBe('a');
  });

  it('a group where nobody may speak answers 409; a bad id is still named first', () => {
    expect(codeOf(() => speakerOf([], { ask: { mode: 'next' }, asked: 'AUTO', lines: [] }))).toBe('409 group_without_members');
    expect(codeOf(() => speakerOf([], { ask: { mode: 'next' }, asked: 'x', lines: [] }))).toBe('400 sub_character_not_member');
  });
});
