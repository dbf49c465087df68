import type { DemoSuggestionField, DemoSuggestionHints } from './engine';

/**
 * What the built-in demo model answers the chatbot form's suggestion prompts (api/src/modules/suggestions): no
 * weights, a small deterministic writer that builds each field from the others (the name and title always given),
 * and a tag picker that reads the chatbot's text for words a tag goes with. The same chatbot gets the same answer.
 */

const hash = (text: string) => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
};

/** One entry of `list`, chosen by the seed; another salt gives an independent choice. */
const pick = <T>(list: readonly T[], seed: number, salt: number): T => list[hash(`${seed}:${salt}`) % list.length]!;

const NAMES = ['Aria', 'Rowan', 'Kael', 'Lyra', 'Mira', 'Theo', 'Selene', 'Orin', 'Nova', 'Elias', 'Iris', 'Caspian', 'Juniper', 'Silas', 'Wren', 'Talia'];
const TRAITS = ['warm', 'curious', 'stubborn', 'playful', 'patient', 'sharp-witted', 'loyal', 'brave', 'gentle', 'mischievous', 'thoughtful', 'proud'];
const HOOKS = ['with a secret', 'who never backs down', 'looking for a new adventure', 'with a soft spot for strangers', 'who keeps every promise'];
const MANNERS = ['softly, choosing every word', 'quickly, with a laugh never far away', 'plainly and means every word', 'in riddles when nervous'];
/** What the chatbot wants, said of them and by them. */
const WANTS: ReadonlyArray<readonly [string, string]> = [
  ['wants someone to trust', 'I want someone I can trust'],
  ['is looking for a place to belong', 'I am looking for a place to belong'],
  ['hopes to be remembered', 'I hope to be remembered'],
  ['wants to prove everyone wrong', 'I want to prove everyone wrong'],
];
const GESTURES = ['looks up and smiles', 'tilts their head', 'sets down what they were holding', 'raises an eyebrow'];
const PLACES = [
  'on a rainy evening in a quiet tavern',
  'at the edge of a busy market',
  'on a long train ride through the night',
  'in a library that should have closed hours ago',
];
const GREETING_HOOKS = ['What brings you here today?', 'I was hoping someone interesting would come by.', 'Sit down, tell me everything.'];

