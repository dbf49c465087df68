import { CARD_EXTRAS_MAX_BYTES, CHARACTER_MESSAGES as M } from '../limits/characterLimits';
import {
  CharacterImportInputSchema,
  CharacterInputSchema,
  CharacterUpdateInputSchema,
  definitionVisibleAfter,
  isOwnAvatarUrl,
  utf8Length,
} from './characterInput';

const form = {
  name: 'Aria',
  title: 'A wandering bard',
  greeting: 'Hello, traveller!',
  persona: 'Cheerful and curious.',
  visibility: 'public',
  avatar_url: '/api/avatars/aria-1.svg',
  tags: ['Fantasy', 'Female'],
  guidelines: true,
};

function messages(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }): string[] {
  return result.error?.issues.map((i) => i.message) ?? [];
}
function paths(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }): string[] {
  return result.error?.issues.map((i) => i.path.join('.')) ?? [];
}

describe('CharacterInputSchema (create)', () => {
  it('accepts a valid form, with nulls for empty scenario and dialogue and defaults', () => {
    const parsed = CharacterInputSchema.parse(form);
    expect(parsed).toMatchObject({ scenario: null, dialogue: null, is_nsfw: false, avatar_is_nsfw: false, definition_visible: true });
  });

  it('gives document 1 §5 messages verbatim for name, title, greeting and personality', () => {
    expect(messages(CharacterInputSchema.safeParse({ ...form, name: '' }))).toEqual(['You must provide a name']);
    expect(messages(CharacterInputSchema.safeParse({ ...form, name: 'x'.repeat(21) }))).toEqual(['Name should be 20 characters or less']);
    expect(messages(CharacterInputSchema.safeParse({ ...form, name: 'go to bit.ly/x' }))).toEqual(['Name should not contain any url/link']);
    expect(messages(CharacterInputSchema.safeParse({ ...form, title: 'x'.repeat(101) }))).toEqual(['Title is maximum of 100 characters']);
    expect(messages(CharacterInputSchema.safeParse({ ...form, greeting: 'x'.repeat(2001) }))).toEqual(['Greeting is maximum of 2000 characters']);
    expect(messages(CharacterInputSchema.safeParse({ ...form, persona: 'x'.repeat(5001) }))).toEqual(['Personality is maximum of 5000 characters']);
    expect(messages(CharacterInputSchema.safeParse({ ...form, persona: 'see https://evil.example' }))).toEqual([M.personalityNoLink]);
  });

  it('accepts the limits exactly: name 3 and 20, title 100, greeting 2000, personality 5000, scenario 4000', () => {
    for (const name of ['abc', 'x'.repeat(20)]) expect(CharacterInputSchema.safeParse({ ...form, name }).success).toBe(true);
    expect(messages(CharacterInputSchema.safeParse({ ...form, name: 'ab' }))).toEqual([M.nameTooShort]);
    expect(
      CharacterInputSchema.safeParse({
        ...form,
        title: 'x'.repeat(100),
        greeting: 'x'.repeat(2000),
        persona: 'x'.repeat(5000),
        scenario: 'x'.repeat(4000),
        dialogue: 'x'.repeat(4000),
      }).success,
    ).toBe(true);
  });

  it('scenario and dialogue: dropped at 1 char, "should be longer" at 2, maximum 4000, no links', () => {
    expect(CharacterInputSchema.parse({ ...form, scenario: ' a ', dialogue: '' })).toMatchObject({ scenario: null, dialogue: null });
    expect(messages(CharacterInputSchema.safeParse({ ...form, scenario: 'ab' }))).toEqual(['Scenario should be longer']);
    expect(messages(CharacterInputSchema.safeParse({ ...form, dialogue: 'ab' }))).toEqual(['Dialogue should be longer']);
    expect(messages(CharacterInputSchema.safeParse({ ...form, scenario: 'x'.repeat(4001) }))).toEqual(['Scenario is maximum of 4000 characters']);
    expect(messages(CharacterInputSchema.safeParse({ ...form, dialogue: 'x'.repeat(4001) }))).toEqual(['Dialogue is maximum of 4000 characters']);
    expect(messages(CharacterInputSchema.safeParse({ ...form, dialogue: 'join discord.gg/abc' }))).toEqual([M.dialogueNoLink]);
  });

  it('requires visibility, avatar and guidelines with their messages (import mode has its own guidelines message)', () => {
    const { visibility: _v, avatar_url: _a, guidelines: _g, ...rest } = form;
    expect(messages(CharacterInputSchema.safeParse(rest))).toEqual(
      expect.arrayContaining(['Visibility Is Required', 'You must generate an Avatar', 'Guidelines Is Required']),
    );
    expect(messages(CharacterInputSchema.safeParse({ ...form, guidelines: false }))).toEqual(['Guidelines Is Required']);
    expect(messages(CharacterImportInputSchema.safeParse({ ...form, guidelines: false }))).toEqual(['You must agree with the Community Guidelines']);
  });

  it('takes only our own avatars', () => {
    expect(messages(CharacterInputSchema.safeParse({ ...form, avatar_url: 'https://cdn.example/a.png' }))).toEqual(['You must generate an Avatar']);
    expect(isOwnAvatarUrl('/api/avatars/aria-1.svg')).toBe(true);
    expect(isOwnAvatarUrl('/api/avatars/Aria.svg')).toBe(false);
    expect(isOwnAvatarUrl('/api/avatars/../x.svg')).toBe(false);
    expect(isOwnAvatarUrl(`/api/avatars/${'a'.repeat(81)}.svg`)).toBe(false);
    expect(isOwnAvatarUrl(`/api/avatars/${'a'.repeat(80)}.svg`)).toBe(true);
  });

  it('tags: at least 2 for public chatbots, at most 12, duplicates dropped, no links', () => {
    expect(messages(CharacterInputSchema.safeParse({ ...form, tags: ['One'] }))).toEqual(['At least 2 tags required']);
    expect(paths(CharacterInputSchema.safeParse({ ...form, tags: [] }))).toEqual(['tags']);
    expect(CharacterInputSchema.safeParse({ ...form, visibility: 'private', tags: [] }).success).toBe(true);
    const twelve = Array.from({ length: 12 }, (_, i) => `t${i}`);
    expect(CharacterInputSchema.parse({ ...form, tags: twelve }).tags).toHaveLength(12);
    expect(messages(CharacterInputSchema.safeParse({ ...form, tags: [...twelve, 'one more'] }))).toEqual(['Tag limit reached']);
    expect(CharacterInputSchema.parse({ ...form, tags: [' Fantasy ', 'fantasy', 'Female', ...twelve.slice(0, 10)] }).tags).toEqual([
      'Fantasy',
      'Female',
      ...twelve.slice(0, 10),
    ]);
    expect(messages(CharacterInputSchema.safeParse({ ...form, tags: ['Fantasy', 't.me/join'] }))).toEqual([M.tagsNoLink]);
  });

  it('shows the tags rule together with other fields’ errors', () => {
    expect(messages(CharacterInputSchema.safeParse({ ...form, name: '', tags: ['One'] }))).toEqual(['You must provide a name', 'At least 2 tags required']);
  });

  it('definition_visible: on when public unless turned off; always off otherwise', () => {
    expect(CharacterInputSchema.parse({ ...form, definition_visible: false }).definition_visible).toBe(false);
    for (const visibility of ['private', 'permanently_private', 'hidden']) {
      expect(CharacterInputSchema.parse({ ...form, visibility, definition_visible: true }).definition_visible).toBe(false);
    }
    expect(definitionVisibleAfter('public', undefined, { visibility: 'private', definition_visible: false })).toBe(true);
    expect(definitionVisibleAfter('public', undefined, { visibility: 'public', definition_visible: false })).toBe(false);
    expect(definitionVisibleAfter('hidden', true, { visibility: 'public', definition_visible: true })).toBe(false);
  });

  it('card_extras: any JSON object up to 256 KB', () => {
    const extras = { alternate_greetings: ['Hi', 'Hey'], extensions: { depth_prompt: { depth: 4, prompt: 'x' } }, n: null };
    expect(CharacterInputSchema.parse({ ...form, card_extras: extras }).card_extras).toEqual(extras);
    const big = { blob: 'é'.repeat(CARD_EXTRAS_MAX_BYTES / 2) };
    expect(messages(CharacterInputSchema.safeParse({ ...form, card_extras: big }))).toEqual([M.cardExtrasTooLarge]);
    expect(CharacterInputSchema.safeParse({ ...form, card_extras: ['not', 'an', 'object'] }).success).toBe(false);
    expect(CharacterInputSchema.safeParse({ ...form, card_extras: 'text' }).success).toBe(false);
  });

  it('refuses wrong types', () => {
    expect(CharacterInputSchema.safeParse({ ...form, name: 42 }).success).toBe(false);
    expect(CharacterInputSchema.safeParse({ ...form, tags: 'Fantasy' }).success).toBe(false);
    expect(CharacterInputSchema.safeParse({ ...form, is_nsfw: 'yes' }).success).toBe(false);
    expect(CharacterInputSchema.safeParse(null).success).toBe(false);
  });
});

