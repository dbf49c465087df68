import type { RecallMemory } from '../memoryRecall';
import { seededRandom } from '@fable/rules/random';

/**
 * A labelled set for measuring the memory recall (document 1 §1 "Semantic memory"), made here from a seed so any
 * clone has it: conversations whose memories are about a hundred distilled facts, a few of them planted, and for
 * each planted fact a question that needs it, asked after two lines of small talk. The question names what the fact
 * is about (my sister, my dog, what you promised) in other words than the fact's, never its answer (the name, the
 * place); the other facts share the question's kind of words (other relatives, other pets, other favourites).
 * Some questions share no word with their fact ("What scares me the most?"): a lexical ranker misses them, as it would.
 */
export interface RecallQuestion {
  /** The recent messages, oldest first, the question last. */
  recent: string[];
  /** The memory the question needs. */
  answerId: string;
  /** The fact's family (relative, pet, ...), for reading figures by kind. */
  family: string;
}

export interface RecallConversation {
  /** Newest first, as the prompt reads them. */
  memories: RecallMemory[];
  questions: RecallQuestion[];
}

export interface RecallDatasetOptions {
  conversations?: number;
  /** Memories that no question needs, per conversation. */
  distractors?: number;
  /** Planted facts (and questions) per conversation. */
  planted?: number;
  seed?: number;
}

type Rng = () => number;

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

