import { buildPrompt, type PromptHistoryMessage, type PromptInput } from './buildPrompt';
import { applyMacros } from './macros';
import { bpeTokenizer, type Tokenizer } from '@fable/rules/tokens';

/** One token per word: budgets in tests are easy to reason about. */
const words: Tokenizer = { name: 'words', count: (t) => (t.trim() === '' ? 0 : t.trim().split(/\s+/).length) };

const character = {
  name: 'Captain Mira',
  persona: 'A stern but fair sky-pirate captain who protects {{user}}.',
  scenario: '{{char}} and {{user}} sail above the cloud sea.',
  dialogue: '{{user}}: Where to?\n{{char}}: Wherever the wind is kind.',
};

const turns = (n: number): PromptHistoryMessage[] =>
  Array.from({ length: n }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `message number ${i} with five words` }) as PromptHistoryMessage);

const base = (over: Partial<PromptInput> = {}): PromptInput => ({
  character,
  userName: 'ada',
  history: turns(3),
  contextTokens: 2048,
  maxNewTokens: 180,
  tokenizer: words,
  ...over,
});

describe('macros', () => {
  it('replaces {{char}} and {{user}} in any case, and the <BOT>/<USER> spellings', () => {
    expect(applyMacros('{{char}} greets {{User}}; <BOT> and <user>', { char: 'Mira', user: 'Ada' })).toBe('Mira greets Ada; Mira and Ada');
  });
});

