import { FieldNotes, readNumber, readObject, readText, readTextList } from './cardFields';
import { isPlainObject } from './cardJson';
import { CardFailure } from './cardErrors';
import { readCharacterBook } from './characterBook';
import { type CardSpec, type LorebookV3 } from './cardTypes';
import { isWorldInfo, worldInfoToLorebook } from './worldInfo';

/**
 * A parsed card JSON told apart and read leniently: V3 (`spec: "chara_card_v3"`), V2 (`"chara_card_v2"`), V1
 * (flat fields, also the Pygmalion names char_name, char_persona, …), a standalone `lorebook_v3`, a SillyTavern
 * World Info file or a bare character book. The card's `data` comes out with the V2/V3 field names and types
 * (missing, null or mistyped fields noted as warnings, never a refusal); keys no specification names are kept.
 */

export type ReadCardResult =
  | {
      kind: 'character';
      spec: CardSpec;
      specVersion?: string;
      /** The card's data with V3 field names. */
      data: Record<string, unknown>;
      /** Top-level keys besides spec, spec_version, data and the V1 fields. */
      legacy: Record<string, unknown>;
    }
  | { kind: 'lorebook'; lorebook: LorebookV3 };

/** The V1 fields (V1 specification), kept at the top level of V2 cards as well. */
export const V1_FIELDS = ['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example'] as const;

/** Pygmalion-era V1 names → V1 specification names (document 1 §3 maps "name/char_name"). */
const V1_ALIASES: Record<string, (typeof V1_FIELDS)[number]> = {
  char_name: 'name',
  char_persona: 'description',
  world_scenario: 'scenario',
  char_greeting: 'first_mes',
  example_dialogue: 'mes_example',
};

const V2_TEXTS = ['creator_notes', 'system_prompt', 'post_history_instructions', 'creator', 'character_version'] as const;

/**
 * The note the V3 specification asks a V2 backfill (`chara` beside `ccv3`) to put in `creator_notes`, which
 * "SHOULD be trimmed on import".
 */
export const V3_BACKFILL_NOTE =
  'This character card is Character Card V3, but it is loaded as a Character Card V2. Please use a Character Card V3 compatible application to use this character card properly.';

const hasV1Field = (obj: Record<string, unknown>) =>
  [...V1_FIELDS, ...Object.keys(V1_ALIASES)].some((key) => typeof obj[key] === 'string');

export function readCard(value: unknown, fileName: string | undefined, warnings: string[]): ReadCardResult {
  if (!isPlainObject(value)) throw new CardFailure('not_a_card');
  const { spec } = value;

  if (spec === 'lorebook_v3') {
    if (!isPlainObject(value.data)) throw new CardFailure('invalid_card');
    return { kind: 'lorebook', lorebook: readCharacterBook(value.data, warnings, 'The lorebook') };
  }
  if (spec === 'chara_card_v3' || spec === 'chara_card_v2') return readSpecCard(value, spec, warnings);
  if (typeof spec === 'string' && isPlainObject(value.data) && hasV1Field(value.data)) {
    warnings.push(`The card names an unknown format ("${spec.slice(0, 40)}"); it was read as a V2 card.`);
    return readSpecCard(value, 'chara_card_v2', warnings);
  }
  if (!hasV1Field(value)) {
    if (isWorldInfo(value)) return { kind: 'lorebook', lorebook: worldInfoToLorebook(value, fileName, warnings) };
    if (Array.isArray(value.entries)) return { kind: 'lorebook', lorebook: readCharacterBook(value, warnings, 'The lorebook') };
    if (isPlainObject(value.data) && hasV1Field(value.data)) {
      warnings.push('The card does not say which format it is (no "spec"); it was read as a V2 card.');
      return readSpecCard(value, 'chara_card_v2', warnings);
    }
    throw new CardFailure('not_a_card');
  }
  return readV1(value, warnings);
}

function legacyOf(card: Record<string, unknown>, more: readonly string[] = []): Record<string, unknown> {
  const skip = new Set<string>(['spec', 'spec_version', 'data', ...V1_FIELDS, ...more]);
  return Object.fromEntries(Object.entries(card).filter(([key]) => !skip.has(key)));
}

