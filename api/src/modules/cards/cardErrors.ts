import { type CHARACTER_CARD_IMPORT_ERRORS } from '@fable/contracts';
import { CARD_CAPS } from './cardCaps';

type PngCardErrorCode = (typeof CHARACTER_CARD_IMPORT_ERRORS)[number];

const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * The six PNG card import errors of document 1 §5 ("no text fields, no chara field, bad base64, invalid header,
 * bad CRC, missing header chunks"). The spec names them and gives no text: every message here is ours.
 */
export const PNG_CARD_ERROR_MESSAGES = {
  no_text_fields: 'This PNG has no text fields, so it carries no character card.',
  no_chara_field: 'This PNG has text fields but no character card in them (no chara or ccv3 field).',
  bad_base64: 'The character card in this PNG is damaged: its chara or ccv3 field is not valid base64.',
  invalid_header: 'This file is not a PNG image: its header is invalid.',
  bad_crc: "This PNG is damaged: a chunk's checksum (CRC) does not match its content.",
  missing_header_chunks: 'This PNG is incomplete: its IHDR or IEND chunk is missing (the file may have been cut off).',
} as const satisfies Record<PngCardErrorCode, string>;

/** Every other way a card file can be refused (ours: the spec shows none of these). */
export const OTHER_CARD_ERROR_MESSAGES = {
  file_too_large: `This file is too large: a character card must be smaller than ${MB(CARD_CAPS.maxInputBytes)}.`,
  empty_file: 'This file is empty.',
  unsupported_format: 'This file is not a character card. Import a PNG, JSON or CHARX card.',
  png_chunk_too_large: `This PNG is damaged: one of its chunks claims to be larger than a card can be (${MB(CARD_CAPS.maxInputBytes)}).`,
  png_too_many_chunks: `This PNG is damaged: it has more than ${CARD_CAPS.pngMaxChunks.toLocaleString('en-US')} chunks, far more than an image has.`,
  invalid_text: 'The character card could not be read: its text is not valid UTF-8.',
  invalid_json: 'The character card could not be read: its data is not valid JSON.',
  nested_too_deeply: 'The character card could not be read: its data is nested too deeply.',
  not_a_card: 'This file holds no character card or lorebook.',
  invalid_card: 'The character card is not valid: its data is not an object.',
  charx_invalid: 'This CHARX file is damaged: it is not a valid zip archive.',
  charx_too_many_entries: `This CHARX file holds too many files (more than ${CARD_CAPS.charxMaxEntries}).`,
  charx_too_large: `This CHARX file unpacks to more than ${MB(CARD_CAPS.charxMaxUnpackedBytes)}, more than a card can hold.`,
  charx_unsafe_path: 'This CHARX file contains a file with an unsafe name (an absolute path or one going up with "..").',
  charx_encrypted: 'This CHARX file is encrypted. Import an unencrypted one.',
  charx_no_card: 'This CHARX file has no card.json at its root.',
  unreadable: 'This character card could not be read.',
} as const;

export const CARD_ERROR_MESSAGES = { ...PNG_CARD_ERROR_MESSAGES, ...OTHER_CARD_ERROR_MESSAGES } as const;

export type CardErrorCode = keyof typeof CARD_ERROR_MESSAGES;

/** A refused card: a stable code, a message for the creator, and the HTTP status a route should answer with. */
export interface CardError {
  code: CardErrorCode;
  message: string;
  status: 400 | 413;
}

export function cardError(code: CardErrorCode): CardError {
  return { code, message: CARD_ERROR_MESSAGES[code], status: code === 'file_too_large' ? 413 : 400 };
}

/** Thrown inside the module to stop at the first refusal; importCard turns it into its result, never lets it out. */
export class CardFailure extends Error {
  override name = 'CardFailure';
  constructor(readonly code: CardErrorCode) {
    super(CARD_ERROR_MESSAGES[code]);
  }
}
