import { CHARACTER_ERROR_CODES, SUGGESTION_ERROR_CODES, SUGGESTION_MESSAGES, type CharacterEditLock } from '@fable/contracts';
import { AppError } from '../../http/appError';
import type { InferenceError } from '../../infra/inference/engine';

/** The suggestion calls' errors (contracts' SUGGESTION_ERROR_CODES and SUGGESTION_MESSAGES). */

/** 409: a chatbot under review (or manual review) gets no suggestions (document 1 §4); the authoring calls' codes. */
export const suggestionsLocked = (lock: CharacterEditLock) =>
  lock === 'under_review'
    ? new AppError(409, CHARACTER_ERROR_CODES.UNDER_REVIEW, SUGGESTION_MESSAGES.underReview)
    : new AppError(409, CHARACTER_ERROR_CODES.MANUAL_REVIEW, SUGGESTION_MESSAGES.underManualReview);

/** 422: the model's answer had no letters once cleaned (document 1 §5). */
export const unusableSuggestion = () => new AppError(422, SUGGESTION_ERROR_CODES.NO_LETTERS, SUGGESTION_MESSAGES.noLetters);

/** 504: the model did not finish in time (the form's toast text). */
export const suggestionTimedOut = () => new AppError(504, SUGGESTION_ERROR_CODES.TIMED_OUT, SUGGESTION_MESSAGES.timedOut);

/** An engine refusal: its 429 passed up, 503/504 busy, anything else 502. */
export function suggestionEngineError(err: InferenceError): AppError {
  if (err.kind === 'rate_limited') return AppError.rateLimited((err.retryAfterSeconds ?? 10) * 1000);
  if (err.kind === 'busy') return new AppError(503, SUGGESTION_ERROR_CODES.BUSY, SUGGESTION_MESSAGES.busy);
  return suggestionFailed();
}

export const suggestionFailed = () => new AppError(502, SUGGESTION_ERROR_CODES.FAILED, SUGGESTION_MESSAGES.failed);

const tagList = (tags: readonly string[]) => tags.join(', ');

/** 400 on a tag suggestion's lists, naming the tags. */
export const tagsNotOffered = (tags: readonly string[]) =>
  new AppError(400, SUGGESTION_ERROR_CODES.TAG_NOT_OFFERED, SUGGESTION_MESSAGES.tagNotOffered.replace('{tags}', tagList(tags)), { tags });
export const tagsAlreadyOnChatbot = (tags: readonly string[]) =>
  new AppError(400, SUGGESTION_ERROR_CODES.TAG_ALREADY_ON_CHATBOT, SUGGESTION_MESSAGES.tagAlreadyOnChatbot.replace('{tags}', tagList(tags)), { tags });
export const tagsNotOnChatbot = (tags: readonly string[]) =>
  new AppError(400, SUGGESTION_ERROR_CODES.TAG_NOT_ON_CHATBOT, SUGGESTION_MESSAGES.tagNotOnChatbot.replace('{tags}', tagList(tags)), { tags });
export const tagsInBothLists = (tags: readonly string[]) =>
  new AppError(400, SUGGESTION_ERROR_CODES.TAG_IN_BOTH_LISTS, SUGGESTION_MESSAGES.tagInBothLists.replace('{tags}', tagList(tags)), { tags });
