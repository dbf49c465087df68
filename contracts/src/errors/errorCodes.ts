/**
 * The error catalogue (document 1 §8, document 2 §8): machine codes the API returns in `error.code` and the
 * verbatim user messages. Numeric codes are the spec's own; string codes are named after the spec's words
 * (character_favorite_limit is the spec's own; the others are ours where the spec gives no code).
 */

/** document 1 §8: underage content (persona 4207, image 6801, character 1213, 1214, 1215). */
export const UNDERAGE_CONTENT_MESSAGE =
  'Underage Content Detected: This content is not allowed. Further attempts may lead to account suspension or termination.';
/** document 1 §8: explicit content (persona 4208, image 6802, character 1212, 1203). */
export const EXPLICIT_CONTENT_MESSAGE =
  'Explicit Content Detected: NSFW content is not allowed on the product. Please remove or revise to continue.';

export const ERROR_CODES = {
  // Content moderation (document 1 §8). Which character field 1203/1212/1213/1214/1215 refer to is not shown.
  PERSONA_UNDERAGE: 4207,
  PERSONA_EXPLICIT: 4208,
  IMAGE_UNDERAGE: 6801,
  IMAGE_EXPLICIT: 6802,
  CHARACTER_EXPLICIT_1203: 1203,
  CHARACTER_EXPLICIT_1212: 1212,
  CHARACTER_UNDERAGE_1213: 1213,
  CHARACTER_UNDERAGE_1214: 1214,
  CHARACTER_UNDERAGE_1215: 1215,

  // Chat, browse and account (document 1 §8).
  CHARACTER_FAVORITE_LIMIT: 'character_favorite_limit',
  /** The spec's "duplicated-username error code on profile update" (value not shown). */
  USERNAME_TAKEN: 'username_taken',
  CHAT_NOT_ALLOWED: 'chat_not_allowed',
  CREATOR_BLOCKED: 'creator_blocked',
  CHAT_SERVER_BUSY: 'chat_server_busy',
  /** Ours: another turn, regenerate, continue or removal holds the conversation (one writer at a time). */
  CONVERSATION_BUSY: 'conversation_busy',
  /** Ours: a guest's or free member's turn while they wait in the waiting room (document 1 §4). */
  WAITING_ROOM: 'waiting_room',
  RATE_LIMITED: 'rate_limited',
  RESTRICTED: 'restricted',
  NOT_OWNER: 'not_owner',
  INVALID_ACCOUNT: 'invalid_account',
  UNKNOWN_DOMAIN: 'unknown_domain',
  AUTH_FAILED: 'auth_failed',
  TOKEN_REFRESH_FAILED: 'token_refresh_failed',
  IMAGE_TRAINING_FAILED: 'image_training_failed',
  DELETE_CHARACTER_FAILED: 'delete_character_failed',

  // Personas (document 2 §8; document 1 §8).
  PERSONA_LIMIT: 'persona_limit',
  PERSONA_DEFAULT_DELETE: 'persona_default_delete',
  PERSONA_CREATE_FAILED: 'persona_create_failed',
  PERSONA_UPDATE_FAILED: 'persona_update_failed',
  PERSONA_DELETE_FAILED: 'persona_delete_failed',
  PERSONA_GET_FAILED: 'persona_get_failed',
  PERSONA_SET_DEFAULT_FAILED: 'persona_set_default_failed',
  PERSONA_DELETE_DEFAULT_FAILED: 'persona_delete_default_failed',
  PERSONA_GET_DEFAULT_FAILED: 'persona_get_default_failed',
  PERSONA_CHANGE_FAILED: 'persona_change_failed',
  PERSONA_NOT_FOUND: 'persona_not_found',
  PERSONA_DEFAULT_NOT_FOUND: 'persona_default_not_found',
  PERSONA_NOT_SELECTED: 'persona_not_selected',

  // Billing (document 2 §8).
  CARD_INVALID: 'card_invalid',
  COUPON_INVALID: 'coupon_invalid',
  SUPPORTER_LINK_FAILED: 'supporter_link_failed',
  SUPPORTER_NO_ACTIVE_PLEDGE: 'supporter_no_active_pledge',

  // Group chats (document 2 §5).
  GROUP_MEMBER_LIMIT: 'group_member_limit',

  // Generic codes of the API (ours; the spec shows no codes for these).
  VALIDATION_FAILED: 'validation_failed',
  UNAUTHENTICATED: 'unauthenticated',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not_found',
  INTERNAL: 'internal_error',
} as const;

