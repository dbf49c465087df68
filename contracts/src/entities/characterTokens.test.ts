import { CharacterInputSchema } from './characterInput';
import { characterTokenLimit, characterTokenStatus, countCharacterTokens, withCharacterTokenLimit } from './characterTokens';

/** One token per word: enough to check what is counted and how. */
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('the token counter', () => {
  it('adds greeting, persona, scenario and dialogue, nothing else', () => {
    const values = { greeting: 'a b', persona: 'c d e', scenario: null, dialogue: 'f', name: 'not counted' } as const;
    expect(countCharacterTokens(values, words)).toBe(6);
    expect(countCharacterTokens({}, words)).toBe(0);
  });

  it('warns above 1600 and errs above the visibility limit, shown as x/limit', () => {
    const text = (n: number) => Array.from({ length: n }, () => 'w').join(' ');
    expect(characterTokenStatus({ persona: text(1600) }, 'public', words)).toMatchObject({ warning: false, overLimit: false, text: '1600/3000' });
    expect(characterTokenStatus({ persona: text(1601) }, 'public', words)).toMatchObject({ warning: true, overLimit: false });
    const over = characterTokenStatus({ persona: text(3001) }, 'public', words);
    expect(over).toMatchObject({ overLimit: true, text: '3001/3000' });
    expect(over.error).toBe('Your chatbot is too long: 3001/3000 tokens. Shorten the greeting, personality, scenario or example dialogue.');
    expect(characterTokenStatus({ persona: text(3001) }, 'private', words).overLimit).toBe(false);
    expect([characterTokenLimit('public'), characterTokenLimit('hidden'), characterTokenLimit('private'), characterTokenLimit('permanently_private')]).toEqual([
      3000, 3000, 4000, 4000,
    ]);
  });

  it('adds the hard limit to a form schema as an issue on token_count', () => {
    const schema = withCharacterTokenLimit(CharacterInputSchema, (t) => t.length);
    const form = {
      name: 'Aria',
      title: 'A wandering bard',
      greeting: 'Hello!',
      persona: 'x'.repeat(2994),
      visibility: 'public',
      avatar_url: '/api/avatars/aria.svg',
      tags: ['A', 'B'],
      guidelines: true,
    };
    expect(schema.safeParse(form).success).toBe(true);
    const result = schema.safeParse({ ...form, persona: 'x'.repeat(2994) + 'yy' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['token_count', 'Your chatbot is too long: 3002/3000 tokens. Shorten the greeting, personality, scenario or example dialogue.'],
    ]);
    expect(schema.safeParse({ ...form, visibility: 'private', persona: 'x'.repeat(2994) + 'yy' }).success).toBe(true);
  });
});
