import { z } from 'zod';
import { CountSchema } from '../entities/common';
import { defineCall } from './apiCall';
import { CharacterIdParamsSchema } from './discovery';

/**
 * Character card import and export (issue 13; document 1 §3 "Character card import/export uses a PNG text field
 * named chara holding base64 JSON; also JSON cards", §5 the PNG import errors). The paths are ours (the spec shows
 * none).
 *
 * Import (POST /characters/import, members): the body is the file itself, sent as it is (not JSON-wrapped, not
 * multipart) with one of CARD_IMPORT_CONTENT_TYPES (application/octet-stream when the browser knows no type, as
 * for .charx files); the file's name may come as `?filename=`. Nothing is created: the answer is what the chatbot
 * form prefills, the card's other data as `card_extras` to send with the create or update call, the warnings and
 * cuts to show, and the avatar to upload. Files of CARD_IMPORT_MAX_BYTES or more are refused with 413.
 *
 * Export (GET /characters/:characterId/export?format=png|json|charx, guests and members): the saved chatbot as a
 * file (an attachment), for its creator, or for anyone when it is public and its definition is visible.
 */

/** Files of this many bytes or more are refused (413 file_too_large). */
export const CARD_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The Content-Type values the import call accepts (the file's bytes decide how it is read, not the type). */
export const CARD_IMPORT_CONTENT_TYPES = [
  'image/png',
  'application/json',
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
] as const;

export const CardImportQuerySchema = z.object({
  /** The file's name (e.g. "Seraphina.charx"): it helps with files that do not say what they are, and names a World Info lorebook. */
  filename: z.string().max(255).optional(),
});
export type CardImportQuery = z.input<typeof CardImportQuerySchema>;

/** The chatbot fields a card fills (persona ← description, greeting ← first_mes, dialogue ← mes_example); null when the card has none. */
export const CardCharacterFieldsSchema = z.object({
  name: z.string(),
  title: z.string(),
  persona: z.string(),
  greeting: z.string(),
  scenario: z.string().nullable(),
  dialogue: z.string().nullable(),
  tags: z.array(z.string()),
});
export type CardCharacterFields = z.infer<typeof CardCharacterFieldsSchema>;

export const CARD_CHARACTER_FIELDS = ['name', 'title', 'persona', 'greeting', 'scenario', 'dialogue', 'tags'] as const;

/** A field cut to our limits: its length in the card (characters; tags: how many) and what was kept. */
export const CardCutSchema = z.object({
  field: z.enum(CARD_CHARACTER_FIELDS),
  from: CountSchema,
  to: CountSchema,
});
export type CardCut = z.infer<typeof CardCutSchema>;

/**
 * Part of the card's other data left out of `card_extras` (which a chatbot keeps up to CARD_EXTRAS_MAX_BYTES, and
 * nested at most as deep as a save accepts): where it was (`data.character_book`, `legacy.chat`) and its size in
 * bytes of JSON. A warning says the same in words.
 */
export const CardDroppedSchema = z.object({
  path: z.string(),
  bytes: CountSchema,
  reason: z.enum(['too_large', 'nested_too_deeply']),
});
export type CardDropped = z.infer<typeof CardDroppedSchema>;

export const CARD_AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;

/** The avatar a card carries: the PNG card's own image (card data taken out) or the CHARX main icon. */
export const CardAvatarSchema = z.object({
  content_type: z.enum(CARD_AVATAR_CONTENT_TYPES),
  data_base64: z.string(),
});
export type CardAvatar = z.infer<typeof CardAvatarSchema>;

/** A character card, ready for the chatbot form. */
export const CharacterCardImportSchema = z.object({
  kind: z.literal('character'),
  character: CardCharacterFieldsSchema,
  /** Send as the chatbot's card_extras (create or update): the export writes it back into the card. At most CARD_EXTRAS_MAX_BYTES. */
  card_extras: z.record(z.string(), z.unknown()),
  /** For the creator to read: what was missing, converted, left out or needs fixing before saving. */
  warnings: z.array(z.string()),
  /** Fields cut to our limits. */
  cut: z.array(CardCutSchema),
  /** Parts of the card's other data that a chatbot cannot keep. */
  dropped: z.array(CardDroppedSchema),
  /** null when the card has no readable image (a JSON card, an icon on the web): choose an avatar. */
  avatar: CardAvatarSchema.nullable(),
});
export type CharacterCardImport = z.infer<typeof CharacterCardImportSchema>;

/**
 * A standalone lorebook (V3 `lorebook_v3`, or a SillyTavern World Info file read as one): the V3 lorebook object
 * (name, description, scan_depth, token_budget, recursive_scanning, extensions, entries with their keys, content,
 * order and extensions) and how many entries it has.
 */
export const LorebookCardImportSchema = z.object({
  kind: z.literal('lorebook'),
  lorebook: z.record(z.string(), z.unknown()),
  entry_count: CountSchema,
  warnings: z.array(z.string()),
});
export type LorebookCardImport = z.infer<typeof LorebookCardImportSchema>;

export const CardImportResultSchema = z.discriminatedUnion('kind', [CharacterCardImportSchema, LorebookCardImportSchema]);
export type CardImportResult = z.infer<typeof CardImportResultSchema>;

export const CARD_EXPORT_FORMATS = ['png', 'json', 'charx'] as const;
export type CardExportFormat = (typeof CARD_EXPORT_FORMATS)[number];

/** The Content-Type of each export (a CHARX is a zip). */
export const CARD_EXPORT_CONTENT_TYPES: Record<CardExportFormat, string> = {
  png: 'image/png',
  json: 'application/json; charset=utf-8',
  charx: 'application/zip',
};

export const CardExportQuerySchema = z.object({
  format: z.enum(CARD_EXPORT_FORMATS).default('png'),
});
export type CardExportQuery = z.input<typeof CardExportQuerySchema>;

/**
 * The errors of the card calls, by `error.code` (ours: the spec names only the six PNG import errors, without
 * texts). An import refusal answers 400 (413 for file_too_large) with the card reader's code and message
 * (no_text_fields, no_chara_field, bad_base64, invalid_header, bad_crc, missing_header_chunks, empty_file,
 * unsupported_format, invalid_json, not_a_card, charx_* …) or one of these.
 */
export const CARD_CALL_ERRORS = {
  /** 400: the card holds NUL characters or broken Unicode, which no chatbot can store. */
  card_unsafe_text: {
    status: 400,
    message: 'This character card contains characters that cannot be saved (a NUL character or broken Unicode).',
  },
  /** 415: a Content-Type other than CARD_IMPORT_CONTENT_TYPES. */
  unsupported_media_type: {
    status: 415,
    message: 'Send the card file as it is, with the type image/png, application/json, application/zip or application/octet-stream.',
  },
  /** 429: more imports of one member at once than CARD_IMPORTS_AT_ONCE. */
  card_imports_busy: { status: 429, message: 'Your other card imports are still being read. Try again in a moment.' },
  /** 403: someone else's chatbot whose definition is hidden (or that is not public). */
  definition_hidden: { status: 403, message: 'The creator of this chatbot keeps its definition hidden, so it cannot be exported.' },
  /** 403: someone else's chatbot that moderation withdrew (fix required, manual review). */
  character_withdrawn: { status: 403, message: 'This chatbot is withdrawn for review, so it cannot be exported now.' },
} as const;
export type CardCallErrorCode = keyof typeof CARD_CALL_ERRORS;

/** Imports one member may have running at once (each reads up to 10 MB). */
export const CARD_IMPORTS_AT_ONCE = 2;

export const cardCalls = {
  /** Read a card file (the raw bytes as the body) into what the chatbot form needs; creates nothing. Members only. */
  importCard: defineCall({
    method: 'POST',
    path: '/characters/import',
    access: 'member',
    query: CardImportQuerySchema,
    response: CardImportResultSchema,
  }),
  /**
   * The saved chatbot as a card file (PNG with chara V2 and ccv3 V3 chunks, V3 JSON, or CHARX), answered as an
   * attachment: its creator, or anyone (guests too) when it is public with its definition visible. Others' private
   * chatbots and unknown ids: 404; hidden definitions: 403 definition_hidden.
   */
  exportCard: defineCall({
    method: 'GET',
    path: '/characters/:characterId/export',
    access: 'guest',
    params: CharacterIdParamsSchema,
    query: CardExportQuerySchema,
  }),
} as const;
