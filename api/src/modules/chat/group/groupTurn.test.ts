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

// The rules themselves (who may speak, who speaks by mode) are tested in rules/src/group; here the API's use of them.
describe('who may speak', () => {
  it('the members the caller sees by the group rule, not one held for a manual review', () => {
    const rows = [row('own-private', 'Secret', { listable: false }), row('public', 'Open'), row('held', 'Held', { aicq_manual_review_required: true })];
    const group = { application_id: 'app', creator_user_id: 'owner' };
    expect(speakingMembers(group, rows, 'owner').map((m) => m.id)).toEqual(['own-private', 'public']);
    expect(speakingMembers(group, rows, null).map((m) => m.id)).toEqual(['public']);
  });
});

describe('who speaks this turn', () => {
  const chat = [line('user', 'Hello all'), line('assistant', 'Ahoy', 'a')];

  it('answers the member row; AUTO or nothing lets the rule pick', () => {
    expect(speakerOf(members, { ask: { mode: 'next' }, asked: 'c', lines: chat })).toBe(members[2]);
    expect(speakerOf(members, { ask: { mode: 'next' }, asked: 'AUTO', lines: chat }).id).toBe('b');
    expect(speakerOf(members, { ask: { mode: 'message', text: 'and you, Aldric?' }, asked: undefined, lines: chat }).id).toBe('c');
    expect(speakerOf(members, { ask: { mode: 'regenerate' }, asked: 'c', lines: chat }).id).toBe('a');
  });

  it('the rule’s refusals are the API’s errors: 400 for one who may not speak (named first), 409 when nobody may', () => {
    expect(codeOf(() => speakerOf(members, { ask: { mode: 'next' }, asked: 'zzz', lines: chat }))).toBe('400 sub_character_not_member');
    expect(codeOf(() => speakerOf([], { ask: { mode: 'next' }, asked: 'AUTO', lines: [] }))).toBe('409 group_without_members');
    expect(codeOf(() => speakerOf([], { ask: { mode: 'next' }, asked: 'x', lines: [] }))).toBe('400 sub_character_not_member');
  });
});