const clean = (text: string | undefined) => (text ?? '').replace(/\{\{(char|user)\}\}/gi, '').replace(/\s+/g, ' ').trim();

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "a"/"an" for a word. */
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** Who the chatbot is, from its title without the name in front: "Aria, a wandering bard" → "a wandering bard". */
function roleOf(name: string, title: string): string {
  let role = clean(title);
  if (name && role.toLowerCase().startsWith(name.toLowerCase())) role = role.slice(name.length).replace(/^[\s,:;.!–—-]+/, '').replace(/^is\s+/i, '');
  role = role.replace(/[.!?,;:\s]+$/, '');
  if (!/\p{L}/u.test(role)) return 'a stranger with a story';
  // Lower-case a capital that only starts the title ("Wandering bard"), not an acronym or a name ("AI", "Paris").
  if (/^\p{Lu}\p{Ll}/u.test(role) && !/^(I|I'm)\b/.test(role)) role = role.charAt(0).toLowerCase() + role.slice(1);
  return /^(a|an|the|my|your|his|her|their)\s/i.test(role) ? role : `${article(role)} ${role}`;
}

/** The role without its article: "a wandering bard" → "wandering bard". */
const nounOf = (role: string) => role.replace(/^(a|an|the|my|your|his|her|their)\s+/i, '');

function threeTraits(seed: number): [string, string, string] {
  const first = seed % TRAITS.length;
  const second = (first + 1 + ((seed >>> 5) % (TRAITS.length - 1))) % TRAITS.length;
  let third = (second + 1 + ((seed >>> 11) % (TRAITS.length - 1))) % TRAITS.length;
  if (third === first) third = (third + 1) % TRAITS.length;
  return [TRAITS[first]!, TRAITS[second]!, TRAITS[third]!];
}

/** The demo's suggestion for one field of the form. */
export function demoFieldSuggestion(field: DemoSuggestionField, values: Partial<Record<DemoSuggestionField, string>>): string {
  const name = clean(values.name) || 'Aria';
  const role = roleOf(name, values.title ?? '');
  const seed = hash(`${field}\n${name}\n${clean(values.title)}`);
  const [t1, t2, t3] = threeTraits(seed);
  switch (field) {
    case 'name': {
      const current = name.toLowerCase();
      const first = seed % NAMES.length;
      for (let i = 0; i < NAMES.length; i += 1) {
        const candidate = NAMES[(first + i) % NAMES.length]!;
        if (candidate.toLowerCase() !== current) return candidate;
      }
      return NAMES[first]!;
    }
    case 'title':
      return `${capitalize(article(t1))} ${t1} ${nounOf(role)} ${pick(HOOKS, seed, 3)}`;
    case 'persona':
      return (
        `${name} is ${role}: ${t1}, ${t2} and a little ${t3}. ` +
        `${name} speaks ${pick(MANNERS, seed, 7)}, and notices more than they let on. ` +
        `Deep down, ${name} ${pick(WANTS, seed, 13)[0]}.`
      );
    case 'greeting':
      return `*${name} ${pick(GESTURES, seed, 5)}* Oh! Hello there, {{user}}. I am ${name}, ${role}. ${pick(GREETING_HOOKS, seed, 9)}`;
    case 'scenario':
      return `{{user}} meets ${name}, ${role}, ${pick(PLACES, seed, 4)}. ${name} seems ${t1}, but something is clearly on their mind.`;
    case 'dialogue':
      return [
        '{{user}}: Who are you, really?',
        `{{char}}: *${name} ${pick(GESTURES, seed, 6)}* I am ${name}, ${role}. And you ask a lot of questions, {{user}}.`,
        '{{user}}: What do you want?',
        `{{char}}: The truth? ${pick(WANTS, seed, 13)[1]}.`,
      ].join('\n');
  }
}

/**
 * Words a tag goes with, by tag name in lower case (the catalogue's tag options, migration 001). A tag not listed
 * goes with the words of its own name.
 */
const TAG_WORDS: Readonly<Record<string, readonly string[]>> = {
  female: ['she', 'her', 'hers', 'herself', 'woman', 'women', 'girl', 'lady', 'queen', 'princess', 'mother', 'sister', 'wife', 'daughter', 'goddess', 'witch', 'girlfriend', 'heroine', 'empress', 'duchess'],
  male: ['he', 'him', 'his', 'himself', 'man', 'men', 'boy', 'guy', 'king', 'prince', 'father', 'brother', 'husband', 'son', 'lord', 'gentleman', 'boyfriend', 'emperor', 'duke'],
  'non-binary': ['nonbinary', 'non-binary', 'enby', 'androgynous'],
  fantasy: ['magic', 'dragon', 'dragons', 'elf', 'elves', 'kingdom', 'sword', 'wizard', 'sorcerer', 'quest', 'realm', 'enchanted', 'fairy', 'dwarf', 'orc', 'spell', 'bard', 'tavern', 'castle'],
  romance: ['love', 'romance', 'romantic', 'kiss', 'date', 'crush', 'heart', 'flirt', 'flirty', 'lover', 'affection', 'sweetheart'],
  adventure: ['adventure', 'adventures', 'journey', 'quest', 'explore', 'explorer', 'travel', 'traveller', 'traveler', 'wandering', 'expedition', 'treasure'],
  drama: ['drama', 'betrayal', 'tears', 'conflict', 'grief', 'rival', 'scandal'],
  comedy: ['funny', 'joke', 'jokes', 'laugh', 'comedy', 'silly', 'prank', 'goofy', 'humor', 'humour'],
  horror: ['horror', 'ghost', 'haunted', 'blood', 'fear', 'nightmare', 'creepy', 'terror', 'cursed', 'undead', 'zombie'],
  mystery: ['mystery', 'mysterious', 'secret', 'secrets', 'clue', 'clues', 'riddle', 'riddles', 'puzzle', 'investigate'],
  'sci-fi': ['space', 'starship', 'spaceship', 'alien', 'aliens', 'robot', 'android', 'galaxy', 'planet', 'future', 'futuristic', 'laser', 'cyborg'],
  'slice of life': ['everyday', 'cafe', 'coffee', 'neighbor', 'neighbour', 'apartment', 'roommate', 'shop', 'bakery', 'ordinary'],
  action: ['fight', 'battle', 'combat', 'war', 'gun', 'guns', 'mission', 'explosion', 'chase', 'soldier', 'warrior'],
  historical: ['medieval', 'victorian', 'ancient', 'century', 'empire', 'samurai', 'roman', 'viking', 'history', 'historical'],
  supernatural: ['supernatural', 'spirit', 'spirits', 'ghost', 'demon', 'angel', 'vampire', 'werewolf', 'psychic', 'curse', 'immortal'],
  anime: ['anime', 'manga', 'senpai', 'kawaii', 'sensei'],
  game: ['game', 'games', 'gamer', 'gaming', 'player', 'npc'],
  'movies & tv': ['movie', 'movies', 'film', 'series', 'tv', 'actor', 'actress', 'hollywood'],
  books: ['book', 'books', 'novel', 'library', 'author', 'reading', 'poet', 'poetry'],
  mythology: ['myth', 'myths', 'mythology', 'god', 'gods', 'goddess', 'olympus', 'norse', 'legend', 'titan', 'deity'],
  magic: ['magic', 'magical', 'spell', 'spells', 'wizard', 'witch', 'sorcerer', 'sorceress', 'mage', 'enchanted', 'potion', 'arcane'],
  royalty: ['king', 'queen', 'prince', 'princess', 'royal', 'throne', 'crown', 'court', 'emperor', 'empress', 'duke', 'duchess', 'noble'],
  knight: ['knight', 'knights', 'armor', 'armour', 'shield', 'squire', 'paladin', 'chivalry', 'oath'],
  elf: ['elf', 'elves', 'elven'],
  vampire: ['vampire', 'vampires', 'fangs', 'undead', 'bite'],
  werewolf: ['werewolf', 'werewolves', 'wolf', 'wolves', 'pack', 'howl'],
  demon: ['demon', 'demons', 'hell', 'infernal', 'devil', 'succubus', 'incubus'],
  angel: ['angel', 'angels', 'heaven', 'halo', 'divine', 'celestial'],
  monster: ['monster', 'monsters', 'beast', 'creature', 'creatures'],
  robot: ['robot', 'robots', 'android', 'machine', 'cyborg', 'mechanical'],
  cyberpunk: ['cyberpunk', 'neon', 'hacker', 'implant', 'implants', 'megacorp', 'netrunner'],
  steampunk: ['steampunk', 'steam', 'gears', 'airship', 'clockwork', 'brass', 'inventor'],
  'post-apocalyptic': ['apocalypse', 'wasteland', 'survivor', 'survival', 'ruins', 'scavenger', 'bunker'],
  dystopian: ['dystopia', 'dystopian', 'regime', 'rebellion', 'oppression', 'surveillance', 'totalitarian'],
  superhero: ['superhero', 'superheroes', 'superpower', 'superpowers', 'cape', 'vigilante'],
  villain: ['villain', 'evil', 'villainous', 'nemesis', 'sinister', 'ruthless'],
  detective: ['detective', 'investigator', 'crime', 'murder', 'police', 'sleuth', 'inspector'],
  mafia: ['mafia', 'mob', 'gangster', 'cartel', 'underworld', 'yakuza'],
  office: ['office', 'coworker', 'colleague', 'ceo', 'manager', 'desk', 'meeting', 'company', 'secretary'],
  college: ['college', 'university', 'campus', 'student', 'professor', 'dorm', 'classmate', 'semester'],
  sports: ['sport', 'sports', 'football', 'soccer', 'basketball', 'coach', 'athlete', 'gym', 'tennis'],
  wholesome: ['kind', 'gentle', 'sweet', 'warm', 'caring', 'wholesome', 'cozy', 'cosy', 'friendly', 'comfort', 'hug'],
  dominant: ['dominant', 'commanding', 'strict', 'controlling', 'assertive', 'demanding'],
  submissive: ['submissive', 'obedient', 'meek', 'timid', 'docile'],
  yandere: ['yandere', 'obsessive', 'obsessed', 'possessive', 'jealous'],
  tsundere: ['tsundere', 'baka', 'hmph', 'prickly'],
  'step-family': ['stepsister', 'stepbrother', 'stepmother', 'stepfather', 'stepmom', 'stepdad'],
  rpg: ['rpg', 'roleplay', 'dungeon', 'dungeons', 'adventurer', 'guild', 'stats'],
};

/** Words of a text in lower case, each counted. */
function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

const nameWords = (tag: string) => tag.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];

/** The demo's tags for a chatbot: the options whose words occur most in its text (each word counted up to 3 times). */
export function demoTagSuggestion(options: readonly string[], values: Partial<Record<DemoSuggestionField, string>>, max: number): string[] {
  const counts = wordCounts(Object.values(values).join('\n'));
  const scored = options.map((tag, index) => {
    const words = new Set([...(TAG_WORDS[tag.toLowerCase()] ?? []), ...nameWords(tag).filter((w) => w.length > 2)]);
    let score = 0;
    for (const word of words) score += Math.min(3, counts.get(word) ?? 0);
    return { tag, index, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, max)
    .map((s) => s.tag);
}

/** The demo's answer to a suggestion prompt: the field's text, or the tags separated by commas. */
export function demoSuggestion(hints: DemoSuggestionHints): string {
  if (hints.kind === 'field') return demoFieldSuggestion(hints.field, hints.values);
  const tags = demoTagSuggestion(hints.options, hints.values, hints.max);
  return tags.length > 0 ? tags.join(', ') : 'None of these tags fit.';
}
