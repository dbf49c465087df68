import { advanceLoreState, loreBudgetForContext, runLoreEngine, type LoreEntry, type LoreOptions } from './loreEngine';
import { seededRandom } from '../random';

/** One token per word, so budgets are easy to follow. */
const words = (t: string) => (t.trim() === '' ? 0 : t.trim().split(/\s+/).length);

let nextId = 0;
const entry = (keywords: string[], content: string, extensions?: Record<string, unknown>, name = content.slice(0, 12)): LoreEntry => ({
  id: `entry-${(nextId += 1)}`,
  name,
  keywords,
  content,
  extensions,
});

const run = (entries: LoreEntry[], messages: string[], options: Partial<LoreOptions> = {}) =>
  runLoreEngine(entries, messages, { budgetTokens: 1000, countTokens: words, ...options });

const ids = (list: ReadonlyArray<{ entry: LoreEntry }>) => list.map((x) => x.entry.name);
const reasons = (list: ReadonlyArray<{ entry: LoreEntry; reason: string }>) => list.map((x) => `${x.entry.name}:${x.reason}`);


describe('keyword matching', () => {
  const elf = entry(['elf', 'elves'], 'Elves live in the silver wood.', undefined, 'elf');
  const wood = entry(['silver wood'], 'The silver wood never sleeps.', undefined, 'wood');

  it('matches whole words in any case by default', () => {
    expect(ids(run([elf], ['I saw an ELF!']).activated)).toEqual(['elf']);
    expect(ids(run([elf], ['a shelf of books']).activated)).toEqual([]);
    expect(ids(run([elf], ['elfish tales']).activated)).toEqual([]);
    expect(ids(run([wood], ['We reach the Silver Wood.']).activated)).toEqual(['wood']);
    expect(ids(run([wood], ['silver woods']).activated)).toEqual([]);
  });

  it('matches inside words when match_whole_words is off', () => {
    const loose = entry(['elf'], 'Elves.', { match_whole_words: false }, 'loose');
    expect(ids(run([loose], ['a shelf of books']).activated)).toEqual(['loose']);
  });

  it('matches the case as written when case_sensitive is on (V3 or SillyTavern spelling)', () => {
    const v3 = entry(['Rose'], 'The queen.', { case_sensitive: true }, 'v3');
    const st = entry(['Rose'], 'The queen.', { extensions: { caseSensitive: true } }, 'st');
    expect(ids(run([v3, st], ['a rose in the garden']).activated)).toEqual([]);
    expect(ids(run([v3, st], ['Rose smiled']).activated)).toEqual(['v3', 'st']);
  });

  it('treats keys around symbols sensibly ("C++" has no word end to check)', () => {
    const cpp = entry(['C++'], 'A language.', undefined, 'cpp');
    expect(ids(run([cpp], ['I write c++ daily']).activated)).toEqual(['cpp']);
  });

  it('reads /pattern/flags keys as regular expressions with their flags', () => {
    const insensitive = entry(['/dragons?\\b/i'], 'Winged beasts.', undefined, 'i');
    const sensitive = entry(['/Dragon/'], 'Winged beasts.', undefined, 'cased');
    expect(ids(run([insensitive, sensitive], ['a DRAGON flew']).activated)).toEqual(['i']);
    expect(ids(run([insensitive, sensitive], ['a Dragon flew']).activated)).toEqual(['i', 'cased']);
    // The g flag would make test() remember its position between runs: it is dropped.
    const global = entry(['/moon/g'], 'Moon.', undefined, 'g');
    expect(ids(run([global], ['moon']).activated)).toEqual(['g']);
    expect(ids(run([global], ['moon']).activated)).toEqual(['g']);
  });

  it('treats every key as a pattern when use_regex is on', () => {
    const pattern = entry(['gr[ae]y'], 'Colour.', { use_regex: true }, 'grey');
    expect(ids(run([pattern], ['a GREY sky']).activated)).toEqual(['grey']);
  });

  it('never matches, and never throws, on an invalid regular expression', () => {
    const broken = entry(['/([a-z/', '/x/zz'], 'Broken.', undefined, 'broken');
    expect(() => run([broken], ['([a-z anything x'])).not.toThrow();
    expect(run([broken], ['([a-z anything x']).activated).toEqual([]);
  });

  it('refuses nested repetition (catastrophic backtracking) and still answers at once', () => {
    const evil = entry(['/(a+)+$/', '/(\\w|\\w\\w)*!/'], 'Evil.', undefined, 'evil');
    // A backtracking regex would take minutes here: the test's own time limit is what catches it.
    const result = run([evil], [`${'a'.repeat(5000)}b`]);
    expect(result.activated).toEqual([]);
  });

  it('scans only the last messages (4 by default; an entry’s scan_depth overrides it)', () => {
    const old = entry(['harbour'], 'Always foggy.', undefined, 'default');
    const deep = entry(['harbour'], 'Always foggy.', { scan_depth: 10 }, 'deep');
    const messages = ['the harbour', 'one', 'two', 'three', 'four'];
    expect(ids(run([old, deep], messages).activated)).toEqual(['deep']);
    expect(ids(run([old], messages, { scanDepth: 5 }).activated)).toEqual(['default']);
  });

  it('compiles an entry again when its keys change under the same id', () => {
    const first = entry(['alpha'], 'Text.', undefined, 'x');
    expect(ids(run([first], ['beta']).activated)).toEqual([]);
    expect(ids(run([{ ...first, keywords: ['beta'] }], ['beta']).activated)).toEqual(['x']);
  });
});

