import { SUGGEST_FIELD_MAX } from '@fable/contracts';
import { cleanSuggestion } from './cleanSuggestion';

describe('cleanSuggestion', () => {
  it('takes off a label, an introduction and quotes around the whole answer', () => {
    expect(cleanSuggestion('name', 'Name: "Aria"')).toBe('Aria');
    expect(cleanSuggestion('title', "Sure! Here's a title: “The last lighthouse keeper”")).toBe('The last lighthouse keeper');
    expect(cleanSuggestion('persona', 'Personality: “"Calm and kind."”')).toBe('Calm and kind.');
    // Quotes inside a text that quotes more than once stay.
    expect(cleanSuggestion('greeting', '"Hello," she says. "Come in."')).toBe('"Hello," she says. "Come in."');
    // An answer cut by its token budget loses its closing quote: the opening one goes alone.
    expect(cleanSuggestion('title', '"A storm pilot who never')).toBe('A storm pilot who never');
    expect(cleanSuggestion('greeting', '"Hi," she says. "Come')).toBe('"Hi," she says. "Come');
  });

  it('takes out markdown and HTML but keeps role-play actions and the lines of long fields', () => {
    expect(cleanSuggestion('persona', '## About her\n**Bold** and __brave__, `never` late.\n- loves tea\n* hates rain')).toBe(
      'About her\nBold and brave, never late.\nloves tea\nhates rain',
    );
    expect(cleanSuggestion('greeting', '<b>*waves*</b> Hi {{user}}!\n\n\n\nWelcome.')).toBe('*waves* Hi {{user}}!\n\nWelcome.');
    expect(cleanSuggestion('dialogue', '```\n{{user}}: Hi\n{{char}}: *nods* Hello.\n```')).toBe('{{user}}: Hi\n{{char}}: *nods* Hello.');
    expect(cleanSuggestion('title', '*A* _quiet_ \n\n librarian')).toBe('A quiet librarian');
  });

  it('takes out links, markdown links keeping their text', () => {
    expect(cleanSuggestion('scenario', 'See [the map](https://maps.example.com) at https://example.com/x, then go.')).toBe('See the map at, then go.');
    expect(cleanSuggestion('name', 'www.aria.example')).toBeNull();
  });

  it('keeps letters, digits, spaces, apostrophes, hyphens and dots in a name', () => {
    expect(cleanSuggestion('name', 'Zoë O’Neil-2 ✨')).toBe('Zoë O’Neil-2');
    expect(cleanSuggestion('name', "D'Arcy Jr.")).toBe("D'Arcy Jr.");
  });

  it('cuts to the field maximum at a word or a sentence end', () => {
    expect(cleanSuggestion('name', 'Bartholomew Fizzlewick III')).toBe('Bartholomew');
    const persona = cleanSuggestion('persona', `${'She is kind. '.repeat(600)}`)!;
    expect(persona.length).toBeLessThanOrEqual(SUGGEST_FIELD_MAX.persona);
    expect(persona.endsWith('She is kind.')).toBe(true);
    expect(cleanSuggestion('name', 'Abcdefghijklmnopqrstuvwxyz')).toBe('Abcdefghijklmnopqrst');
  });

  it('answers null when no letter is left', () => {
    for (const answer of ['', '   ', '"…"', '1234', '**!!!**', 'https://example.com', '[](https://example.com)']) {
      expect(cleanSuggestion('greeting', answer)).toBeNull();
    }
  });
});