export type ErrorCodeName = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorCodeName];

/** Content moderation codes by kind (document 1 §8). */
export const CONTENT_MODERATION_CODES = {
  underage: [ERROR_CODES.PERSONA_UNDERAGE, ERROR_CODES.IMAGE_UNDERAGE, ERROR_CODES.CHARACTER_UNDERAGE_1213, ERROR_CODES.CHARACTER_UNDERAGE_1214, ERROR_CODES.CHARACTER_UNDERAGE_1215],
  explicit: [ERROR_CODES.PERSONA_EXPLICIT, ERROR_CODES.IMAGE_EXPLICIT, ERROR_CODES.CHARACTER_EXPLICIT_1212, ERROR_CODES.CHARACTER_EXPLICIT_1203],
} as const;

/** Persona error messages by error type (document 2 §8, verbatim with their full stops). */
export const PERSONA_ERROR_MESSAGES = {
  [ERROR_CODES.PERSONA_CREATE_FAILED]: 'Unable to create persona.',
  [ERROR_CODES.PERSONA_UPDATE_FAILED]: 'Unable to update persona.',
  [ERROR_CODES.PERSONA_DELETE_FAILED]: 'Unable to delete persona.',
  [ERROR_CODES.PERSONA_GET_FAILED]: 'Unable to get persona.',
  [ERROR_CODES.PERSONA_SET_DEFAULT_FAILED]: 'Unable to set default persona.',
  [ERROR_CODES.PERSONA_DELETE_DEFAULT_FAILED]: 'Unable to delete default persona.',
  [ERROR_CODES.PERSONA_GET_DEFAULT_FAILED]: 'Unable to get default persona.',
  [ERROR_CODES.PERSONA_CHANGE_FAILED]: 'Unable to change persona.',
  [ERROR_CODES.PERSONA_NOT_FOUND]: 'No persona found.',
  [ERROR_CODES.PERSONA_DEFAULT_NOT_FOUND]: 'No default persona found.',
  [ERROR_CODES.PERSONA_NOT_SELECTED]: 'No persona selected.',
} as const;

export interface ErrorCatalogueEntry {
  /** The user message, verbatim from the spec unless `ours` is set. Templates use {n}/{{name}} placeholders. */
  message: string;
  /** The HTTP status the API answers with (ours: the spec shows statuses only for chat 429/503/504). */
  status: number;
  /** The message is ours: the spec does not show one. */
  ours?: true;
}