describe('CharacterUpdateInputSchema', () => {
  it('accepts only changed fields, each with its create rule', () => {
    expect(CharacterUpdateInputSchema.parse({ title: 'A new title', submitForManualReview: true })).toEqual({
      title: 'A new title',
      submitForManualReview: true,
    });
    expect(messages(CharacterUpdateInputSchema.safeParse({ title: 'x'.repeat(101) }))).toEqual(['Title is maximum of 100 characters']);
    expect(CharacterUpdateInputSchema.parse({})).toEqual({});
  });

  it('clears scenario and dialogue with null or an empty text', () => {
    expect(CharacterUpdateInputSchema.parse({ scenario: null, dialogue: '' })).toEqual({ scenario: null, dialogue: null });
  });

  it('checks 2 tags when the update makes it public with tags', () => {
    expect(messages(CharacterUpdateInputSchema.safeParse({ visibility: 'public', tags: ['One'] }))).toEqual(['At least 2 tags required']);
    expect(CharacterUpdateInputSchema.safeParse({ tags: ['One'] }).success).toBe(true);
  });
});

it('counts UTF-8 bytes', () => {
  expect(utf8Length('aé€😀')).toBe(1 + 2 + 3 + 4);
  expect(utf8Length('\uD800')).toBe(3);
});
