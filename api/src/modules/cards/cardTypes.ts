import { z } from 'zod';
import { isSafeEntryPath } from './cardAssets';
import { CARD_CAPS } from './cardCaps';

/**
 * Character card shapes as the published specifications define them: V1 (TavernAI), V2 (`chara_card_v2`,
 * malfoyslastname/character-card-spec-v2) and V3 (`chara_card_v3`, kwaroran/character-card-spec-v3), the
 * character book and the standalone `lorebook_v3`. Every object is loose: keys the specifications do not name
 * are kept ("Character editors MUST NOT destroy unknown key-value pairs"). Import reads cards leniently
 * (readCard.ts) and these schemas describe what a valid card is: exports are checked against them in tests.
 */

const Extensions = z.record(z.string(), z.unknown());

/** A character book entry (V2); V3 adds `use_regex` (required) and allows a string `id`. */
export const CharacterBookEntryV2Schema = z.looseObject({
  keys: z.array(z.string()),
  content: z.string(),
  extensions: Extensions,
  enabled: z.boolean(),
  insertion_order: z.number(),
  case_sensitive: z.boolean().optional(),
  name: z.string().optional(),
  priority: z.number().optional(),
  id: z.number().optional(),
  comment: z.string().optional(),
  selective: z.boolean().optional(),
  secondary_keys: z.array(z.string()).optional(),
  constant: z.boolean().optional(),
  position: z.enum(['before_char', 'after_char']).optional(),
});

export const LorebookEntryV3Schema = CharacterBookEntryV2Schema.extend({
  use_regex: z.boolean(),
  id: z.union([z.number(), z.string()]).optional(),
});
export type LorebookEntryV3 = z.infer<typeof LorebookEntryV3Schema>;

const bookFields = {
  name: z.string().optional(),
  description: z.string().optional(),
  scan_depth: z.number().optional(),
  token_budget: z.number().optional(),
  recursive_scanning: z.boolean().optional(),
  extensions: Extensions,
};

export const CharacterBookV2Schema = z.looseObject({ ...bookFields, entries: z.array(CharacterBookEntryV2Schema) });
export const LorebookV3Schema = z.looseObject({ ...bookFields, entries: z.array(LorebookEntryV3Schema) });
export type LorebookV3 = z.infer<typeof LorebookV3Schema>;

/** A standalone lorebook file (V3 "Lorebook alone"). */
export const LorebookV3FileSchema = z.looseObject({ spec: z.literal('lorebook_v3'), data: LorebookV3Schema });

/** V1: six text fields at the top level. */
export const CardV1Schema = z.looseObject({
  name: z.string(),
  description: z.string(),
  personality: z.string(),
  scenario: z.string(),
  first_mes: z.string(),
  mes_example: z.string(),
});

export const CardV2DataSchema = CardV1Schema.extend({
  creator_notes: z.string(),
  system_prompt: z.string(),
  post_history_instructions: z.string(),
  alternate_greetings: z.array(z.string()),
  character_book: CharacterBookV2Schema.optional(),
  tags: z.array(z.string()),
  creator: z.string(),
  character_version: z.string(),
  extensions: Extensions,
});
export type CardV2Data = z.infer<typeof CardV2DataSchema>;

export const CardV2Schema = z.looseObject({
  spec: z.literal('chara_card_v2'),
  spec_version: z.literal('2.0'),
  data: CardV2DataSchema,
});

/** A V3 asset: `uri` is an http(s) URL, a data URL, `embeded://path`, `__asset:path` (PNG) or `ccdefault:`. */
export const CardAssetSchema = z.looseObject({
  type: z.string(),
  uri: z.string(),
  name: z.string(),
  ext: z.string(),
});
export type CardAsset = z.infer<typeof CardAssetSchema>;

export const CardV3DataSchema = CardV2DataSchema.extend({
  character_book: LorebookV3Schema.optional(),
  assets: z.array(CardAssetSchema).optional(),
  nickname: z.string().optional(),
  creator_notes_multilingual: z.record(z.string(), z.string()).optional(),
  source: z.array(z.string()).optional(),
  group_only_greetings: z.array(z.string()),
  creation_date: z.number().optional(),
  modification_date: z.number().optional(),
});
export type CardV3Data = z.infer<typeof CardV3DataSchema>;

export const CardV3Schema = z.looseObject({
  spec: z.literal('chara_card_v3'),
  spec_version: z.string(),
  data: CardV3DataSchema,
});

export type CardSpec = 'chara_card_v1' | 'chara_card_v2' | 'chara_card_v3';
export type CardContainer = 'png' | 'json' | 'charx';

