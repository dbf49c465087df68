import {
  ADULT_LINES,
  DISLIKES,
  GENERIC_DIALOGUES,
  LIKES,
  SPEECH_STYLES,
  TRAITS,
  type Gender,
  type Genre,
  type Role,
} from './englishFragments';
import { GENRE_BY_ID, GENRE_WEIGHTS, SEED_SHARES } from './catalogContext';
import type { LocalizedFragments } from './localizedFragments';
import { FAMILY_NAMES, GIVEN_NAMES } from './names';
import type { Random } from './random';
import { article, capitalize, clampText, fill, titleCase } from './seedText';

/**
 * The words of a seed character: its name, title, description, persona, scenario, greeting, example dialogue and
 * wanted tags, composed from the English fragments by genre, or from a language's localized fragments.
 */

const GENDER_TAGS: Record<Gender, string> = { female: 'Female', male: 'Male', nonbinary: 'Non-Binary' };
const PRONOUNS: Record<Gender, { sub: string; obj: string; pos: string; is: string; has: string }> = {
  female: { sub: 'she', obj: 'her', pos: 'her', is: 'is', has: 'has' },
  male: { sub: 'he', obj: 'him', pos: 'his', is: 'is', has: 'has' },
  nonbinary: { sub: 'they', obj: 'them', pos: 'their', is: 'are', has: 'have' },
};

export interface ComposedText {
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

export function englishText(r: Random, nsfw: boolean, age: number): ComposedText {
  const genre = GENRE_BY_ID.get(r.weighted(GENRE_WEIGHTS))!;
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

export function localizedText(r: Random, lang: LocalizedFragments, nsfw: boolean, age: number): ComposedText {
  const gender: Gender = r.chance(0.55) ? 'female' : 'male';
  const roles = lang.roles.filter((x) => !(nsfw && x.sfwOnly));
  const role = r.pick(roles);
  const form = gender === 'male' ? role.male : role.female;
  const name = r.pick(lang.names[gender]);
  const place = r.pick(lang.places);
  const values = { name, roleTitle: form.title, roleIndef: form.indef, place, age: String(age) };
  const title = clampText(fill(r.pick(lang.titles), values), 100);
  const genre = GENRE_BY_ID.get(role.genre)!;
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

/** A title in a language's words for an English character translated into it. */
export function localizedTitle(r: Random, lang: LocalizedFragments, genre: Genre['id'], gender: Gender, place?: string): string {
  const roles = lang.roles.filter((x) => x.genre === genre);
  const role = r.pick(roles.length > 0 ? roles : lang.roles);
  const form = gender === 'male' ? role.male : role.female;
  return clampText(fill(r.pick(lang.titles), { roleTitle: form.title, place: place ?? r.pick(lang.places) }), 100);
}