describe('recursion', () => {
  const chain = () => [
    entry(['castle'], 'The castle belongs to the queen.', undefined, 'castle'),
    entry(['queen'], 'The queen wears the crown.', undefined, 'queen'),
    entry(['crown'], 'The crown holds a jewel.', undefined, 'crown'),
    entry(['jewel'], 'The jewel came from the vault.', undefined, 'jewel'),
    entry(['vault'], 'The vault is empty.', undefined, 'vault'),
  ];

  it('activates entries from activated content, recording the step, up to 3 steps', () => {
    const result = run(chain(), ['Take me to the castle']);
    expect(result.activated.map((a) => [a.entry.name, a.step, a.matched])).toEqual([
      ['castle', 0, 'castle'],
      ['queen', 1, 'queen'],
      ['crown', 2, 'crown'],
      ['jewel', 3, 'jewel'],
    ]);
    expect(reasons(result.leftOut)).toEqual(['vault:depth']);
  });

  it('honours prevent_recursion, exclude_recursion and delay_until_recursion', () => {
    const [castle, queen, crown] = chain();
    const quiet = { ...castle!, extensions: { prevent_recursion: true } };
    expect(ids(run([quiet, queen!], ['the castle']).activated)).toEqual(['castle']);
    const excluded = { ...queen!, extensions: { exclude_recursion: true } };
    expect(ids(run([castle!, excluded], ['the castle']).activated)).toEqual(['castle']);
    expect(ids(run([castle!, excluded], ['the castle and the queen']).activated)).toEqual(['castle', 'queen']);
    // Waits for recursion: the crown in the message alone does not bring it; with the castle's chain it comes.
    const late = { ...crown!, extensions: { delay_until_recursion: true } };
    expect(ids(run([late], ['the crown']).activated)).toEqual([]);
    const result = run([castle!, late], ['the castle and the crown']);
    expect(result.activated.map((a) => [a.entry.name, a.step])).toEqual([
      ['castle', 0],
      ['crown', 1],
    ]);
  });
});

