import {
  CHARACTER_ERROR_CODES,
  CHARACTER_ERRORS,
  ERROR_CATALOGUE,
  VISIBILITY_LOCK_MESSAGES,
  tokenLimitMessage,
  type ModerationFinding,
  type VisibilityLock,
} from '@fable/contracts';
import { AppError } from '../../http/appError';
import { validationMessage, type ValidationIssue } from '../../http/errorHandling';

/** The errors of the authoring calls (contracts' characterErrors.ts). */
type Code = (typeof CHARACTER_ERROR_CODES)[keyof typeof CHARACTER_ERROR_CODES];

const fromContract = (code: Code, message?: string, details?: unknown) => {
  const entry = CHARACTER_ERRORS[code];
  return new AppError(entry.status, code, message ?? entry.message, details);
};

export const characterNotFound = () => fromContract(CHARACTER_ERROR_CODES.NOT_FOUND);
/** 403 not_owner: "You are not allowed to access this page" (document 1 §2 "Edit chatbot", §8). */
export const notOwner = () => fromContract(CHARACTER_ERROR_CODES.NOT_OWNER);
/** 403 restricted: "Restricted!" (document 1 §6: without create_character or delete_character). */
export const restricted = (permission: 'create_character' | 'delete_character') =>
  fromContract(CHARACTER_ERROR_CODES.RESTRICTED, undefined, { permission });
export const usernameRequired = () => fromContract(CHARACTER_ERROR_CODES.USERNAME_REQUIRED);
export const underReview = () => fromContract(CHARACTER_ERROR_CODES.UNDER_REVIEW);
export const underManualReview = () => fromContract(CHARACTER_ERROR_CODES.MANUAL_REVIEW);
export const visibilityLocked = (why: VisibilityLock) =>
  fromContract(CHARACTER_ERROR_CODES.VISIBILITY_LOCKED, VISIBILITY_LOCK_MESSAGES[why], { reason: why });
export const editConflict = () => fromContract(CHARACTER_ERROR_CODES.EDIT_CONFLICT);

/** 400 character_token_limit, "{count}/{limit}" filled in; details carry both. */
export const tokenLimit = (count: number, limit: number) =>
  fromContract(CHARACTER_ERROR_CODES.TOKEN_LIMIT, tokenLimitMessage(count, limit), { token_count: count, limit });

/** 400 validation_error on body fields (links, tags after merging), in the API's one validation shape. */
export const invalidBody = (issues: ValidationIssue[]) =>
  new AppError(400, 'validation_error', validationMessage('body', issues), { issues });

/**
 * 422 with the content code of the first finding ("1213" …) and its catalogue text (document 1 §8). Resending the
 * same save with submitForManualReview true stores it for a person to review (document 1 §4).
 */
export function contentRefused(findings: readonly ModerationFinding[]): AppError {
  const first = findings[0]!;
  const entry = ERROR_CATALOGUE[first.code as keyof typeof ERROR_CATALOGUE];
  return new AppError(entry.status, String(first.code), entry.message, {
    field: first.field,
    findings,
    submitForManualReview: true,
  });
}
