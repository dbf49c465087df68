import type { CharacterVisibility, ChatLanguage } from '@fable/contracts';
import { avatarUrl } from '../../avatars/avatarSvg';
import type { CatalogOptions, SeedApplication, SeedCreator } from './catalogTypes';
import { GENRES, type Gender, type Genre } from './englishFragments';
import { USERNAME_NOUNS, USERNAME_WORDS } from './names';
import { Random } from './random';
import { capitalize } from './seedText';

/**
 * What every item of the seed catalog draws from: the shares, the genres, the options' applications and creators,
 * and the dates and tags that characters and lorebooks pick alike.
 */

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

export const DAY_MS = 86_400_000;
export const YEAR_DAYS = 365;

export const GENRE_WEIGHTS = Object.fromEntries(GENRES.map((g) => [g.id, g.weight])) as Record<Genre['id'], number>;
export const GENRE_BY_ID = new Map(GENRES.map((g) => [g.id, g]));

/** Tags never given by the generator: family wording next to NSFW content is not something a seed should produce. */
const NEVER_TAGS = new Set(['Step-Family']);
/** Tags never given to NSFW characters (age-ambiguous settings). */
const NEVER_NSFW_TAGS = new Set(['College']);

/** An application of the options, with its tags as a set. */
export type ContextApplication = SeedApplication & { tagSet: Set<string> };

/** The catalog's options made ready for the items: the applications by weight and id, the creators (cached). */
export interface CatalogContext {
  seed: number;
  now: Date;
  nowMs: number;
  creatorCount: number;
  lorebookCount: number;
  appWeights: Record<string, number>;
  appById: Map<string, ContextApplication>;
  creator(k: number): SeedCreator;
  lorebookId(j: number): string;
  /** Skewed towards low indices: a few creators publish many characters, most publish a few. */
  pickCreatorIndex(r: Random): number;
}

export function catalogContext(options: CatalogOptions, counts: { creatorCount: number; lorebookCount: number }): CatalogContext {
  const { seed, now } = options;
  const nowMs = now.getTime();
  const { creatorCount } = counts;
  const creatorCache = new Map<number, SeedCreator>();
  const creator = (k: number): SeedCreator => {
    const cached = creatorCache.get(k);
    if (cached) return cached;
    const value = seedCreator(seed, nowMs, k);
    if (creatorCache.size > 5000) creatorCache.clear();
    creatorCache.set(k, value);
    return value;
  };
  return {
    seed,
    now,
    nowMs,
    ...counts,
    appWeights: Object.fromEntries(options.applications.map((a) => [a.id, a.weight])) as Record<string, number>,
    appById: new Map(options.applications.map((a) => [a.id, { ...a, tagSet: new Set(a.tagOptions) }])),
    creator,
    lorebookId: (j) => new Random(seed, `lorebook-id:${j}`).uuid(),
    pickCreatorIndex: (r) => Math.min(creatorCount - 1, Math.floor(creatorCount * Math.pow(r.next(), 2.2))),
  };
}

/** The creator of index k. */
function seedCreator(seed: number, nowMs: number, k: number): SeedCreator {
  const r = new Random(seed, `creator:${k}`);
  const word = r.pick(USERNAME_WORDS);
  const noun = r.pick(USERNAME_NOUNS);
  const username = `${word}${r.chance(0.3) ? '_' : ''}${noun}${k}`.slice(0, 20);
  const display = r.chance(0.5) ? `${capitalize(word)} ${capitalize(noun)}` : capitalize(`${word}${noun}`);
  const id = new Random(seed, `creator-id:${k}`).uuid();
  const created = new Date(nowMs - Math.floor((YEAR_DAYS + 200) * DAY_MS * r.next()));
  return {
    user_id: id,
    username,
    display_name: display.slice(0, 20),
    avatar_url: avatarUrl(display, id.slice(0, 8)),
    created_at: created,
  };
}

/** Up to 12 of the wanted tags the application offers (never the excluded ones), at least two when it has them. */
export function pickTags(r: Random, app: { tagSet: Set<string>; tagOptions: string[] }, wanted: string[], nsfw: boolean): string[] {
  const allowed = (t: string) => app.tagSet.has(t) && !NEVER_TAGS.has(t) && !(nsfw && NEVER_NSFW_TAGS.has(t));
  const tags = [...new Set(wanted)].filter(allowed);
  const fallback = app.tagOptions.filter((t) => allowed(t) && !tags.includes(t));
  while (tags.length < 2 && fallback.length > 0) {
    const i = Math.floor(r.next() * fallback.length);
    tags.push(fallback.splice(i, 1)[0] as string);
  }
  return tags.slice(0, 12);
}

/** When an item was created and last updated, within the year before now. */
export function itemDates(r: Random, nowMs: number) {
  // A growing catalog: a third spread evenly over the year, the rest skewed towards recent months.
  const ageDays = YEAR_DAYS * (r.chance(0.35) ? r.next() : 1 - Math.sqrt(r.next()));
  const created = new Date(nowMs - Math.floor(ageDays * DAY_MS));
  const updated = r.chance(0.5) ? new Date(created.getTime() + Math.floor((nowMs - created.getTime()) * r.next() ** 2)) : created;
  return { ageDays, created, updated };
}
