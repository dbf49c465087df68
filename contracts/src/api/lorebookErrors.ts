import { ERROR_CATALOGUE, ERROR_CODES } from '../errors/errorCodes';
import { LOREBOOK_LIMITS, LOREBOOK_MESSAGES } from '../limits/lorebookLimits';

/**
 * The errors of the lorebook calls (lorebookCalls), by `error.code`. not_owner and restricted are the spec's (the
 * chatbot authoring answers them the same way); the spec shows no code or text for the others: ours. A form's
 * field rules answer 400 validation_error with the form's verbatim messages in `details.issues`.
 */
export const LOREBOOK_ERROR_CODES = {
  /** Someone else's lorebook (admins included): anyone may read it, only its creator changes it. */
  NOT_OWNER: ERROR_CODES.NOT_OWNER,
  /** No create_character permission (restriction_limited): "Restricted!" as for chatbots. */
  RESTRICTED: ERROR_CODES.RESTRICTED,
  NOT_FOUND: 'lorebook_not_found',
  ENTRY_NOT_FOUND: 'lorebook_entry_not_found',
  /** A create of an entry in a lorebook that holds 100 already. */
  FULL: 'lorebook_full',
  /** A delete of a lorebook's only entry. */
  LAST_ENTRY: 'lorebook_last_entry',
  /** An attach to a chatbot that uses LOREBOOK_LIMITS.perChatbotMax lorebooks already. */
  CHATBOT_LOREBOOK_LIMIT: 'chatbot_lorebook_limit',
  /** An entry's kept extensions (an imported entry's other fields) larger than LOREBOOK_LIMITS.entryExtensionsMaxBytes. */
  EXTENSIONS_TOO_LARGE: 'lorebook_extensions_too_large',
  USERNAME_REQUIRED: 'username_required',
} as const;

export type LorebookErrorCode = (typeof LOREBOOK_ERROR_CODES)[keyof typeof LOREBOOK_ERROR_CODES];

export const LOREBOOK_ERRORS = {
  [LOREBOOK_ERROR_CODES.NOT_OWNER]: { status: 403, message: ERROR_CATALOGUE[ERROR_CODES.NOT_OWNER].message },
  [LOREBOOK_ERROR_CODES.RESTRICTED]: { status: 403, message: ERROR_CATALOGUE[ERROR_CODES.RESTRICTED].message },
  [LOREBOOK_ERROR_CODES.NOT_FOUND]: { status: 404, message: 'This lorebook does not exist.' },
  [LOREBOOK_ERROR_CODES.ENTRY_NOT_FOUND]: { status: 404, message: 'This entry does not exist.' },
  [LOREBOOK_ERROR_CODES.FULL]: { status: 409, message: LOREBOOK_MESSAGES.entriesMax },
  [LOREBOOK_ERROR_CODES.LAST_ENTRY]: {
    status: 409,
    message: 'A lorebook needs at least 1 entry: add another entry before deleting this one.',
  },
  [LOREBOOK_ERROR_CODES.CHATBOT_LOREBOOK_LIMIT]: {
    status: 409,
    message: `A chatbot can use at most ${LOREBOOK_LIMITS.perChatbotMax} lorebooks. Remove one before adding another.`,
  },
  [LOREBOOK_ERROR_CODES.EXTENSIONS_TOO_LARGE]: {
    status: 400,
    message: `An entry can keep at most ${LOREBOOK_LIMITS.entryExtensionsMaxBytes / 1024} KB of imported data.`,
  },
  [LOREBOOK_ERROR_CODES.USERNAME_REQUIRED]: { status: 403, message: 'Choose a username before creating a lorebook.' },
} as const satisfies Record<LorebookErrorCode, { status: number; message: string }>;