/** Every code with its message and HTTP status. */
export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, ErrorCatalogueEntry>> = {
  [ERROR_CODES.PERSONA_UNDERAGE]: { message: UNDERAGE_CONTENT_MESSAGE, status: 422 },
  [ERROR_CODES.PERSONA_EXPLICIT]: { message: EXPLICIT_CONTENT_MESSAGE, status: 422 },
  [ERROR_CODES.IMAGE_UNDERAGE]: { message: UNDERAGE_CONTENT_MESSAGE, status: 422 },
  [ERROR_CODES.IMAGE_EXPLICIT]: { message: EXPLICIT_CONTENT_MESSAGE, status: 422 },
  [ERROR_CODES.CHARACTER_EXPLICIT_1203]: { message: EXPLICIT_CONTENT_MESSAGE, status: 422 },
  [ERROR_CODES.CHARACTER_EXPLICIT_1212]: { message: EXPLICIT_CONTENT_MESSAGE, status: 422 },
  [ERROR_CODES.CHARACTER_UNDERAGE_1213]: { message: UNDERAGE_CONTENT_MESSAGE, status: 422 },
  [ERROR_CODES.CHARACTER_UNDERAGE_1214]: { message: UNDERAGE_CONTENT_MESSAGE, status: 422 },
  [ERROR_CODES.CHARACTER_UNDERAGE_1215]: { message: UNDERAGE_CONTENT_MESSAGE, status: 422 },

  [ERROR_CODES.CHARACTER_FAVORITE_LIMIT]: {
    message:
      "Oops! You've reached your limit of {{character_favorite_limit}} favorite bots. To add more, please consider removing some from your current list.",
    status: 409,
  },
  [ERROR_CODES.USERNAME_TAKEN]: { message: 'Username is not available', status: 409 },
  [ERROR_CODES.CHAT_NOT_ALLOWED]: {
    message: "You are not allowed to chat with this character. It's either private or deleted.",
    status: 403,
  },
  [ERROR_CODES.CREATOR_BLOCKED]: {
    message: 'You have blocked the creator of this character. Please unblock creator to use this character.',
    status: 403,
  },
  /** 503 or 504 gives "Chat server is busy." */
  [ERROR_CODES.CHAT_SERVER_BUSY]: { message: 'Chat server is busy.', status: 503 },
  [ERROR_CODES.CONVERSATION_BUSY]: {
    message: 'A reply is still being written in this chat. Wait for it to finish, then try again.',
    status: 409,
    ours: true,
  },
  [ERROR_CODES.WAITING_ROOM]: {
    message: 'Chat is not available yet: you are in the waiting room. Your place in line is kept.',
    status: 403,
    ours: true,
  },
  /** 429 is passed up; guests get a Sign Up action, members Resubmit. */
  [ERROR_CODES.RATE_LIMITED]: { message: 'Too many requests. Please wait a moment and try again.', status: 429, ours: true },
  [ERROR_CODES.RESTRICTED]: { message: 'Restricted!', status: 403 },
  [ERROR_CODES.NOT_OWNER]: { message: 'You are not allowed to access this page', status: 403 },
  [ERROR_CODES.INVALID_ACCOUNT]: { message: 'This account is invalid, has been deleted or has been suspended.', status: 403 },
  [ERROR_CODES.UNKNOWN_DOMAIN]: { message: 'Unknown domain', status: 404, ours: true },
  [ERROR_CODES.AUTH_FAILED]: { message: "Couldn't authenticate. Try again", status: 401 },
  [ERROR_CODES.TOKEN_REFRESH_FAILED]: { message: 'Unable to refresh token', status: 401 },
  [ERROR_CODES.IMAGE_TRAINING_FAILED]: { message: 'There was an error submitting the training request.', status: 400 },
  [ERROR_CODES.DELETE_CHARACTER_FAILED]: { message: 'Failed to delete chatbot. Please try again.', status: 500 },

  [ERROR_CODES.PERSONA_LIMIT]: {
    message:
      "You've reached the maximum allowance of {n} personas in the {tier} tier. To create or update more, please delete existing ones or upgrade your tier",
    status: 409,
  },
  [ERROR_CODES.PERSONA_DEFAULT_DELETE]: {
    message:
      'You cannot delete the default persona, please set another persona as the default or create a new one first.',
    status: 409,
  },
  [ERROR_CODES.PERSONA_CREATE_FAILED]: { message: PERSONA_ERROR_MESSAGES.persona_create_failed, status: 500 },
  [ERROR_CODES.PERSONA_UPDATE_FAILED]: { message: PERSONA_ERROR_MESSAGES.persona_update_failed, status: 500 },
  [ERROR_CODES.PERSONA_DELETE_FAILED]: { message: PERSONA_ERROR_MESSAGES.persona_delete_failed, status: 500 },
  [ERROR_CODES.PERSONA_GET_FAILED]: { message: PERSONA_ERROR_MESSAGES.persona_get_failed, status: 500 },
  [ERROR_CODES.PERSONA_SET_DEFAULT_FAILED]: { message: PERSONA_ERROR_MESSAGES.persona_set_default_failed, status: 500 },
  [ERROR_CODES.PERSONA_DELETE_DEFAULT_FAILED]: { message: PERSONA_ERROR_MESSAGES.persona_delete_default_failed, status: 500 },
  [ERROR_CODES.PERSONA_GET_DEFAULT_FAILED]: { message: PERSONA_ERROR_MESSAGES.persona_get_default_failed, status: 500 },
  [ERROR_CODES.PERSONA_CHANGE_FAILED]: { message: PERSONA_ERROR_MESSAGES.persona_change_failed, status: 500 },
  [ERROR_CODES.PERSONA_NOT_FOUND]: { message: PERSONA_ERROR_MESSAGES.persona_not_found, status: 404 },
  [ERROR_CODES.PERSONA_DEFAULT_NOT_FOUND]: { message: PERSONA_ERROR_MESSAGES.persona_default_not_found, status: 404 },
  [ERROR_CODES.PERSONA_NOT_SELECTED]: { message: PERSONA_ERROR_MESSAGES.persona_not_selected, status: 400 },

  [ERROR_CODES.CARD_INVALID]: { message: 'Enter a valid card, expiration date and cvv.', status: 402 },
  [ERROR_CODES.COUPON_INVALID]: { message: 'Invalid coupon', status: 400 },
  [ERROR_CODES.SUPPORTER_LINK_FAILED]: { message: 'There was an error linking your account.', status: 502 },
  /** The server's own text is 'no active pledge found' (document 2 §4); the page shows 'No active pledge found'. */
  [ERROR_CODES.SUPPORTER_NO_ACTIVE_PLEDGE]: { message: 'no active pledge found', status: 422 },

  [ERROR_CODES.GROUP_MEMBER_LIMIT]: { message: "You can't add more than {n} chatbots.", status: 400 },

  [ERROR_CODES.VALIDATION_FAILED]: { message: 'Fill all fields to submit.', status: 400, ours: true },
  [ERROR_CODES.UNAUTHENTICATED]: { message: "Couldn't authenticate. Try again", status: 401 },
  [ERROR_CODES.FORBIDDEN]: { message: 'You are Not Authorized to access this page', status: 403 },
  [ERROR_CODES.NOT_FOUND]: { message: 'The page you are looking for does not exist or never existed.', status: 404 },
  [ERROR_CODES.INTERNAL]: { message: 'Something went wrong!', status: 500 },
};

const CODES_BY_TEXT = new Map<string, ErrorCode>(Object.values(ERROR_CODES).map((code) => [String(code), code]));

/** The catalogue code for a code as received (number, or number written as a string), or undefined. */
export function toErrorCode(code: unknown): ErrorCode | undefined {
  if (typeof code !== 'string' && typeof code !== 'number') return undefined;
  return CODES_BY_TEXT.get(String(code));
}

/** The kind of content-moderation code, or null when the code is not one. */
export function contentModerationKind(code: unknown): 'underage' | 'explicit' | null {
  const known = toErrorCode(code);
  if (known === undefined) return null;
  if ((CONTENT_MODERATION_CODES.underage as readonly ErrorCode[]).includes(known)) return 'underage';
  if ((CONTENT_MODERATION_CODES.explicit as readonly ErrorCode[]).includes(known)) return 'explicit';
  return null;
}

/** The catalogue message for a code, or the fallback ("Something went wrong!" by default). */
export function errorMessageFor(code: unknown, fallback: string = ERROR_CATALOGUE[ERROR_CODES.INTERNAL].message): string {
  const known = toErrorCode(code);
  return known === undefined ? fallback : ERROR_CATALOGUE[known].message;
}
