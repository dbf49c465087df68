import { CHARACTER_LIMITS as L, removeLinks } from '@fable/contracts';
import { isPlainObject } from './cardJson';
import { type CardCharacter, type CardCharacterField } from './cardTypes';
import { recordFitted, type FittedValues } from './fittedValues';

/**
 * A card's data onto the chatbot's fields (document 1 §3: "Import maps name/char_name, title or personality
 * (cut to 100), greeting, description, example dialogue, scenario, and strips links from text fields"):
 * name ← name, title ← title or personality, persona ← description, greeting ← first_mes, scenario ← scenario,
 * dialogue ← mes_example, tags ← tags. Each text is trimmed, has its links removed (removeLinks of
 * @fable/contracts, the form's own link detection) and is cut to our limits; every cut is listed and every
 * gap is a warning, so the creator sees what to fix before saving.
 */

/** Where an exported chatbot keeps what no card field holds (V2: applications namespace their extension keys). */
export const FABLE_EXTENSION = 'fable';

/** A field cut to our limit: its length in the card and what was kept. */
export interface CutField {
  field: CardCharacterField;
  from: number;
  to: number;
}

export interface MappedCharacter {
  character: CardCharacter;
  cut: CutField[];
  /** The card's values of the fields that were changed to fit (CardExtras.fitted); empty when none was. */
  fitted: FittedValues;
  /** The card's data less what was mapped (and less our own extension, which an export writes anew). */
  rest: Record<string, unknown>;
}

const LABELS: Record<CardCharacterField, string> = {
  name: 'name',
  title: 'title',
  persona: 'personality',
  greeting: 'greeting',
  scenario: 'scenario',
  dialogue: 'example dialogue',
  tags: 'tags',
};

/** Card fields taken over by the chatbot (an export writes them from the chatbot). */
const MAPPED = ['name', 'description', 'first_mes', 'mes_example', 'scenario', 'tags'] as const;

/** At most `max` UTF-16 units (the unit of our limits), never splitting a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

class Mapper {
  readonly cut: CutField[] = [];
  private readonly linksRemoved: string[] = [];

  constructor(private readonly warnings: string[]) {}

  /** Trimmed, links removed, cut to `max`. */
  field(field: CardCharacterField, raw: string, max: number): string {
    const original = raw.trim();
    // Links are looked for in a bounded prefix: whatever lies past it is cut anyway.
    const bounded = cutText(original, max * 2 + 4096);
    const unlinked = removeLinks(bounded).trim();
    if (unlinked !== bounded.trim()) this.linksRemoved.push(LABELS[field]);
    const kept = cutText(unlinked, max).trimEnd();
    if (kept.length < unlinked.length || bounded.length < original.length) {
      this.cut.push({ field, from: original.length, to: kept.length });
    }
    return kept;
  }

  required(field: CardCharacterField, value: string, min: number): void {
    const label = LABELS[field];
    if (value.length === 0) this.warnings.push(`The card has no ${label}: write one before saving.`);
    else if (value.length < min) this.warnings.push(`The ${label} is shorter than ${min} characters: lengthen it before saving.`);
  }

  optional(field: 'scenario' | 'dialogue', raw: string, min: number, max: number): string | undefined {
    const value = this.field(field, raw, max);
    if (value.length <= L.optionalTextDropAtOrBelow) return undefined;
    if (value.length < min) {
      this.warnings.push(`The ${LABELS[field]} was shorter than ${min} characters and was left out.`);
      return undefined;
    }
    return value;
  }

  finish(): void {
    if (this.linksRemoved.length) this.warnings.push(`Links were removed from the ${this.linksRemoved.join(', ')}.`);
  }
}

function fableTitle(extensions: unknown): string {
  if (!isPlainObject(extensions)) return '';
  const ours = extensions[FABLE_EXTENSION];
  return isPlainObject(ours) ? text(ours.title) : '';
}

/** The title and where it came from (our extension, a `title` field, the personality, else the creator notes or description). */
function titleSource(data: Record<string, unknown>, warnings: string[]): { raw: string; fromTitleField: boolean } {
  const ours = fableTitle(data.extensions);
  if (ours) return { raw: ours, fromTitleField: false };
  if (text(data.title)) return { raw: text(data.title), fromTitleField: true };
  if (text(data.personality)) return { raw: text(data.personality), fromTitleField: false };
  const notes = text(data.creator_notes).split('\n')[0]?.trim() ?? '';
  if (notes) {
    warnings.push("The card has no personality summary to use as the title: the creator's notes were used. Check the title.");
    return { raw: notes, fromTitleField: false };
  }
  const description = text(data.description).split('\n')[0]?.trim() ?? '';
  if (description) {
    warnings.push('The card has no personality summary to use as the title: the start of the description was used. Check the title.');
    return { raw: description, fromTitleField: false };
  }
  return { raw: '', fromTitleField: false };
}

