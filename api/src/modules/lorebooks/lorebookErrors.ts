import { CHARACTER_ERROR_CODES, CHARACTER_ERRORS, LOREBOOK_ERROR_CODES as CODES, LOREBOOK_ERRORS, type LorebookErrorCode } from '@fable/contracts';
import { AppError } from '../../http/appError';
import { validationMessage, type ValidationIssue } from '../../http/errorHandling';

/** The errors of the lorebook calls (contracts' lorebookErrors.ts). */
const fromContract = (code: LorebookErrorCode, details?: unknown) => {
  const entry = LOREBOOK_ERRORS[code];
  return new AppError(entry.status, code, entry.message, details);
};

/** 404: unknown, or of another application. */
export const lorebookNotFound = () => fromContract(CODES.NOT_FOUND);
export const entryNotFound = () => fromContract(CODES.ENTRY_NOT_FOUND);
/** 403 not_owner "You are not allowed to access this page": another member's lorebook (admins included). */
export const notOwner = () => fromContract(CODES.NOT_OWNER);
/** 403 restricted "Restricted!": no create_character permission. */
export const restricted = () => fromContract(CODES.RESTRICTED, { permission: 'create_character' });
/** 404 character_not_found (as the chatbot authoring answers): unknown, or of another application. */
export const chatbotNotFound = () =>
  new AppError(CHARACTER_ERRORS[CHARACTER_ERROR_CODES.NOT_FOUND].status, CHARACTER_ERROR_CODES.NOT_FOUND, CHARACTER_ERRORS[CHARACTER_ERROR_CODES.NOT_FOUND].message);
export const usernameRequired = () => fromContract(CODES.USERNAME_REQUIRED);
/** 409 lorebook_full: 100 entries already. */
export const lorebookFull = (limit: number) => fromContract(CODES.FULL, { limit });
/** 409 lorebook_last_entry: a lorebook keeps at least 1 entry. */
export const lastEntry = () => fromContract(CODES.LAST_ENTRY);
/** 409 chatbot_lorebook_limit: the chatbot uses the most lorebooks it may. */
export const chatbotLorebookLimit = (limit: number) => fromContract(CODES.CHATBOT_LOREBOOK_LIMIT, { limit });
/** 400 lorebook_extensions_too_large, with the entry (its index in the request, its name). */
export const extensionsTooLarge = (entry: { index?: number; name: string }) => fromContract(CODES.EXTENSIONS_TOO_LARGE, entry);

/** 400 validation_error on body fields, in the API's one validation shape (the form's verbatim messages). */
export const invalidBody = (issues: ValidationIssue[]) => new AppError(400, 'validation_error', validationMessage('body', issues), { issues });