describe('budget', () => {
  it('fills the budget with constants first, then priority, then insertion_order, then the newest match', () => {
    const constant = entry([], 'always here two three', { constant: true, insertion_order: 1 }, 'constant'); // 4 tokens
    const important = entry(['old'], 'important lore one two', { priority: 10 }, 'priority'); // 4
    const ordered = entry(['old'], 'ordered lore one two', { insertion_order: 500 }, 'order'); // 4
    const recent = entry(['new'], 'recent lore one two', undefined, 'recent'); // 4
    const older = entry(['old'], 'older lore one two', undefined, 'older'); // 4
    const all = [older, recent, ordered, important, constant];
    const messages = ['something old', 'something new'];
    const names = (budget: number) => ids(run(all, messages, { budgetTokens: budget }).activated).sort();
    expect(names(4)).toEqual(['constant']);
    expect(names(8)).toEqual(['constant', 'priority']);
    expect(names(12)).toEqual(['constant', 'order', 'priority']);
    expect(names(16)).toEqual(['constant', 'order', 'priority', 'recent']);
    expect(names(20)).toEqual(['constant', 'older', 'order', 'priority', 'recent']);
    // What was dropped, dropped last-in-order first.
    const tight = run(all, messages, { budgetTokens: 8 });
    expect(reasons(tight.leftOut)).toEqual(['order:budget', 'recent:budget', 'older:budget']);
    expect(tight.usedTokens).toBe(8);
    expect(tight.budgetTokens).toBe(8);
  });

  it('still tries smaller entries after one that does not fit', () => {
    const big = entry(['tea'], 'a very long entry of many many words indeed', { insertion_order: 200 }, 'big');
    const small = entry(['tea'], 'short one', undefined, 'small');
    const result = run([big, small], ['tea time'], { budgetTokens: 5 });
    expect(ids(result.activated)).toEqual(['small']);
    expect(result.leftOut.map((x) => [x.entry.name, x.reason, x.tokens])).toEqual([['big', 'budget', 9]]);
  });

  it('puts step 0 before recursion: recursion only from what fitted', () => {
    const a = entry(['start'], 'mentions beacon', undefined, 'a');
    const b = entry(['beacon'], 'the beacon burns', undefined, 'b');
    const c = entry(['start'], 'another start entry with words', undefined, 'c');
    const result = run([a, b, c], ['start'], { budgetTokens: 2 });
    expect(ids(result.activated)).toEqual(['a']);
    // c (a direct match) was weighed before b (recursion from a).
    expect(reasons(result.leftOut)).toEqual(['c:budget', 'b:budget']);
  });

  it('gives the lore budget as 25% of the context, at most 4,096', () => {
    expect(loreBudgetForContext(2048)).toBe(512);
    expect(loreBudgetForContext(8192)).toBe(2048);
    expect(loreBudgetForContext(16384)).toBe(4096);
    expect(loreBudgetForContext(128_000)).toBe(4096);
  });

  it('lists activated entries in prompt order: by place, then insertion_order', () => {
    const late = entry(['go'], 'late', { insertion_order: 300 }, 'late');
    const early = entry(['go'], 'early', { insertion_order: 10 }, 'early');
    const before = entry(['go'], 'before', { position: 'before_char', insertion_order: 900 }, 'before');
    const deep = entry(['go'], 'deep', { extensions: { position: 4, depth: 2, role: 1 } }, 'deep');
    const result = run([late, deep, early, before], ['go']);
    expect(ids(result.activated)).toEqual(['before', 'early', 'late', 'deep']);
    expect(result.activated[3]!.placement).toEqual({ kind: 'at_depth', depth: 2, role: 'user' });
  });
});

describe('switches, probability, groups', () => {
  it('always activates constant entries and leaves out disabled ones that would have activated', () => {
    const constant = entry(['never-said'], 'Always.', { constant: true }, 'constant');
    const off = entry(['wolf'], 'Wolves.', { enabled: false }, 'off');
    const stOff = entry(['wolf'], 'Wolves.', { disable: true }, 'st-off');
    const offQuiet = entry(['bear'], 'Bears.', { enabled: false }, 'quiet');
    const result = run([constant, off, stOff, offQuiet], ['a wolf howls']);
    expect(result.activated.map((a) => [a.entry.name, a.matched])).toEqual([['constant', '(constant)']]);
    expect(reasons(result.leftOut)).toEqual(['off:disabled', 'st-off:disabled']);
  });

  it('rolls probability with the given random source', () => {
    const half = () => entry(['coin'], 'Heads.', { probability: 50, useProbability: true });
    const a = half();
    const b = half();
    const rolls = [0.2, 0.7];
    const result = run([a, b], ['flip a coin'], { random: () => rolls.shift()! });
    expect(result.activated.map((x) => x.entry.id)).toEqual([a.id]);
    expect(result.leftOut.map((x) => [x.entry.id, x.reason])).toEqual([[b.id, 'probability']]);

    // A seeded source gives the same answer every time.
    const many = Array.from({ length: 20 }, half);
    const once = run(many, ['coin'], { random: seededRandom(42) }).activated.map((x) => x.entry.id);
    expect(run(many, ['coin'], { random: seededRandom(42) }).activated.map((x) => x.entry.id)).toEqual(once);
    expect(once.length).toBeGreaterThan(0);
    expect(once.length).toBeLessThan(20);
  });

  it('never rolls at 100 or when useProbability is off, and never passes at 0', () => {
    const random = jest.fn(() => 0.99);
    const sure = entry(['coin'], 'Sure.', { probability: 100 }, 'sure');
    const unused = entry(['coin'], 'Unused.', { probability: 10, useProbability: false }, 'unused');
    const never = entry(['coin'], 'Never.', { probability: 0 }, 'never');
    const result = run([sure, unused, never], ['coin'], { random });
    expect(ids(result.activated)).toEqual(['sure', 'unused']);
    expect(reasons(result.leftOut)).toEqual(['never:probability']);
    expect(random).not.toHaveBeenCalled();
  });

  it('applies secondary keys with SillyTavern’s logic', () => {
    const make = (logic: number | string) => entry(['sword'], `Sword ${logic}.`, { secondary_keys: ['fire', 'ice'], selective: true, selectiveLogic: logic }, String(logic));
    const all = [make(0), make(1), make(2), make(3)]; // AND ANY, NOT ALL, NOT ANY, AND ALL
    expect(ids(run(all, ['a sword']).activated)).toEqual(['1', '2']);
    expect(ids(run(all, ['a sword of fire']).activated)).toEqual(['0', '1']);
    expect(ids(run(all, ['a sword of fire and ice']).activated)).toEqual(['0', '3']);
    expect(ids(run(all, ['fire and ice']).activated)).toEqual([]);
    // Names work too, and selective false ignores the secondary keys.
    expect(ids(run([make('AND_ALL')], ['a sword of fire']).activated)).toEqual([]);
    const ignored = entry(['sword'], 'Plain.', { secondary_keys: ['fire'], selective: false }, 'plain');
    expect(ids(run([ignored], ['a sword']).activated)).toEqual(['plain']);
  });

  it('keeps one entry of an inclusion group', () => {
    const sun = entry(['weather'], 'Sunny.', { group: 'weather', insertion_order: 10 }, 'sun');
    const rain = entry(['weather'], 'Rainy.', { group: 'weather', insertion_order: 20, group_override: true }, 'rain');
    const snow = entry(['weather'], 'Snowy.', { group: 'weather', insertion_order: 30 }, 'snow');
    const forced = run([sun, rain, snow], ['the weather']);
    expect(ids(forced.activated)).toEqual(['rain']);
    expect(reasons(forced.leftOut)).toEqual(['sun:probability', 'snow:probability']);
    // Without an override: a draw weighted by group_weight.
    const light = { ...sun, id: 'light', extensions: { group: 'weather', group_weight: 1 } };
    const heavy = { ...snow, id: 'heavy', extensions: { group: 'weather', group_weight: 99 } };
    expect(ids(run([light, heavy], ['weather'], { random: () => 0.5 }).activated)).toEqual(['snow']);
    expect(ids(run([light, heavy], ['weather'], { random: () => 0.001 }).activated)).toEqual(['sun']);
  });
});