describe('buildPrompt', () => {
  it('puts personality, scenario, persona, memories, lore and example dialogue in the system message, then the history', () => {
    const built = buildPrompt(
      base({
        persona: { name: 'Ada', highlights: 'a curious engineer' },
        memories: [
          { content: 'Ada is afraid of heights', is_pinned: true },
          { content: 'They met at the harbour', is_pinned: false },
        ],
        lorebook: [{ id: 'l1', keywords: ['harbour'], content: 'The harbour of Vell is always foggy.' }],
        history: [...turns(2), { role: 'user', content: 'Shall we land at the harbour?' }],
      }),
    );
    const system = built.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('You are Captain Mira');
    expect(system.content).toContain('protects Ada.');
    expect(system.content).toContain('Captain Mira and Ada sail above the cloud sea.');
    expect(system.content).toContain("[Ada's persona]\nAda: a curious engineer");
    expect(system.content).toContain('[Pinned memories]\n- Ada is afraid of heights');
    expect(system.content).toContain('[Memories]\n- They met at the harbour');
    expect(system.content).toContain('[World info]\nThe harbour of Vell is always foggy.');
    expect(system.content).toContain('Ada: Where to?\nCaptain Mira: Wherever the wind is kind.');
    expect(built.messages.slice(1).map((x) => x.role)).toEqual(['user', 'assistant', 'user']);
    expect(built.messages.at(-1)!.content).toBe('Shall we land at the harbour?');
    expect(built.dropped).toEqual({ history: 0, memories: 0, lore: 0, dialogue: false, scenario: false });
  });

  it('leaves out lore whose keywords are not in the recent messages', () => {
    const built = buildPrompt(base({ lorebook: [{ id: 'l1', keywords: ['dragon'], content: 'Dragons!' }] }));
    expect(built.messages[0]!.content).not.toContain('Dragons!');
  });

  it('places lore where its position says: before the character, after the example dialogue, at a depth in the history', () => {
    const built = buildPrompt(
      base({
        lorebook: [
          { id: 'p-before', keywords: ['number'], content: 'Lore before the character.', extensions: { position: 'before_char' } },
          { id: 'p-after', keywords: ['number'], content: 'Lore in the default place.' },
          { id: 'p-examples', keywords: ['number'], content: 'Lore after the examples.', extensions: { extensions: { position: 6 } } },
          { id: 'p-depth', keywords: ['number'], content: 'Lore two messages up.', extensions: { extensions: { position: 4, depth: 2, role: 0 } } },
        ],
        history: turns(4),
      }),
    );
    const system = built.messages[0]!.content;
    const at = (text: string) => system.indexOf(text);
    expect(at('You are Captain Mira')).toBe(0);
    expect(at('[World info]\nLore before the character.')).toBeLessThan(at("[Captain Mira's personality]"));
    expect(at('[World info]\nLore in the default place.')).toBeGreaterThan(at('[Scenario]'));
    expect(at('[World info]\nLore in the default place.')).toBeLessThan(at('[Example dialogue]'));
    expect(at('[World info]\nLore after the examples.')).toBeGreaterThan(at('[Example dialogue]'));
    expect(system).not.toContain('Lore two messages up.');
    expect(built.messages.slice(1).map((x) => `${x.role}:${x.content.slice(0, 16)}`)).toEqual([
      'user:message number 0',
      'assistant:message number 1',
      'system:Lore two message',
      'user:message number 2',
      'assistant:message number 3',
    ]);
    expect(built.lore.activated.map((a) => a.entry.id)).toEqual(['p-before', 'p-after', 'p-examples', 'p-depth']);
  });

  it('keeps lore within the lore budget of the context and reports what it left out', () => {
    const lorebook = [
      { id: 'big', name: 'Big', keywords: ['number'], content: 'a long entry with quite a few words in it for sure' },
      { id: 'small', name: 'Small', keywords: ['number'], content: 'short lore', extensions: { priority: 5 } },
    ];
    const built = buildPrompt(base({ lorebook, loreBudgetTokens: 5 }));
    expect(built.messages[0]!.content).toContain('short lore');
    expect(built.messages[0]!.content).not.toContain('a long entry');
    expect(built.lore.leftOut.map((x) => [x.entry.id, x.reason])).toEqual([['big', 'budget']]);
    expect(built.lore.budgetTokens).toBe(5);
    // By default the budget is a share of the context.
    expect(buildPrompt(base({ lorebook })).lore.budgetTokens).toBe(512);
  });

  it('short of room, gives up the lore last in the engine’s budget order first', () => {
    const lorebook = [
      { id: 'kept', keywords: ['number'], content: 'important lore stays longest here', extensions: { priority: 9 } },
      { id: 'first-out', keywords: ['number'], content: 'ordinary lore goes first when short' },
    ];
    const input = base({ lorebook, history: turns(1), character: { name: 'Mira', persona: 'Brief.' } });
    const full = buildPrompt({ ...input, contextTokens: 10_000 });
    const squeezed = buildPrompt({ ...input, contextTokens: full.tokens + 180 - 3, loreBudgetTokens: 100 });
    expect(squeezed.dropped.lore).toBe(1);
    expect(squeezed.messages[0]!.content).toContain('important lore');
    expect(squeezed.messages[0]!.content).not.toContain('ordinary lore');
  });

  it('keeps the newest messages and drops the oldest first when the history does not fit', () => {
    const built = buildPrompt(base({ history: turns(500), contextTokens: 400, maxNewTokens: 180 }));
    expect(built.tokens).toBeLessThanOrEqual(400 - 180);
    expect(built.dropped.history).toBeGreaterThan(0);
    const kept = built.messages.slice(1).map((x) => x.content);
    // A contiguous tail ending with the latest message.
    expect(kept.at(-1)).toBe('message number 499 with five words');
    const first = Number(/number (\d+)/.exec(kept[0]!)![1]);
    expect(kept).toEqual(Array.from({ length: 500 - first }, (_, i) => `message number ${first + i} with five words`));
    expect(built.dropped.history).toBe(first);
    // The system parts all stayed: only history had to go.
    expect(built.dropped).toMatchObject({ memories: 0, lore: 0, dialogue: false, scenario: false });
  });

  it('over budget with only the latest message left, gives up unpinned memories, then lore, then the example dialogue, then pinned memories, then the scenario', () => {
    const memory = (content: string, is_pinned: boolean) => ({ content, is_pinned });
    const input = base({
      memories: [memory('pinned fact one two three', true), memory('recent fact one two three four', false), memory('older fact one two three four', false)],
      lorebook: [{ id: 'l1', keywords: ['number'], content: 'lore about numbers with several words in it' }],
      history: turns(4),
    });
    const full = buildPrompt({ ...input, contextTokens: 10_000 });
    const steps: Array<ReturnType<typeof buildPrompt>['dropped']> = [];
    for (let context = full.tokens + 180; context > 180; context -= 1) {
      const built = buildPrompt({ ...input, contextTokens: context });
      expect(built.tokens).toBeLessThanOrEqual(context - 180);
      const last = steps.at(-1);
      if (!last || JSON.stringify(last) !== JSON.stringify(built.dropped)) steps.push(built.dropped);
      if (built.dropped.scenario) break;
    }
    // The order things were given up as the budget shrank.
    expect(steps.map((d) => [d.history, d.memories, d.lore, d.dialogue, d.scenario])).toEqual([
      [0, 0, 0, false, false],
      [1, 0, 0, false, false],
      [2, 0, 0, false, false],
      [3, 0, 0, false, false],
      [3, 1, 0, false, false],
      [3, 2, 0, false, false],
      [3, 2, 1, false, false],
      [3, 2, 1, true, false],
      [3, 3, 1, true, false],
      [3, 3, 1, true, true],
    ]);
  });

  it('cuts the latest message from its start when even it does not fit', () => {
    const long = Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ');
    const built = buildPrompt(base({ history: [{ role: 'user', content: long }], contextTokens: 280, maxNewTokens: 180, character: { name: 'Mira', persona: 'Brief.' } }));
    expect(built.tokens).toBeLessThanOrEqual(100);
    const kept = built.messages.at(-1)!.content;
    expect(kept.endsWith('w299')).toBe(true);
    expect(kept.startsWith('w0 ')).toBe(false);
  });

  it('uses stored token counts when given instead of counting again', () => {
    const counting = { name: 'spy', count: jest.fn(words.count) };
    buildPrompt(base({ tokenizer: counting, history: [{ role: 'user', content: 'stored count here', tokens: 3 }] }));
    expect(counting.count.mock.calls.map(([t]) => t)).not.toContain('stored count here');
  });

  it('writes the user’s line in autopilot', () => {
    const built = buildPrompt(base({ autopilot: true, persona: { name: 'Ada' } }));
    expect(built.messages[0]!.content).toMatch(/^You write the next reply of Ada/);
  });

  it('counts with the real BPE tokenizer', () => {
    expect(bpeTokenizer.count('Hello there, brave traveller.')).toBeGreaterThan(3);
    expect(bpeTokenizer.count('')).toBe(0);
    const built = buildPrompt(base({ tokenizer: bpeTokenizer, history: turns(200), contextTokens: 1024 }));
    expect(built.tokens).toBeLessThanOrEqual(1024 - 180);
  });
});