/**
 * A reference to an embedded file kept with a chatbot: the file's path in the card, the SHA-256 of its bytes
 * (lower-case hex: the file is stored under it, content-addressed), its size and its type.
 */
export const CardFileRefSchema = z.object({
  path: z.string().refine(isSafeEntryPath, { error: 'must be a relative path inside the card (no "..", no leading "/")' }),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'must be the SHA-256 of the file, 64 lower-case hex characters' }),
  bytes: z.number().int().min(0).max(CARD_CAPS.keptFilesMaxBytes),
  content_type: z.string().regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/, { error: 'must be a MIME type' }).max(127),
});
export type CardFileRef = z.infer<typeof CardFileRefSchema>;

/** The embedded files of a chatbot: at most CARD_CAPS.keptFilesMax, CARD_CAPS.keptFilesMaxBytes in all, one per path. */
export const CardFileRefsSchema = z
  .array(CardFileRefSchema)
  .max(CARD_CAPS.keptFilesMax, { error: `at most ${CARD_CAPS.keptFilesMax} files` })
  .refine((refs) => refs.reduce((sum, ref) => sum + ref.bytes, 0) <= CARD_CAPS.keptFilesMaxBytes, {
    error: `at most ${CARD_CAPS.keptFilesMaxBytes / 1024 / 1024} MB of files in all`,
  })
  .refine((refs) => new Set(refs.map((ref) => ref.path)).size === refs.length, { error: 'one file per path' });

/**
 * What a chatbot keeps of an imported card besides its own fields, so that an export writes it back
 * (JSON-safe: it can be stored as it is).
 */
export const CardExtrasSchema = z.object({
  version: z.literal(1),
  /** Where the card came from; null for a chatbot made in Fable. */
  source: z
    .object({
      container: z.enum(['png', 'json', 'charx']),
      spec: z.enum(['chara_card_v1', 'chara_card_v2', 'chara_card_v3']),
      spec_version: z.string().optional(),
    })
    .nullable(),
  /**
   * The card's `data` (V3 names) less the fields mapped onto the chatbot (name, description, first_mes,
   * mes_example, scenario, tags): personality, creator_notes, system_prompt, post_history_instructions,
   * alternate_greetings, group_only_greetings, nickname, creator, character_version, `extensions` with every
   * unknown key, character_book with every entry's extensions, assets, dates, and keys no specification names.
   * The main icon's asset, when there is one, has the uri `ccdefault:`: it stands for the chatbot's avatar.
   */
  data: z.record(z.string(), z.unknown()),
  /** Keys at the card's top level besides spec, spec_version, data and the V1 fields (TavernAI's avatar, chat, create_date …). */
  legacy: z.record(z.string(), z.unknown()),
  /**
   * The card's embedded files (CHARX entries besides card.json and the main icon, PNG asset chunks), stored apart
   * (binary) and referenced here; an export writes them back at their paths. Absent when the card had none.
   */
  files: CardFileRefsSchema.optional(),
  /**
   * The card's own values of the fields an import changed to fit the chatbot (cut to our limits, links removed,
   * trimmed, tags past the limit, a scenario too short to keep; a `title` field, which the chatbot keeps as its
   * title), by the card's key (name, description, first_mes, scenario, mes_example, tags, title):
   * `{ stored, original }` (fittedValues.ts). An export writes the original while the chatbot's field still holds
   * the stored value; the chatbot shows the stored one. Absent when nothing was changed.
   */
  fitted: z.record(z.string(), z.object({ stored: z.unknown(), original: z.unknown().optional() })).optional(),
});
export type CardExtras = z.infer<typeof CardExtrasSchema>;

/** Extras of a chatbot that never came from a card. */
export function emptyCardExtras(): CardExtras {
  return { version: 1, source: null, data: {}, legacy: {} };
}

/**
 * A file embedded in a card besides the card itself and its main icon: a CHARX entry (assets as
 * `embeded://path`, application files at the root) or a PNG `chara-ext-asset_:path` chunk. Binary, so kept
 * apart from the JSON extras (stored like an avatar, not in a JSON column).
 */
export interface CardFile {
  path: string;
  bytes: Uint8Array;
}

/** The chatbot fields a card maps onto (document 1 §3): persona is the card's description, dialogue its mes_example. */
export interface CardCharacter {
  name: string;
  title: string;
  persona: string;
  greeting: string;
  scenario?: string;
  dialogue?: string;
  tags: string[];
}

export type CardCharacterField = keyof CardCharacter;