function readV1(card: Record<string, unknown>, warnings: string[]): ReadCardResult {
  const data: Record<string, unknown> = {};
  for (const key of V1_FIELDS) if (card[key] !== undefined) data[key] = card[key];
  for (const [alias, key] of Object.entries(V1_ALIASES)) {
    if ((data[key] === undefined || data[key] === '') && typeof card[alias] === 'string') data[key] = card[alias];
  }
  // Some V1 writers add tags at the top level.
  if (card.tags !== undefined) data.tags = card.tags;
  const notes = new FieldNotes();
  for (const key of V1_FIELDS) readText(data, key, notes, false);
  readTextList(data, 'tags', notes, false, true);
  warnings.push(...notes.warnings());
  return { kind: 'character', spec: 'chara_card_v1', data, legacy: legacyOf(card, [...Object.keys(V1_ALIASES), 'tags']) };
}

function readSpecCard(card: Record<string, unknown>, spec: 'chara_card_v2' | 'chara_card_v3', warnings: string[]): ReadCardResult {
  const specVersion = typeof card.spec_version === 'string' ? card.spec_version : typeof card.spec_version === 'number' ? String(card.spec_version) : undefined;
  if (!isPlainObject(card.data)) {
    if (!hasV1Field(card)) throw new CardFailure('invalid_card');
    warnings.push('The card has no "data" object; its top-level fields were read as a V1 card.');
    return readV1(card, warnings);
  }
  if (spec === 'chara_card_v3' && specVersion !== undefined && Number.parseFloat(specVersion) > 3) {
    warnings.push(`The card was made with a newer version of the card format (${specVersion.slice(0, 20)}); features added after 3.0 may not come across.`);
  }
  const data = card.data;
  // Legacy copies at the top level fill fields missing from data (data wins when both exist).
  for (const key of V1_FIELDS) {
    if (data[key] === undefined && typeof card[key] === 'string') data[key] = card[key];
  }
  const notes = new FieldNotes();
  for (const key of V1_FIELDS) readText(data, key, notes, false);
  for (const key of V2_TEXTS) readText(data, key, notes, true);
  readText(data, 'nickname', notes, false);
  readTextList(data, 'alternate_greetings', notes, true);
  readTextList(data, 'tags', notes, true, true);
  readObject(data, 'extensions', notes, true);
  if (spec === 'chara_card_v3') {
    readTextList(data, 'group_only_greetings', notes, true);
    readTextList(data, 'source', notes, false);
    readNumber(data, 'creation_date', notes);
    readNumber(data, 'modification_date', notes);
    readMultilingualNotes(data, notes);
    readAssets(data, warnings);
  }
  if (typeof data.creator_notes === 'string' && data.creator_notes.startsWith(V3_BACKFILL_NOTE)) {
    data.creator_notes = data.creator_notes.slice(V3_BACKFILL_NOTE.length).replace(/^\s+/, '');
  }
  if (data.character_book === null) {
    delete data.character_book;
    warnings.push('The card\'s character book was empty (null) and was left out.');
  } else if (isPlainObject(data.character_book)) {
    data.character_book = readCharacterBook(data.character_book, warnings);
  } else if (data.character_book !== undefined) {
    delete data.character_book;
    notes.dropped.push('character_book');
  }
  warnings.push(...notes.warnings());
  return { kind: 'character', spec, specVersion, data, legacy: legacyOf(card) };
}

function readMultilingualNotes(data: Record<string, unknown>, notes: FieldNotes): void {
  const value = data.creator_notes_multilingual;
  if (value === undefined) return;
  if (!isPlainObject(value)) {
    delete data.creator_notes_multilingual;
    (value === null ? notes.missing : notes.dropped).push('creator_notes_multilingual');
    return;
  }
  const texts = Object.entries(value).filter(([, text]) => typeof text === 'string');
  if (texts.length !== Object.keys(value).length) notes.dropped.push('creator_notes_multilingual');
  data.creator_notes_multilingual = Object.fromEntries(texts);
}

function readAssets(data: Record<string, unknown>, warnings: string[]): void {
  const value = data.assets;
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    delete data.assets;
    warnings.push(value === null ? 'The card\'s asset list was empty (null) and was left out.' : 'The card\'s asset list could not be read and was left out.');
    return;
  }
  const assets = value.filter(
    (asset): asset is Record<string, unknown> =>
      isPlainObject(asset) && typeof asset.type === 'string' && typeof asset.uri === 'string',
  );
  for (const asset of assets) {
    if (typeof asset.name !== 'string') asset.name = '';
    if (typeof asset.ext !== 'string') asset.ext = 'unknown';
  }
  if (assets.length !== value.length) {
    const n = value.length - assets.length;
    warnings.push(`${n} of the card's assets ${n === 1 ? 'was' : 'were'} not readable and left out.`);
  }
  data.assets = assets;
}
