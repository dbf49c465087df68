import { createDemoEngine, demoReply } from './demoEngine';
import { demoFieldSuggestion, demoSuggestion, demoTagSuggestion } from './demoSuggestions';
import type { DemoSuggestionField } from './engine';

const FIELDS: DemoSuggestionField[] = ['name', 'title', 'persona', 'greeting', 'scenario', 'dialogue'];

describe('the demo model’s suggestions', () => {
  it('writes every field from the name and title alone, with the name and who the title says', () => {
    const values = { name: 'Kestrel', title: 'Kestrel, the Storm Pilot' };
    for (const field of FIELDS) {
      const text = demoFieldSuggestion(field, values);
      expect(text).toMatch(/\p{L}/u);
      if (field === 'name') expect(text).not.toBe('Kestrel');
      else if (field === 'title') expect(text).toMatch(/^An? [a-z-]+ storm pilot /i);
      else expect(text).toContain('Kestrel');
    }
    expect(demoFieldSuggestion('persona', values)).toMatch(/^Kestrel is the storm pilot: /i);
  });

  it('answers the same fields the same way, and other fields differently', () => {
    const a = { name: 'Kestrel', title: 'A storm pilot' };
    expect(demoFieldSuggestion('greeting', a)).toBe(demoFieldSuggestion('greeting', { ...a }));
    expect(demoFieldSuggestion('greeting', a)).not.toBe(demoFieldSuggestion('greeting', { name: 'Ysolde', title: 'A court poet' }));
  });

  it('picks the offered tags whose words the text has, surest first, at most max', () => {
    const values = { name: 'Ysolde', title: 'A court poet', persona: 'She is a queen of an ancient kingdom who writes poetry with magic ink.' };
    const options = ['Male', 'Female', 'Royalty', 'Books', 'Magic', 'Sci-Fi', 'Historical'];
    expect(demoTagSuggestion(options, values, 5)).toEqual(['Female', 'Royalty', 'Books', 'Magic', 'Historical']);
    expect(demoTagSuggestion(options, values, 2)).toHaveLength(2);
    expect(demoSuggestion({ kind: 'tags', options: ['Cyberpunk'], values, max: 5 })).toBe('None of these tags fit.');
  });

  it('streams a suggestion through the engine when asked for one, and chat replies as before otherwise', async () => {
    const engine = createDemoEngine({ tokenIntervalMs: 0 });
    const base = { messages: [{ role: 'user' as const, content: 'hello' }], maxTokens: 400, temperature: 0.8, topP: 0.9, topK: 40 };
    const values = { name: 'Kestrel', title: 'A storm pilot' };
    let text = '';
    for await (const t of await engine.stream({ ...base, suggestion: { kind: 'field', field: 'dialogue', values } }, new AbortController().signal)) text += t;
    expect(text).toBe(demoFieldSuggestion('dialogue', values));
    expect(text.split('\n')).toHaveLength(4);
    const hints = { characterName: 'Aria', greeting: 'Hi.', personality: 'Kind.', userName: 'Sam', lastUserMessage: 'hello', autopilot: false, continuing: false };
    text = '';
    for await (const t of await engine.stream({ ...base, hints }, new AbortController().signal)) text += t;
    expect(text).toBe(demoReply(hints));
  });
});
