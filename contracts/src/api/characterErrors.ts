import { ERROR_CATALOGUE, ERROR_CODES } from '../errors/errorCodes';
import { CHARACTER_MESSAGES } from '../limits/characterLimits';

/**
 * The errors of the chatbot authoring and moderation calls (characterCalls, moderationCalls), by `error.code`. The
 * spec's own: not_owner ("You are not allowed to access this page"), restricted ("Restricted!" without
 * create_character or delete_character) and the content codes 1203, 1212 (explicit) and 1213, 1214, 1215 (underage)
 * with their catalogue texts (ERROR_CATALOGUE). The others are ours: the spec shows no code or text for them.
 *
 * A content refusal (422, code "1213" …) carries details { field, findings, submitForManualReview: true }: resending
 * the same save with submitForManualReview true stores it for a person to review (document 1 §4).
 */
export const CHARACTER_ERROR_CODES = {
  NOT_OWNER: ERROR_CODES.NOT_OWNER,
  RESTRICTED: ERROR_CODES.RESTRICTED,
  NOT_FOUND: 'character_not_found',
  TOKEN_LIMIT: 'character_token_limit',
  UNDER_REVIEW: 'character_under_review',
  MANUAL_REVIEW: 'character_manual_review',
  VISIBILITY_LOCKED: 'visibility_locked',
  USERNAME_REQUIRED: 'username_required',
  EDIT_CONFLICT: 'character_edit_conflict',
  DECISION_NOT_ALLOWED: 'moderation_decision_not_allowed',
} as const;

export interface CharacterErrorEntry {
  status: number;
  message: string;
}

export const CHARACTER_ERRORS = {
  [CHARACTER_ERROR_CODES.NOT_OWNER]: { status: 403, message: ERROR_CATALOGUE[ERROR_CODES.NOT_OWNER].message },
  [CHARACTER_ERROR_CODES.RESTRICTED]: { status: 403, message: ERROR_CATALOGUE[ERROR_CODES.RESTRICTED].message },
  [CHARACTER_ERROR_CODES.NOT_FOUND]: { status: 404, message: 'Chatbot not found' },
  /** {count} and {limit} filled in; details { token_count, limit }. */
  [CHARACTER_ERROR_CODES.TOKEN_LIMIT]: { status: 400, message: CHARACTER_MESSAGES.tokenLimitExceeded },
  [CHARACTER_ERROR_CODES.UNDER_REVIEW]: {
    status: 409,
    message: 'This chatbot is under review. You can edit it again once the review is done.',
  },
  [CHARACTER_ERROR_CODES.MANUAL_REVIEW]: {
    status: 409,
    message: 'This chatbot is under manual review. You can edit it again once a moderator has looked at it.',
  },
  [CHARACTER_ERROR_CODES.VISIBILITY_LOCKED]: {
    status: 409,
    message: 'The visibility of this chatbot cannot be changed.',
  },
  [CHARACTER_ERROR_CODES.USERNAME_REQUIRED]: { status: 403, message: 'Choose a username before creating a chatbot.' },
  [CHARACTER_ERROR_CODES.EDIT_CONFLICT]: {
    status: 409,
    message: 'This chatbot was changed at the same time. Reload it and try again.',
  },
  [CHARACTER_ERROR_CODES.DECISION_NOT_ALLOWED]: {
    status: 409,
    message: 'This decision does not apply to the chatbot in its current moderation status.',
  },
} as const satisfies Record<string, CharacterErrorEntry>;

/** The more precise texts of visibility_locked, by why it is locked. */
export const VISIBILITY_LOCK_MESSAGES = {
  permanently_private: 'A permanently private chatbot stays private: its visibility cannot be changed.',
  fix_required: 'This chatbot needs fixes: its visibility cannot be changed until they are reviewed.',
} as const;