const USERS = ['Ben', 'Ana', 'Kofi', 'Mei', 'Lars', 'Priya', 'Tomas', 'Zoe', 'Idris', 'Noor', 'Felix', 'Hana'];
const CHARACTERS = ['Lyra', 'Orin', 'Sable', 'Juniper', 'Cael', 'Wren'];
const NAMES = ['Mara', 'Theo', 'Ines', 'Rufus', 'Odile', 'Basil', 'Luna', 'Pip', 'Greta', 'Milo', 'Suki', 'Hugo', 'Nell', 'Arlo', 'Vera', 'Otis'];
const CITIES = ['Lisbon', 'Oslo', 'Kyoto', 'Nairobi', 'Quito', 'Tallinn', 'Dublin', 'Hobart', 'Porto', 'Tromso', 'Cusco', 'Ghent'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['March', 'April', 'June', 'August', 'October', 'December'];
const COLOURS = ['red', 'green', 'yellow', 'grey', 'teal', 'white'];

interface Family {
  name: string;
  /** What a fact of this family is about; one per conversation is planted, the others may be distractors. */
  aspects: readonly string[];
  fact(aspect: string, u: string, c: string, rng: Rng): string;
  questions: ReadonlyArray<(aspect: string) => string>;
}

const FAVOURITES: Record<string, readonly string[]> = {
  food: ['mushroom risotto', 'lamb tagine', 'cold soba', 'fish tacos'],
  colour: ['deep violet', 'sea green', 'burnt orange'],
  song: ['an old sea shanty', 'a slow Portuguese fado', 'a loud punk anthem'],
  book: ['a battered copy of Dune', 'a book of Norse myths', 'a Russian novel'],
  season: ['late autumn', 'early spring', 'deep winter'],
  film: ['a silent comedy', 'an old western', 'a Studio Ghibli picture'],
  drink: ['smoky black tea', 'cloudy apple cider', 'strong espresso'],
  flower: ['wild poppies', 'white lilacs', 'sunflowers'],
};

const FAMILIES: readonly Family[] = [
  {
    name: 'relative',
    aspects: ['sister', 'brother', 'cousin', 'aunt', 'uncle', 'grandmother', 'grandfather', 'niece', 'nephew'],
    fact: (a, u, _c, rng) => `${u}'s ${a} is named ${pick(rng, NAMES)} and lives in ${pick(rng, CITIES)}.`,
    questions: [(a) => `I'm visiting my ${a} this weekend, do you remember where?`, (a) => `What was my ${a}'s name again?`, (a) => `My ${a} phoned me today out of the blue.`],
  },
  {
    name: 'pet',
    aspects: ['dog', 'cat', 'parrot', 'horse', 'rabbit', 'tortoise', 'hamster'],
    fact: (a, u, _c, rng) => `${u} has a ${a} called ${pick(rng, NAMES)} who is ${2 + Math.floor(rng() * 12)} years old.`,
    questions: [(a) => `My ${a} knocked a vase over this morning.`, (a) => `How old is my ${a} now, do you remember?`],
  },
  {
    name: 'favourite',
    aspects: Object.keys(FAVOURITES),
    fact: (a, u, _c, rng) => `${u}'s favourite ${a} is ${pick(rng, FAVOURITES[a]!)}.`,
    questions: [(a) => `Which ${a} do I love the most?`, (a) => `Guess my ${a} of choice.`],
  },
  {
    name: 'learning',
    aspects: ['guitar', 'piano', 'Spanish', 'Japanese', 'painting', 'pottery', 'chess', 'swimming'],
    fact: (a, u, _c, rng) => `${u} is learning ${a} with a teacher named ${pick(rng, NAMES)}.`,
    questions: [(a) => `I practised ${a} for two hours today, my hands hurt.`, (a) => `Who teaches me ${a} again?`],
  },
  {
    name: 'date',
    aspects: ['birthday', 'anniversary', 'graduation', 'wedding'],
    fact: (a, u, _c, rng) => `${u}'s ${a} is on the ${1 + Math.floor(rng() * 27)}th of ${pick(rng, MONTHS)}.`,
    questions: [(a) => `When is my ${a} again?`, (a) => `Are you going to celebrate my ${a} with me?`],
  },
  {
    name: 'vehicle',
    aspects: ['car', 'bike', 'motorbike', 'boat', 'van'],
    fact: (a, u, _c, rng) => `${u} owns an old ${pick(rng, COLOURS)} ${a} nicknamed ${pick(rng, NAMES)}.`,
    questions: [(a) => `My ${a} broke down again on the way here.`, (a) => `What colour is my ${a}?`],
  },
  {
    name: 'work',
    aspects: ['work'],
    fact: (_a, u, _c, rng) => `${u} works as a ${pick(rng, ['nurse', 'baker', 'carpenter', 'librarian', 'pilot'])} at ${pick(rng, ['the city hospital', 'a small bakery', 'the harbour', 'the university'])}.`,
    questions: [() => `Ugh, my boss at work shouted at me today.`, () => `Do you remember what I do for a living?`],
  },
  {
    name: 'promise',
    aspects: ['promise'],
    fact: (_a, _u, c, rng) => `${c} promised to ${pick(rng, ['bake a honey cake', 'teach the old sword dance', 'show the hidden library', 'sing at the harvest fair'])} on ${pick(rng, DAYS)}.`,
    questions: [() => `You haven't forgotten what you promised me, have you?`],
  },
  {
    name: 'hometown',
    aspects: ['hometown'],
    fact: (_a, u, _c, rng) => `${u} grew up in ${pick(rng, CITIES)}, in a house by the ${pick(rng, ['river', 'sea', 'old mill', 'railway'])}.`,
    questions: [() => `I miss the town where I grew up.`, () => `Where did I spend my childhood?`],
  },
  {
    name: 'allergy',
    aspects: ['allergy'],
    fact: (_a, u, _c, rng) => `${u} is allergic to ${pick(rng, ['peanuts', 'shellfish', 'bee stings', 'penicillin', 'cat hair'])}.`,
    questions: [() => `Is there anything I must avoid because of my allergies?`, () => `Careful, remember my allergy.`],
  },
  {
    name: 'fear',
    aspects: ['fear'],
    fact: (_a, u, _c, rng) => `${u} is terrified of ${pick(rng, ['deep water', 'thunderstorms', 'spiders', 'heights', 'the dark'])} since childhood.`,
    questions: [() => `What scares me the most?`],
  },
  {
    name: 'meeting',
    aspects: ['meeting'],
    fact: (_a, u, c, rng) => `${u} and ${c} first met at the ${pick(rng, ['lantern festival', 'night market', 'harbour inn', 'winter fair'])}.`,
    questions: [() => `Remember where we first met?`, () => `Tell me again about the day we met.`],
  },
];

/** Facts no question needs, in the words a distillation writes. */
const FILLER: ReadonlyArray<(u: string, c: string, rng: Rng) => string> = [
  (u, _c, rng) => `${u} enjoys long walks on ${pick(rng, DAYS)} mornings.`,
  (u, _c, rng) => `${u} once visited ${pick(rng, CITIES)} and loved the food there.`,
  (_u, c, rng) => `${c} told a story about a ${pick(rng, ['dragon', 'shipwreck', 'lost crown', 'talking fox'])}.`,
  (u) => `${u} prefers tea over coffee in the evening.`,
  (u, _c, rng) => `${u} is saving money for a trip to ${pick(rng, CITIES)}.`,
  (u, _c, rng) => `${u} reads before sleeping, usually ${pick(rng, ['poetry', 'history', 'mysteries', 'comics'])}.`,
  (_u, c, rng) => `${c} keeps a ${pick(rng, ['silver locket', 'worn map', 'brass compass', 'wooden flute'])} from a friend.`,
  (u, _c, rng) => `${u} moved apartments in ${pick(rng, MONTHS)}.`,
  (u) => `${u} dislikes crowded trains.`,
  (u, _c, rng) => `${u} plays ${pick(rng, ['football', 'tennis', 'board games', 'darts'])} with colleagues.`,
  (_u, c, rng) => `${c} said the ${pick(rng, ['bridge', 'tavern', 'market', 'tower'])} in town is haunted.`,
  (u, _c, rng) => `${u} has a scar on the ${pick(rng, ['left hand', 'right knee', 'chin'])} from a fall.`,
  (u) => `${u} thinks the moon looks bigger in winter.`,
  (u, _c, rng) => `${u} wants to run a marathon in ${pick(rng, CITIES)} one day.`,
  (u, _c, rng) => `${u} bought new ${pick(rng, ['boots', 'glasses', 'headphones', 'curtains'])} recently.`,
  (_u, c) => `${c} dislikes being interrupted while cooking.`,
  (u, _c, rng) => `${u} volunteers at the ${pick(rng, ['animal shelter', 'food bank', 'library'])} sometimes.`,
  (u, c) => `${u} and ${c} argued about the best way to brew coffee.`,
  (u, _c, rng) => `${u} writes in a journal every ${pick(rng, DAYS)}.`,
  (u) => `${u} is trying to sleep earlier this month.`,
];

const SMALL_TALK = ['That sounds lovely.', 'Ha, you always say that.', 'Anyway, where were we?', 'I had a long day.', 'Mm, go on.', 'Thanks, that helps.', 'The weather is strange today.', 'Okay, okay.'];

export function recallDataset(options: RecallDatasetOptions = {}): RecallConversation[] {
  const { conversations = 60, distractors = 100, planted = 4, seed = 26 } = options;
  const rng = seededRandom(seed);
  const out: RecallConversation[] = [];
  for (let ci = 0; ci < conversations; ci++) {
    const u = pick(rng, USERS);
    const c = pick(rng, CHARACTERS);
    const families = [...FAMILIES].sort(() => rng() - 0.5);
    const plantedFacts = families.slice(0, planted).map((family) => ({ family, aspect: pick(rng, family.aspects) }));
    const taken = new Set(plantedFacts.map((p) => `${p.family.name}:${p.aspect}`));
    const facts: Array<{ content: string; question?: RecallQuestion }> = [];
    for (const p of plantedFacts) {
      const id = `c${ci}-m${facts.length}`;
      facts.push({
        content: p.family.fact(p.aspect, u, c, rng),
        question: { recent: [pick(rng, SMALL_TALK), pick(rng, SMALL_TALK), pick(rng, p.family.questions)(p.aspect)], answerId: id, family: p.family.name },
      });
    }
    // Distractors: about a third are facts of the same families on other aspects (other relatives, other pets), no
    // aspect twice, the rest small facts of the filler kind.
    const sameKind: string[] = [];
    for (const family of FAMILIES) {
      for (const aspect of family.aspects) {
        const key = `${family.name}:${aspect}`;
        if (taken.has(key) || rng() < 0.5) continue;
        taken.add(key);
        sameKind.push(family.fact(aspect, u, c, rng));
      }
    }
    const wanted = Math.min(sameKind.length, Math.floor(distractors / 3));
    for (const content of sameKind.sort(() => rng() - 0.5).slice(0, wanted)) facts.push({ content });
    while (facts.length < planted + distractors) facts.push({ content: pick(rng, FILLER)(u, c, rng) });

    // The order in which they were written: planted facts anywhere among the others.
    const order = facts.map((_, i) => i).sort(() => rng() - 0.5);
    const start = Date.UTC(2026, 0, 1) + ci * 86_400_000;
    const memories: RecallMemory[] = [];
    order.forEach((factIndex, position) => {
      const id = `c${ci}-m${factIndex}`;
      memories.push({ id, content: facts[factIndex]!.content, is_pinned: false, updated_at: new Date(start + position * 60_000).toISOString() });
    });
    memories.reverse();
    out.push({ memories, questions: facts.flatMap((f) => (f.question ? [f.question] : [])) });
  }
  return out;
}

/** Share of questions whose memory is among the first k the ranking returns, and the same by family. */
export async function recallAtK(
  dataset: readonly RecallConversation[],
  rank: (memories: readonly RecallMemory[], recent: readonly string[]) => Promise<RecallMemory[]>,
  k = 5,
): Promise<{ recall: number; questions: number; byFamily: Record<string, number> }> {
  let hits = 0;
  let total = 0;
  const families = new Map<string, { hits: number; total: number }>();
  for (const conversation of dataset) {
    for (const q of conversation.questions) {
      const top = (await rank(conversation.memories, q.recent)).slice(0, k);
      const hit = top.some((m) => m.id === q.answerId);
      total++;
      if (hit) hits++;
      const f = families.get(q.family) ?? { hits: 0, total: 0 };
      f.total++;
      if (hit) f.hits++;
      families.set(q.family, f);
    }
  }
  return { recall: hits / total, questions: total, byFamily: Object.fromEntries([...families].map(([name, f]) => [name, f.hits / f.total])) };
}