describe('sticky, cooldown, delay', () => {
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler ${i}`);

  it('with a kept state: sticky carries the entry, cooldown holds it', () => {
    const storm = entry(['storm'], 'A storm rages.', { sticky: 2, cooldown: 3 }, 'storm');
    const at = (turn: number, messages: string[]) => run([storm], messages, { state: { turn, activatedAt: { [storm.id]: 10 } } });
    expect(at(12, ['calm']).activated.map((a) => a.matched)).toEqual(['(sticky)']);
    expect(reasons(at(14, ['a storm']).leftOut)).toEqual(['storm:cooldown']);
    expect(at(16, ['a storm']).activated.map((a) => a.matched)).toEqual(['storm']);
    const first = run([storm], ['a storm'], { state: { turn: 20 } });
    expect(advanceLoreState(undefined, first.activated, 20)).toEqual({ turn: 20, activatedAt: { [storm.id]: 20 } });
    expect(advanceLoreState({ activatedAt: { [storm.id]: 10 } }, at(12, ['calm']).activated, 12).activatedAt).toEqual({ [storm.id]: 10 });
  });

  it('without a state: replays where the keys were in the messages', () => {
    const sticky = entry(['storm'], 'Thunder.', { sticky: 6 }, 'sticky');
    const plain = entry(['storm'], 'Thunder.', undefined, 'plain');
    // The storm was 6 messages ago: out of the 4 scanned, but the sticky entry activated the turn after it (5
    // messages ago) and holds for 6.
    const messages = [...filler(10), 'a storm', ...filler(5)];
    expect(ids(run([sticky, plain], messages).activated)).toEqual(['sticky']);
    expect(ids(run([sticky, plain], [...messages, 'one more']).activated)).toEqual(['sticky']);
    expect(ids(run([sticky, plain], [...messages, 'one more', 'and another']).activated)).toEqual([]);

    // Cooldown 10: the storm two messages ago activated it; the storm again now is held.
    const cool = entry(['storm'], 'Storm.', { cooldown: 10 }, 'cool');
    expect(reasons(run([cool], [...filler(5), 'a storm', 'reply', 'a storm again']).leftOut)).toEqual(['cool:cooldown']);
    expect(ids(run([cool], [...filler(5), 'a storm']).activated)).toEqual(['cool']);
  });

  it('delay: nothing before the chat has that many messages', () => {
    const slow = entry(['storm'], 'Storm.', { delay: 5 }, 'slow');
    expect(reasons(run([slow], ['a storm']).leftOut)).toEqual(['slow:cooldown']);
    expect(ids(run([slow], [...filler(4), 'a storm']).activated)).toEqual(['slow']);
  });
});
