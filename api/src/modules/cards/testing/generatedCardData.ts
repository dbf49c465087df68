/**
 * The project's own test cards, as data: written for these tests (no text taken from anyone's card), shaped like
 * the cards other apps make (the real ones in shared/fixtures): a SillyTavern V2 card with V1 fields mirrored at
 * the top level and a character book, a TavernAI-era V1 card, a V3 card as Choral writes it, SillyTavern World
 * Info files (current and old), a standalone lorebook_v3. ./generatedCardFiles puts them into files.
 */

/** Text of about `length` characters, from sentences about a topic (long entries, long descriptions). */
export function prose(topic: string, length: number): string {
  const sentences = [
    `${topic} is older than the maps that name it.`,
    `Travellers speak of ${topic} in low voices, as if it could hear them.`,
    `Nobody agrees on who first came to ${topic}, and everyone has a story about it.`,
    `In winter the paths to ${topic} fill with fog; in summer, with pilgrims.`,
  ];
  let out = '';
  for (let i = 0; out.length < length; i++) out += (out ? ' ' : '') + sentences[i % sentences.length];
  return out.slice(0, length).trimEnd();
}

/** The V3 note a V2 fallback carries in creator_notes (V3 specification, "Backfilling"). */
export const V3_BACKFILL_NOTE =
  'This character card is Character Card V3, but it is loaded as a Character Card V2. Please use a Character Card V3 compatible application to use this character card properly.';

interface WorldEntry {
  keys: string[];
  content: string;
}

/** The world of the V2 card's character book (and of the current World Info file). One entry is over 1000 characters. */
export const BRIGHTWATER_ENTRIES: WorldEntry[] = [
  { keys: ['brightwater', 'harbour', 'the bay', 'harbor town'], content: `{{user}}: "What is Brightwater?"\n{{char}}: ${prose('Brightwater', 1400)}` },
  { keys: ['tidecaller', 'sea spirit', 'spirits', 'tidecallers'], content: `{{user}}: "Who are the tidecallers?"\n{{char}}: ${prose('the tidecallers', 800)}` },
  { keys: ['lighthouse', 'the lamp', 'beacon'], content: `{{user}}: "Why do you keep the lamp?"\n{{char}}: ${prose('the lighthouse', 900)}` },
  { keys: ['storm', 'weather', 'gale'], content: `{{user}}: "Is a storm coming?"\n{{char}}: ${prose('the storm season', 600)}` },
];

/** A V2 card as SillyTavern writes one: V1 fields mirrored at the top level, a character book, no personality. */
export function generatedV2Card() {
  const description = `[Lyra's Personality= "patient", "watchful", "dry-humoured", "kind"]\n${prose('Lyra', 1500)}`;
  const firstMes = `*The lamp room smells of oil and salt. Lyra looks up from the logbook.* ${prose('the harbour below', 600)}`;
  const creatorNotes = 'Written for Fable tests: a lighthouse keeper';
  return {
    name: 'Lyra',
    description,
    personality: '',
    first_mes: firstMes,
    avatar: 'none',
    chat: 'Lyra - 2024-3-2 @10h 00m 00s 000ms',
    mes_example: '',
    scenario: '',
    create_date: '2024-3-2 @10h 00m 00s 001ms',
    talkativeness: '0.5',
    fav: false,
    creatorcomment: creatorNotes,
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name: 'Lyra',
      description,
      personality: '',
      scenario: '',
      first_mes: firstMes,
      mes_example: '',
      creator_notes: creatorNotes,
      system_prompt: '',
      post_history_instructions: '',
      tags: [] as string[],
      creator: 'FableTests',
      character_version: '1.0.0',
      alternate_greetings: [] as string[],
      extensions: { talkativeness: '0.5', fav: false, world: 'Brightwater' },
      character_book: {
        entries: BRIGHTWATER_ENTRIES.map((entry, id) => ({
          id,
          keys: entry.keys,
          secondary_keys: [] as string[],
          comment: '',
          content: entry.content,
          constant: false,
          selective: false,
          insertion_order: 100,
          enabled: true,
          position: 'before_char',
          extensions: { position: 0, probability: null, useProbability: false },
        })),
        name: 'Brightwater',
      },
    },
  };
}

/** A flat V1 card (no spec) as TavernAI wrote one: legacy keys, non-ASCII text, CRLF in the example dialogue. */
export function generatedV1Card() {
  return {
    name: 'Pip',
    description: `Pip is a tinker from the hill villages who wears a patched apron and a tinker’s cap. Pip’s friend Zoë says Pip can mend anything — except a promise. ${prose('Pip', 400)}`,
    personality: 'curious, talkative, clumsy at times',
    first_mes: '*A clock chimes thirteen times somewhere behind the stall.* Oh! Don’t mind that one. Can I fix something for you?',
    avatar: 'none',
    chat: '1673323621108',
    mes_example: '<START>\r\n{{user}}: Can you mend a music box?\r\n{{char}}: *Pip squints at it.* Mend it? I can make it sing in two keys.',
    scenario: 'Pip is fixing a clock in the market square',
    create_date: '1674407315335',
  };
}

