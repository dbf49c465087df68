import type { CharacterVisibility, ChatLanguage, LoraStatus, ModerationStatus } from '@fable/contracts';
import { avatarUrl } from '../../avatars/avatarSvg';
import type { CharacterRow } from '../characterRow';
import {
  ADULT_LINES,
  DISLIKES,
  GENERIC_DIALOGUES,
  GENRES,
  LIKES,
  LOREBOOK_ENTRY_NAMES,
  LOREBOOK_ENTRY_TEMPLATES,
  LOREBOOK_FEATURES,
  SPEECH_STYLES,
  TRAITS,
  type Gender,
  type Genre,
  type Role,
} from './englishFragments';
import { LOCALIZED, type LocalizedFragments } from './localizedFragments';
import { FAMILY_NAMES, GIVEN_NAMES, USERNAME_NOUNS, USERNAME_WORDS } from './names';
import { Random } from './random';

/**
 * The seed catalog generator: pure and deterministic. The same options give the same creators, characters and
 * lorebooks, and each item is computed from (seed, kind, index) alone, so a catalog can be generated in chunks,
 * in any order, and topped up later (indices past the ones already stored).
 */

export interface SeedApplication {
  id: string;
  /** Tag values offered by the application (app_settings tagOptions); characters only get tags from here. */
  tagOptions: string[];
  /** Relative share of the catalog. */
  weight: number;
}

export interface CatalogOptions {
  seed: number;
  /** The catalog size the plan is for: sets the creator pool and the number of lorebooks. */
  characters: number;
  /** Dates are spread over the 12 months before this instant. */
  now: Date;
  applications: SeedApplication[];
}

export interface SeedCreator {
  user_id: string;
  username: string;
  display_name: string;
  avatar_url: string;
  created_at: Date;
}

export interface SeedCharacter extends CharacterRow {
  /** Lorebooks the character uses (character_lorebooks). */
  lorebook_ids: string[];
}

export interface SeedLorebookEntry {
  id: string;
  lorebook_id: string;
  position: number;
  name: string;
  keywords: string[];
  content: string;
  created_at: Date;
  updated_at: Date;
}

export interface SeedLorebook {
  id: string;
  application_id: string;
  creator_user_id: string;
  creator_username: string;
  name: string;
  description: string;
  avatar_url: string;
  tags: string[];
  created_at: Date;
  updated_at: Date;
  entries: SeedLorebookEntry[];
}

/** A character's activity on one UTC day (character_daily_activity, the creator leaderboard's source). */
export interface SeedActivity {
  character_id: string;
  /** yyyy-mm-dd */
  day: string;
  messages: number;
  favorites: number;
}

/** Shares of the catalog (document: ~15% NSFW, visibility ~80/10/10, English the majority). */
export const SEED_SHARES = {
  nsfw: 0.15,
  visibility: { public: 80, hidden: 10, private: 9, permanently_private: 1 } satisfies Record<CharacterVisibility, number>,
  language: { en: 70, es: 7, pt: 6, fr: 5, de: 4, ja: 3, ko: 3, it: 2 } satisfies Partial<Record<ChatLanguage, number>>,
  gender: { female: 50, male: 40, nonbinary: 10 } satisfies Record<Gender, number>,
  /** English characters with translated names and titles. */
  translated: 0.08,
  lorebookLink: 0.03,
} as const;

const DAY_MS = 86_400_000;
const YEAR_DAYS = 365;

/** Tags never given by the generator: family wording next to NSFW content is not something a seed should produce. */
const NEVER_TAGS = new Set(['Step-Family']);
/** Tags never given to NSFW characters (age-ambiguous settings). */
const NEVER_NSFW_TAGS = new Set(['College']);

const GENDER_TAGS: Record<Gender, string> = { female: 'Female', male: 'Male', nonbinary: 'Non-Binary' };
const PRONOUNS: Record<Gender, { sub: string; obj: string; pos: string; is: string; has: string }> = {
  female: { sub: 'she', obj: 'her', pos: 'her', is: 'is', has: 'has' },
  male: { sub: 'he', obj: 'him', pos: 'his', is: 'is', has: 'has' },
  nonbinary: { sub: 'they', obj: 'them', pos: 'their', is: 'are', has: 'have' },
};

const MODERATION_REASONS = [
  'Avatar does not follow the guidelines',
  'Tags do not match the content',
  'Missing NSFW label',
  'Greeting breaks the community guidelines',
  'Reported by users',
];