function mapTags(raw: unknown, mapper: Mapper, warnings: string[]): string[] {
  const list = Array.isArray(raw) ? raw.filter((tag): tag is string => typeof tag === 'string') : [];
  const seen = new Set<string>();
  const tags: string[] = [];
  let tooLong = 0;
  for (const tag of list) {
    const clean = removeLinks(tag).trim();
    if (clean.length === 0 || seen.has(clean.toLowerCase())) continue;
    if (clean.length > 50) {
      tooLong++;
      continue;
    }
    seen.add(clean.toLowerCase());
    tags.push(clean);
  }
  if (tooLong) warnings.push(`${tooLong} of the card's tags ${tooLong === 1 ? 'was' : 'were'} longer than 50 characters and left out.`);
  if (tags.length > L.tagsMax) mapper.cut.push({ field: 'tags', from: tags.length, to: L.tagsMax });
  const kept = tags.slice(0, L.tagsMax);
  if (kept.length < L.tagsMin) warnings.push(`Add at least ${L.tagsMin} tags before making the chatbot public.`);
  return kept;
}

export function mapCharacter(data: Record<string, unknown>, warnings: string[]): MappedCharacter {
  const mapper = new Mapper(warnings);
  const name = mapper.field('name', text(data.name), L.nameMax);
  mapper.required('name', name, L.nameMin);

  const source = titleSource(data, warnings);
  const title = mapper.field('title', source.raw, L.importTitleCut);
  mapper.required('title', title, L.titleMin);

  let personaRaw = text(data.description);
  if (!personaRaw && text(data.personality)) {
    personaRaw = text(data.personality);
    warnings.push("The card has no description: its personality summary was used as the chatbot's personality.");
  }
  const persona = mapper.field('persona', personaRaw, L.personalityMax);
  mapper.required('persona', persona, L.personalityMin);

  const greeting = mapper.field('greeting', text(data.first_mes), L.greetingMax);
  mapper.required('greeting', greeting, L.greetingMin);

  const scenario = mapper.optional('scenario', text(data.scenario), L.scenarioMin, L.scenarioMax);
  const dialogue = mapper.optional('dialogue', text(data.mes_example), L.dialogueMin, L.dialogueMax);
  const tags = mapTags(data.tags, mapper, warnings);
  mapper.finish();

  const skip = new Set<string>(MAPPED);
  if (source.fromTitleField) skip.add('title');
  const rest = Object.fromEntries(Object.entries(data).filter(([key]) => !skip.has(key)));
  if (isPlainObject(rest.extensions) && FABLE_EXTENSION in rest.extensions) {
    rest.extensions = Object.fromEntries(Object.entries(rest.extensions).filter(([key]) => key !== FABLE_EXTENSION));
  }

  const character: CardCharacter = { name, title, persona, greeting, tags };
  if (scenario !== undefined) character.scenario = scenario;
  if (dialogue !== undefined) character.dialogue = dialogue;
  const fitted: FittedValues = {};
  for (const [key, current] of Object.entries(CARD_FIELD_VALUES)) {
    // A card's `title` field leaves the card's data for the chatbot's title: kept here so that it goes back.
    if (key === 'title' ? source.fromTitleField : data[key] !== undefined) recordFitted(fitted, key, data[key], current(character), key === 'title');
  }
  return { character, cut: mapper.cut, fitted, rest };
}

/**
 * The card fields a chatbot's field is written to, each with the value an export writes from the chatbot (the
 * `stored` value of CardExtras.fitted): an export writes the card's original instead while they are equal.
 */
/** The chatbot's fields a card is written from (what an export takes of a saved chatbot). */
export interface ChatbotFields {
  name: string;
  title: string;
  persona: string;
  greeting: string;
  scenario?: string | null;
  dialogue?: string | null;
  tags: readonly string[];
}

export const CARD_FIELD_VALUES: Record<string, (character: ChatbotFields) => unknown> = {
  name: (c) => c.name,
  description: (c) => c.persona,
  first_mes: (c) => c.greeting,
  scenario: (c) => c.scenario ?? '',
  mes_example: (c) => c.dialogue ?? '',
  tags: (c) => [...c.tags],
  title: (c) => c.title,
};
