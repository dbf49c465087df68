import { CHARACTER_LIMITS as L, containsLink } from '@fable/contracts';
import { cutText, mapCharacter } from './mapCharacter';

const base = {
  name: 'Aria',
  description: 'A wandering bard.',
  personality: 'cheerful, curious',
  scenario: 'A tavern at dusk.',
  first_mes: 'Hello there!',
  mes_example: '<START>\n{{char}}: Well met!',
  tags: ['fantasy', 'music'],
};

const map = (data: Record<string, unknown>) => {
  const warnings: string[] = [];
  return { ...mapCharacter({ ...base, ...data }, warnings), warnings };
};

describe('mapCharacter (document 1 §3)', () => {
  it('maps name, title ← personality, persona ← description, greeting ← first_mes, scenario, dialogue ← mes_example, tags', () => {
    const { character, cut, warnings } = map({});
    expect(character).toEqual({
      name: 'Aria',
      title: 'cheerful, curious',
      persona: 'A wandering bard.',
      greeting: 'Hello there!',
      scenario: 'A tavern at dusk.',
      dialogue: '<START>\n{{char}}: Well met!',
      tags: ['fantasy', 'music'],
    });
    expect(cut).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('keeps in `rest` what it did not map, and the personality (the title only borrows it)', () => {
    const { rest } = map({ creator: 'me', extensions: { a: 1, fable: { title: 'old' } } });
    expect(rest).toEqual({ personality: 'cheerful, curious', creator: 'me', extensions: { a: 1 } });
  });

  it('prefers the title an export wrote (extensions.fable.title), then a title field, to the personality', () => {
    expect(map({ extensions: { fable: { title: 'Saved title' } } }).character.title).toBe('Saved title');
    const withField = map({ title: 'Card title' });
    expect(withField.character.title).toBe('Card title');
    expect(withField.rest).not.toHaveProperty('title');
  });

  it('cuts each field to our limits and lists every cut (title: personality cut to 100)', () => {
    const long = (n: number) => 'word '.repeat(n / 5);
    const { character, cut } = map({
      name: 'Bartholomew the Magnificent',
      personality: long(300),
      description: long(6000),
      first_mes: long(2500),
      scenario: long(4500),
      mes_example: long(4200),
      tags: Array.from({ length: 15 }, (_, i) => `tag${i}`),
    });
    expect(character.name.length).toBeLessThanOrEqual(L.nameMax);
    expect(character.title.length).toBeLessThanOrEqual(L.importTitleCut);
    expect(character.persona.length).toBeLessThanOrEqual(L.personalityMax);
    expect(character.greeting.length).toBeLessThanOrEqual(L.greetingMax);
    expect(character.scenario!.length).toBeLessThanOrEqual(L.scenarioMax);
    expect(character.dialogue!.length).toBeLessThanOrEqual(L.dialogueMax);
    expect(character.tags).toHaveLength(L.tagsMax);
    expect(cut).toEqual([
      { field: 'name', from: 27, to: 20 },
      { field: 'title', from: 299, to: 99 },
      { field: 'persona', from: 5999, to: 4999 },
      { field: 'greeting', from: 2499, to: 1999 },
      { field: 'scenario', from: 4499, to: 3999 },
      { field: 'dialogue', from: 4199, to: 3999 },
      { field: 'tags', from: 15, to: 12 },
    ]);
  });

  it('strips links from every text field and says so', () => {
    const { character, warnings } = map({
      name: 'Aria www.aria.com',
      description: 'Join my server discord.gg/abc123 and https://evil.example.com/x?y=1 for more.',
      first_mes: 'Hi! Visit <a href="http://x.io">me</a>.',
      scenario: 'A tavern (see javascript:alert(1)) at dusk.',
      mes_example: 'Find me at t.me/aria',
      tags: ['fantasy', 'bit.ly/x'],
    });
    for (const value of [character.name, character.persona, character.greeting, character.scenario, character.dialogue, ...character.tags]) {
      expect(containsLink(value)).toBe(false);
    }
    expect(character.tags).toEqual(['fantasy']);
    expect(warnings).toContainEqual(expect.stringMatching(/^Links were removed from the name, personality, greeting, scenario, example dialogue\.$/));
  });

  it('leaves out a scenario or dialogue of 1 character silently and one of 2 with a warning', () => {
    const { character, warnings } = map({ scenario: ' x ', mes_example: 'ok' });
    expect(character.scenario).toBeUndefined();
    expect(character.dialogue).toBeUndefined();
    expect(warnings).toEqual(['The example dialogue was shorter than 3 characters and was left out.']);
  });

  it('warns about what the form will refuse: short name, missing greeting, too few tags', () => {
    const { warnings } = map({ name: 'Al', first_mes: '', tags: ['one'] });
    expect(warnings).toEqual([
      'The name is shorter than 3 characters: lengthen it before saving.',
      'The card has no greeting: write one before saving.',
      'Add at least 2 tags before making the chatbot public.',
    ]);
  });

  it('falls back to the personality for the persona when the description is empty', () => {
    const { character, warnings } = map({ description: '  ' });
    expect(character.persona).toBe('cheerful, curious');
    expect(warnings.some((w) => w.includes('no description'))).toBe(true);
  });

  it('drops empty, duplicate (any case) and over-long tags', () => {
    const { character, warnings } = map({ tags: ['Fantasy', ' fantasy ', '', 'x'.repeat(51), 'Music'] });
    expect(character.tags).toEqual(['Fantasy', 'Music']);
    expect(warnings).toEqual(["1 of the card's tags was longer than 50 characters and left out."]);
  });
});

describe('cutText', () => {
  it('never splits a surrogate pair', () => {
    expect(cutText('ab🐉', 3)).toBe('ab');
    expect(cutText('ab🐉', 4)).toBe('ab🐉');
  });

  it('keeps the card’s own value of each field it changed (fitted: stored and original), none for fields kept as they are', () => {
    const tags = Array.from({ length: 14 }, (_, i) => `Tag ${i}`);
    const { character, fitted } = map({ name: ` ${'N'.repeat(L.nameMax + 1)} `, description: 'A bard: https://example.com/aria', scenario: 'Hi', tags, title: 'The Bard' });
    expect(fitted).toEqual({
      name: { stored: character.name, original: ` ${'N'.repeat(L.nameMax + 1)} ` },
      description: { stored: character.persona, original: 'A bard: https://example.com/aria' },
      scenario: { stored: '', original: 'Hi' },
      tags: { stored: tags.slice(0, L.tagsMax), original: tags },
      // A `title` field leaves the card's data for the chatbot's title: always kept.
      title: { stored: 'The Bard', original: 'The Bard' },
    });
    expect(map({}).fitted).toEqual({});
  });
});
