import { CARD_CALL_ERRORS, type CardCallErrorCode } from '@fable/contracts';
import { AppError } from '../../http/appError';
import type { ValidationIssue } from '../../http/errorHandling';
import type { CardError } from '../cards';

/** The errors of the card calls (contracts' CARD_CALL_ERRORS) and the card reader's refusals, in the API's error shape. */

const fromContract = (code: CardCallErrorCode, details?: unknown) => {
  const entry = CARD_CALL_ERRORS[code];
  return new AppError(entry.status, code, entry.message, details);
};

/** A card the reader refused: its code and message, 400 (413 for file_too_large). */
export const cardRefused = (error: CardError) => new AppError(error.status, error.code, error.message);

/** What was read out of the card holds NUL characters or unpaired surrogates; `issues` says where. */
export const unsafeCardText = (issues: ValidationIssue[]) => fromContract('card_unsafe_text', { issues });
export const unsupportedMediaType = () => fromContract('unsupported_media_type');
export const importsBusy = () => {
  const error = fromContract('card_imports_busy', { retry_after: 1 });
  error.headers = { 'Retry-After': '1' };
  return error;
};
export const definitionHidden = () => fromContract('definition_hidden');
export const characterWithdrawn = () => fromContract('character_withdrawn');