/** A V3 card as Choral writes one: two alternate greetings, five tags, no group_only_greetings (which V3 requires). */
export function generatedV3Card() {
  return {
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: {
      name: 'Juniper',
      description: `Juniper is a cheerful guide who helps people find their way around a new program. ${prose('Juniper', 800)}`,
      personality: 'Cheerful, patient, curious, warm',
      scenario: '',
      first_mes: '*Juniper waves from behind a stack of manuals.* Hi! New here? I can show you around.',
      alternate_greetings: [
        '*Juniper is reading the release notes, mouthing the words.* Oh, hello! Did you see the new features?',
        '*Juniper stretches and closes a dozen windows at once.* Right, where were we?',
      ],
      mes_example: '<START>\n{{user}}: What do you do?\n{{char}}: *Juniper grins.* I help. Mostly by pointing at buttons.',
      creator_notes: '',
      system_prompt: '',
      post_history_instructions: '',
      tags: ['Cute', 'Helper', 'Cozy', 'Interactive Simulation', 'Software'],
      creator: 'FableTests',
      character_version: '1.0',
      extensions: {},
    },
  };
}

/** The V2 card a V3 PNG carries in its chara chunk beside ccv3 (the V3 fields V2 lacks left out, the note added). */
export function v2FallbackOf(card: { data: Record<string, unknown> }) {
  const { group_only_greetings: _g, assets: _a, nickname: _n, source: _s, creation_date: _c, modification_date: _m, ...data } = card.data;
  return { spec: 'chara_card_v2', spec_version: '2.0', data: { ...data, creator_notes: V3_BACKFILL_NOTE } };
}

/** A World Info file's entries keyed "0".."n": the fields both formats share, `extra` (the newer format's) over them. */
function worldInfoEntries(entries: ReadonlyArray<WorldEntry & { order?: number }>, extra: object) {
  const keyed = entries.map((entry, uid) => [
    String(uid),
    { uid, key: entry.keys, keysecondary: [] as string[], comment: '', content: entry.content, constant: false, selective: false, order: entry.order ?? 100, ...extra },
  ]);
  return { entries: Object.fromEntries(keyed) };
}

/** A SillyTavern World Info file of the current format: entries keyed "0".."n" (uid, key, order, position, …). */
export function worldInfoFile() {
  return worldInfoEntries(BRIGHTWATER_ENTRIES, { position: 0, disable: false });
}

/** The entries of the old World Info file; two have a single keyword (a form asks for 2). */
export const HARBOUR_TOWN_ENTRIES: Array<WorldEntry & { order: number }> = [
  { keys: ['Salt Market', 'market'], content: `Place("Salt Market")[${prose('the salt market', 150)}]`, order: 8 },
  { keys: ['Lighthouse'], content: `Place("Lighthouse")[${prose('the old lighthouse', 200)}]`, order: 5 },
  { keys: ['Harbour Watch', 'Watch', 'guards'], content: `Group("Harbour Watch")[${prose('the harbour watch', 160)}]`, order: 5 },
  { keys: ['Ferryman', 'Old Tam'], content: `Person("Old Tam")[${prose('the ferryman', 180)}]`, order: 7 },
  { keys: ['Tide Tables'], content: `Thing("Tide Tables")[${prose('the tide tables', 120)}]`, order: 1 },
  { keys: ['Chapel Rock', 'the chapel'], content: `Place("Chapel Rock")[${prose('the chapel on the rock', 140)}]`, order: 3 },
];

/** A World Info file of the old (TavernAI-era) format: fewer fields, no position or disable. */
export function oldWorldInfoFile() {
  return worldInfoEntries(HARBOUR_TOWN_ENTRIES, {});
}

/** A standalone lorebook_v3 file. */
export function lorebookV3File() {
  return {
    spec: 'lorebook_v3',
    data: {
      name: 'Atlas',
      extensions: {},
      entries: [
        { keys: ['moon', 'glass moon'], content: 'The moon is made of glass.', extensions: {}, enabled: true, insertion_order: 1, use_regex: false },
        { keys: ['sea', 'salt sea'], content: 'The sea is sweet, despite its name.', extensions: { mine: 1 }, enabled: true, insertion_order: 2, use_regex: false },
      ],
    },
  };
}