const capitalize = (s: string) => (s.length > 0 ? s[0]!.toUpperCase() + s.slice(1) : s);
const titleCase = (s: string) => s.split(' ').map(capitalize).join(' ');
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** Fills {placeholders}; {{user}} and {{char}} are left as they are. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/(\{\{[a-z]+\}\})|\{([A-Za-z]+)\}/g, (match, keep: string | undefined, key: string | undefined) => {
    if (keep) return keep;
    return key !== undefined && key in values ? (values[key] as string) : match;
  });
}

export function clampText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > max / 2 ? space : cut.length)}…`;
}

export interface CatalogGenerator {
  readonly options: CatalogOptions;
  readonly creatorCount: number;
  readonly lorebookCount: number;
  creator(index: number): SeedCreator;
  character(index: number): SeedCharacter;
  lorebook(index: number): SeedLorebook;
  /**
   * Daily activity of a public character from the first day of the month before `now` to the day of `now`: its
   * num_messages_24h on the day of `now`, and the share of its other messages (and favourites) that falls in the
   * window, in a few rows on distinct days (more rows for busier characters). Nothing for other visibilities.
   */
  activity(character: SeedCharacter): SeedActivity[];
}

/** Creators for a catalog of n characters: about one per twelve characters, a few prolific ones. */
export const creatorCountFor = (n: number) => Math.max(5, Math.ceil(n / 12));
/** Lorebooks for a catalog of n characters: "a few", growing slowly. */
export const lorebookCountFor = (n: number) => Math.min(750, Math.max(3, Math.round(n / 400)));

export function createCatalogGenerator(options: CatalogOptions): CatalogGenerator {
  if (options.applications.length === 0) throw new Error('the seed needs at least one application');
  const { seed, now } = options;
  const nowMs = now.getTime();
  const creatorCount = creatorCountFor(options.characters);
  const lorebookCount = lorebookCountFor(options.characters);
  const appWeights = Object.fromEntries(options.applications.map((a) => [a.id, a.weight])) as Record<string, number>;
  const appById = new Map(options.applications.map((a) => [a.id, { ...a, tagSet: new Set(a.tagOptions) }]));
  const genreWeights = Object.fromEntries(GENRES.map((g) => [g.id, g.weight])) as Record<Genre['id'], number>;
  const genreById = new Map(GENRES.map((g) => [g.id, g]));
  const localizedByLanguage = new Map(LOCALIZED.map((l) => [l.language, l]));

  const creatorId = (k: number) => new Random(seed, `creator-id:${k}`).uuid();
  const lorebookId = (j: number) => new Random(seed, `lorebook-id:${j}`).uuid();
  /** Skewed towards low indices: a few creators publish many characters, most publish a few. */
  const pickCreatorIndex = (r: Random) => Math.min(creatorCount - 1, Math.floor(creatorCount * Math.pow(r.next(), 2.2)));

  const creatorCache = new Map<number, SeedCreator>();
  function creator(k: number): SeedCreator {
    const cached = creatorCache.get(k);
    if (cached) return cached;
    const r = new Random(seed, `creator:${k}`);
    const word = r.pick(USERNAME_WORDS);
    const noun = r.pick(USERNAME_NOUNS);
    const username = `${word}${r.chance(0.3) ? '_' : ''}${noun}${k}`.slice(0, 20);
    const display = r.chance(0.5) ? `${capitalize(word)} ${capitalize(noun)}` : capitalize(`${word}${noun}`);
    const id = creatorId(k);
    const created = new Date(nowMs - Math.floor((YEAR_DAYS + 200) * DAY_MS * r.next()));
    const value: SeedCreator = {
      user_id: id,
      username,
      display_name: display.slice(0, 20),
      avatar_url: avatarUrl(display, id.slice(0, 8)),
      created_at: created,
    };
    if (creatorCache.size > 5000) creatorCache.clear();
    creatorCache.set(k, value);
    return value;
  }

  function pickTags(r: Random, app: { tagSet: Set<string>; tagOptions: string[] }, wanted: string[], nsfw: boolean): string[] {
    const allowed = (t: string) => app.tagSet.has(t) && !NEVER_TAGS.has(t) && !(nsfw && NEVER_NSFW_TAGS.has(t));
    const tags = [...new Set(wanted)].filter(allowed);
    const fallback = app.tagOptions.filter((t) => allowed(t) && !tags.includes(t));
    while (tags.length < 2 && fallback.length > 0) {
      const i = Math.floor(r.next() * fallback.length);
      tags.push(fallback.splice(i, 1)[0] as string);
    }
    return tags.slice(0, 12);
  }

  function dates(r: Random) {
    // A growing catalog: a third spread evenly over the year, the rest skewed towards recent months.
    const ageDays = YEAR_DAYS * (r.chance(0.35) ? r.next() : 1 - Math.sqrt(r.next()));
    const created = new Date(nowMs - Math.floor(ageDays * DAY_MS));
    const updated = r.chance(0.5) ? new Date(created.getTime() + Math.floor((nowMs - created.getTime()) * r.next() ** 2)) : created;
    return { ageDays, created, updated };
  }

  function activity(r: Random, ageDays: number, visibility: CharacterVisibility) {
    // Log-normal message counts: median ~150, a long tail into the millions for the most popular characters.
    const reach = visibility === 'public' ? 1 : visibility === 'hidden' ? 0.15 : 0.03;
    const raw = Math.exp(5 + 2.6 * r.gaussian()) * (0.3 + ageDays / YEAR_DAYS) * reach;
    const numMessages = ageDays < 0.5 && r.chance(0.5) ? 0 : Math.min(50_000_000, Math.floor(raw));
    // Newer characters trend: a larger share of their messages is from the last day.
    const dayShare = Math.min(1, (r.next() * 2) / (ageDays + 2));
    const num24h = Math.min(numMessages, 2_000_000_000, Math.floor(numMessages * dayShare * (r.chance(0.3) ? 0 : 1)));
    const ratingCount = numMessages > 0 ? Math.floor(numMessages / r.int(40, 400)) : 0;
    const score = ratingCount > 0 ? Math.min(1, Math.max(0.05, 0.78 + 0.12 * r.gaussian())) : null;
    return {
      num_messages: numMessages,
      num_messages_24h: num24h,
      rating_count: ratingCount,
      rating_score: score === null ? null : Math.round(score * 1000) / 1000,
      num_favorites: Math.floor(numMessages / r.int(80, 900)),
    };
  }

  function moderation(r: Random, visibility: CharacterVisibility, created: Date) {
    const status: ModerationStatus | 'none' =
      visibility === 'public'
        ? r.weighted({ none: 880, closed: 60, pending: 30, rereview_required: 10, fix_required: 15, manual_review_required: 5 })
        : r.weighted({ none: 95, closed: 5 });
    const fix = status === 'fix_required';
    return {
      moderation_status: status === 'none' ? null : status,
      reason_for_moderation: fix ? r.sample(MODERATION_REASONS, r.int(1, 2)) : [],
      action_taken_description: fix ? 'Unpublished until the listed issues are fixed and the chatbot is resubmitted.' : null,
      moderation_expires_at: fix && r.chance(0.2) ? new Date(created.getTime() + 7 * DAY_MS) : null,
      aicq_manual_review_required: status === 'manual_review_required',
      submit_for_manual_review: status === 'pending' && r.chance(0.2),
      reports_type: fix || r.chance(0.01) ? ['User'] : [],
    };
  }

  function localizedTitle(r: Random, lang: LocalizedFragments, genre: Genre['id'], gender: Gender, place?: string): string {
    const roles = lang.roles.filter((x) => x.genre === genre);
    const role = r.pick(roles.length > 0 ? roles : lang.roles);
    const form = gender === 'male' ? role.male : role.female;
    return clampText(fill(r.pick(lang.titles), { roleTitle: form.title, place: place ?? r.pick(lang.places) }), 100);
  }

  function character(index: number): SeedCharacter {
    const r = new Random(seed, `character:${index}`);
    const id = new Random(seed, `character-id:${index}`).uuid();
    const applicationId = r.weighted(appWeights);
    const app = appById.get(applicationId)!;
    const language = r.weighted(SEED_SHARES.language) as ChatLanguage;
    const nsfw = r.chance(SEED_SHARES.nsfw);
    const visibility = r.weighted(SEED_SHARES.visibility);
    const age = nsfw ? r.int(21, 45) : r.int(19, 60);
    const creatorIndex = pickCreatorIndex(r);
    const owner = creator(creatorIndex);
    const { ageDays, created, updated } = dates(r);
    const localized = language === 'en' ? undefined : localizedByLanguage.get(language);

    const text = localized ? localizedText(r, localized, nsfw, age) : englishText(r, nsfw, age);

    const translated: ChatLanguage[] = [];
    const nameI18n: Partial<Record<ChatLanguage, string>> = {};
    const titleI18n: Partial<Record<ChatLanguage, string>> = {};
    if (!localized && r.chance(SEED_SHARES.translated)) {
      for (const lang of r.sample(LOCALIZED, r.int(1, 3))) {
        translated.push(lang.language);
        nameI18n[lang.language] = text.name;
        titleI18n[lang.language] = localizedTitle(r, lang, text.genre, text.gender);
      }
    } else if (localized && r.chance(0.25)) {
      translated.push('en');
      nameI18n.en = text.name;
      titleI18n.en = text.englishTitle;
    }

    const tags = pickTags(r, app, text.tags, nsfw);
    const definition = [text.greeting, text.persona, text.scenario ?? '', text.dialogue ?? ''].join('\n');
    const lorebookIds = r.chance(SEED_SHARES.lorebookLink) ? [lorebookId(r.int(0, lorebookCount - 1))] : [];
    const loraStatus: LoraStatus = r.weighted({ none: 81, ready: 15, pending: 3, failed: 1 });

    return {
      id,
      application_id: applicationId,
      creator_user_id: owner.user_id,
      creator_username: owner.username,
      name: text.name,
      title: text.title,
      description: text.description,
      persona: text.persona,
      scenario: text.scenario,
      greeting: text.greeting,
      dialogue: text.dialogue,
      tags,
      language,
      name_i18n: nameI18n,
      title_i18n: titleI18n,
      translated_languages: translated,
      is_nsfw: nsfw,
      avatar_url: avatarUrl(text.name, id.slice(0, 8)),
      avatar_is_nsfw: nsfw && r.chance(0.35),
      visibility,
      definition_visible: visibility === 'public' && r.chance(0.75),
      guidelines: true,
      type: 'character',
      sub_character_ids: [],
      token_count: Math.ceil(definition.length / 4),
      ...activity(r, ageDays, visibility),
      lora_status: loraStatus,
      ...moderation(r, visibility, created),
      created_at: created,
      updated_at: updated,
      lorebook_ids: lorebookIds,
    };
  }

  interface ComposedText {
    genre: Genre['id'];
    gender: Gender;
    name: string;
    title: string;
    englishTitle: string;
    description: string;
    persona: string;
    scenario: string | null;
    greeting: string;
    dialogue: string | null;
    tags: string[];
  }

  function personName(r: Random, style: keyof typeof GIVEN_NAMES, gender: Gender): string {
    const given = r.pick(GIVEN_NAMES[style][gender]);
    if (!r.chance(0.55)) return given;
    const full = `${given} ${r.pick(FAMILY_NAMES[style])}`;
    return full.length <= 20 ? full : given;
  }

  function englishText(r: Random, nsfw: boolean, age: number): ComposedText {
    const genre = genreById.get(r.weighted(genreWeights))!;
    const gender = r.weighted(SEED_SHARES.gender);
    const roles = genre.roles.filter((x: Role) => (!x.gender || x.gender === gender) && !(nsfw && x.sfwOnly));
    const role = r.pick(roles);
    const p = PRONOUNS[gender];
    const name = personName(r, genre.nameStyle, gender);
    const first = name.split(' ')[0] as string;
    const place = r.pick(genre.places);
    const traits = r.sample(TRAITS, 3);
    const values = {
      name: first,
      first,
      role: role.noun,
      place,
      sub: p.sub,
      Sub: capitalize(p.sub),
      obj: p.obj,
      pos: p.pos,
      is: p.is,
      has: p.has,
      age: String(age),
      like: r.pick(LIKES),
      dislike: r.pick(DISLIKES),
    };
    const lead = traits[0]!;
    const tail = fill(r.pick(genre.titleTails), values);
    let title = `${lead.adj} ${titleCase(role.noun)} ${tail}`;
    if (title.length > 100) title = `${lead.adj} ${titleCase(role.noun)}`;

    const hair = r.pick(['black', 'auburn', 'silver', 'dark brown', 'copper-red', 'ash-blond', 'jet-black', 'honey-blond', 'white', 'chestnut']);
    const eyes = r.pick(['grey', 'green', 'amber', 'dark brown', 'ice-blue', 'hazel', 'violet', 'golden']);
    const mark = r.pick([
      'a thin scar across one eyebrow', 'ink-stained fingers', 'an easy, lopsided smile', 'a silver ring never taken off',
      'a voice like gravel and honey', 'a habit of drumming fingers on every surface', 'tattoos curling up both forearms',
      'a long coat in every weather', 'an old pocket watch', 'a calm, unreadable gaze',
    ]);
    let identity: string;
    if (role.nonhuman) {
      identity = `${name} is ${article(role.noun)} ${role.noun} from ${place}, far older than ${p.sub} ${p.is === 'are' ? 'look' : 'looks'}.`;
      if (nsfw) identity += ` In human form ${name} has the appearance of a ${age}-year-old adult.`;
    } else {
      const ageText = nsfw || r.chance(0.3) ? `${age}-year-old ` : '';
      identity = `${name} is ${article(ageText || role.noun)} ${ageText}${role.noun} from ${place}.`;
    }
    const persona = [
      identity,
      ...traits.map((t) => fill(t.line, values)),
      fill(r.pick(genre.backstories), values),
      fill(`{Sub} {has} ${hair} hair, ${eyes} eyes and ${mark}.`, values),
      `Likes: ${r.sample(LIKES, 3).join(', ')}. Dislikes: ${r.sample(DISLIKES, 2).join(', ')}.`,
      fill(r.pick(SPEECH_STYLES), values),
      ...(nsfw ? [fill(r.pick(ADULT_LINES), values), `${first} is an adult and only ever roleplays with adults.`] : []),
    ].join(' ');
    const scenario = r.chance(0.85) ? fill(r.pick(genre.scenarios), values) : null;
    const exchanges = r.sample([...genre.dialogues, ...GENERIC_DIALOGUES], r.int(1, 3)).map((d) => fill(d, values));
    const dialogue = r.chance(0.7) ? exchanges.join('\n\n') : null;
    const wantTags = [
      ...genre.tags,
      ...role.tags,
      GENDER_TAGS[gender],
      ...r.sample(genre.extraTags, r.int(0, 2)),
      ...(r.chance(0.4) ? ['OC'] : []),
      ...(nsfw && r.chance(0.3) ? [r.pick(['Dominant', 'Submissive'])] : []),
    ];
    return {
      genre: genre.id,
      gender,
      name,
      title: clampText(title, 100),
      englishTitle: clampText(title, 100),
      description: clampText(fill(r.pick(genre.backstories), values), 300),
      persona: clampText(persona, 5000),
      scenario: scenario === null ? null : clampText(scenario, 4000),
      greeting: clampText(fill(r.pick(genre.greetings), values), 2000),
      dialogue: dialogue === null ? null : clampText(dialogue, 4000),
      tags: wantTags,
    };
  }

  function localizedText(r: Random, lang: LocalizedFragments, nsfw: boolean, age: number): ComposedText {
    const gender: Gender = r.chance(0.55) ? 'female' : 'male';
    const roles = lang.roles.filter((x) => !(nsfw && x.sfwOnly));
    const role = r.pick(roles);
    const form = gender === 'male' ? role.male : role.female;
    const name = r.pick(lang.names[gender]);
    const place = r.pick(lang.places);
    const values = { name, roleTitle: form.title, roleIndef: form.indef, place, age: String(age) };
    const title = clampText(fill(r.pick(lang.titles), values), 100);
    const genre = genreById.get(role.genre)!;
    const englishRole = r.pick(genre.roles.filter((x) => !x.gender || x.gender === gender));
    const persona = [
      fill(r.pick(lang.personas), values),
      ...(nsfw ? [fill(lang.ageLine, values), fill(lang.adultLine, values)] : []),
    ].join(' ');
    return {
      genre: role.genre,
      gender,
      name,
      title,
      englishTitle: clampText(`${r.pick(TRAITS).adj} ${titleCase(englishRole.noun)}`, 100),
      description: title,
      persona,
      scenario: r.chance(0.85) ? fill(r.pick(lang.scenarios), values) : null,
      greeting: fill(r.pick(lang.greetings), values),
      dialogue: r.chance(0.7) ? fill(r.pick(lang.dialogues), values) : null,
      tags: [...role.tags, GENDER_TAGS[gender], ...r.sample(genre.extraTags, r.int(0, 2)), ...(r.chance(0.4) ? ['OC'] : [])],
    };
  }

  function lorebook(j: number): SeedLorebook {
    const r = new Random(seed, `lorebook:${j}`);
    const id = lorebookId(j);
    const genre = genreById.get(r.weighted(genreWeights))!;
    const owner = creator(pickCreatorIndex(r));
    const applicationId = r.weighted(appWeights);
    const app = appById.get(applicationId)!;
    const theme = r.pick(genre.lorebookThemes);
    const setting = r.pick(genre.places);
    const place = setting.replace(/^(the|a|an) /i, '');
    const longName = `${capitalize(place)}: ${theme}`;
    const name = longName.length <= 25 ? longName : theme.slice(0, 25);
    const { created, updated } = dates(r);
    const entryNames = r.sample(LOREBOOK_ENTRY_NAMES, r.int(3, 12));
    const entries = entryNames.map((entryName, position): SeedLorebookEntry => {
      const template = r.pick(LOREBOOK_ENTRY_TEMPLATES);
      const feature = r.pick(LOREBOOK_FEATURES);
      const words = entryName.toLowerCase().replace(/^the /, '').split(/[\s']+/).filter((w) => w.length > 2);
      const featureWords = feature.split(' ').filter((w) => w.length > 3);
      const keywords = [...new Set([entryName.toLowerCase(), ...words, ...featureWords.slice(-1)])].slice(0, 6);
      return {
        id: new Random(seed, `lorebook-entry:${j}:${position}`).uuid(),
        lorebook_id: id,
        position,
        name: entryName,
        keywords: keywords.length >= 2 ? keywords : [...keywords, 'lore'],
        content: clampText(fill(template.content, { entry: entryName, feature }), 1000),
        created_at: created,
        updated_at: updated,
      };
    });
    return {
      id,
      application_id: applicationId,
      creator_user_id: owner.user_id,
      creator_username: owner.username,
      name,
      description: clampText(`${theme} for ${genre.tags[0] ?? 'roleplay'} stories set in ${setting}.`, 100),
      avatar_url: avatarUrl(name, id.slice(0, 8)),
      tags: pickTags(r, app, [...genre.tags, ...r.sample(genre.extraTags, 1)], false),
      created_at: created,
      updated_at: updated,
      entries,
    };
  }

  const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const windowStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);

  function dailyActivity(c: SeedCharacter): SeedActivity[] {
    if (c.visibility !== 'public' || c.num_messages === 0) return [];
    const r = new Random(seed, `activity:${c.id}`);
    const createdMs = c.created_at.getTime();
    const createdDay = Date.UTC(c.created_at.getUTCFullYear(), c.created_at.getUTCMonth(), c.created_at.getUTCDate());
    const firstDay = Math.max(windowStart, createdDay);
    // Whole days in the window before today.
    const pastDays = Math.max(0, Math.round((today - firstDay) / DAY_MS));
    const rows: SeedActivity[] = [];
    const todayMessages = pastDays === 0 ? c.num_messages : c.num_messages_24h;
    if (todayMessages > 0) rows.push({ character_id: c.id, day: dayText(today), messages: todayMessages, favorites: 0 });
    if (pastDays === 0) return rows;

    // The share of the older messages that falls in the window: all of them for a character born in it, otherwise
    // the window's part of its life, leaning a little towards recent days.
    const ageDays = Math.max(1, (nowMs - createdMs) / DAY_MS);
    const share = createdDay >= windowStart ? 1 : Math.min(1, (pastDays / ageDays) * (1 + 0.5 * r.next()));
    const messages = Math.floor((c.num_messages - c.num_messages_24h) * share);
    const favorites = Math.floor(c.num_favorites * share);
    if (messages === 0 && favorites === 0) return rows;
    // One row for most characters, two or three for busy ones: about 1.5 rows per public character in all.
    const count = Math.min(pastDays, messages < 300 ? 1 : messages < 30_000 ? 2 : 3);
    const picked = new Set<number>();
    while (picked.size < count) picked.add(r.int(0, pastDays - 1));
    const offsets = [...picked].sort((a, b) => a - b);
    const weights = offsets.map(() => 0.2 + r.next());
    const total = weights.reduce((sum, w) => sum + w, 0);
    let messagesLeft = messages;
    let favoritesLeft = favorites;
    offsets.forEach((offset, i) => {
      const last = i === offsets.length - 1;
      const m = last ? messagesLeft : Math.floor((messages * weights[i]!) / total);
      const f = last ? favoritesLeft : Math.floor((favorites * weights[i]!) / total);
      messagesLeft -= m;
      favoritesLeft -= f;
      if (m > 0 || f > 0) rows.push({ character_id: c.id, day: dayText(firstDay + offset * DAY_MS), messages: m, favorites: f });
    });
    return rows;
  }

  return { options, creatorCount, lorebookCount, creator, character, lorebook, activity: dailyActivity };
}
