import { ERROR_CATALOGUE, ERROR_CODES } from '@fable/contracts';
import { AppError } from '../../http/appError';
import type { InferenceError } from '../../infra/inference/engine';

/**
 * Chat errors (document 1 §8). chat_not_allowed, creator_blocked and chat_server_busy are the spec's (catalogue
 * status and text); the others are ours.
 */
export const CHAT_ERROR_CODES = {
  NOT_ALLOWED: ERROR_CODES.CHAT_NOT_ALLOWED,
  CREATOR_BLOCKED: ERROR_CODES.CREATOR_BLOCKED,
  SERVER_BUSY: ERROR_CODES.CHAT_SERVER_BUSY,
  /** Ours: another turn, regenerate, continue or removal holds the conversation (README "One conversation, one chain"). */
  CONVERSATION_BUSY: ERROR_CODES.CONVERSATION_BUSY,
  /** Ours: guests cannot chat with NSFW characters; they sign in first. */
  LOGIN_REQUIRED: 'login_required',
  /** Ours: the character waits for a manual review (aicq_manual_review_required); the chat redirects. */
  MANUAL_REVIEW_REQUIRED: 'manual_review_required',
  /** Ours: the engine failed (not 429/503/504) or broke mid-stream. */
  INFERENCE_FAILED: 'inference_failed',
  UNKNOWN_MODEL: 'unknown_model',
  MODEL_NOT_ALLOWED: 'model_not_allowed',
  /** Ours: sub_character_id names no member who may speak in this group chat. */
  NOT_A_GROUP_MEMBER: 'sub_character_not_member',
  /** Ours: a member's turn (sub_character_id, no message) on a chatbot that is not a group chat. */
  NOT_A_GROUP_CHAT: 'not_a_group_chat',
  /** Ours: none of the group's members may speak for the caller now (all private, withdrawn or deleted). */
  GROUP_WITHOUT_MEMBERS: 'group_without_members',
} as const;

const catalogued = (code: typeof ERROR_CODES.CHAT_NOT_ALLOWED | typeof ERROR_CODES.CREATOR_BLOCKED | typeof ERROR_CODES.CHAT_SERVER_BUSY, details?: unknown) => {
  const entry = ERROR_CATALOGUE[code];
  return new AppError(entry.status, code, entry.message, details);
};

/** Missing, another application's, or someone else's private character: 403 with the spec text. */
export const chatNotAllowed = () => catalogued(ERROR_CODES.CHAT_NOT_ALLOWED);
export const chatCreatorBlocked = () => catalogued(ERROR_CODES.CREATOR_BLOCKED);
export const chatLoginRequired = () =>
  AppError.forbidden('Please sign in to chat with this character.', CHAT_ERROR_CODES.LOGIN_REQUIRED);
export const manualReviewRequired = () =>
  new AppError(409, CHAT_ERROR_CODES.MANUAL_REVIEW_REQUIRED, 'This chatbot is under manual review.');
/** A second writer while a turn holds the conversation: 409 with the catalogue text; nothing of the refused call is written. */
export const conversationBusy = () => {
  const entry = ERROR_CATALOGUE[ERROR_CODES.CONVERSATION_BUSY];
  return new AppError(entry.status, CHAT_ERROR_CODES.CONVERSATION_BUSY, entry.message);
};
/** A turn whose lease another turn took over (it expired) or whose chain moved under it: its reply is not saved. */
export const conversationChanged = () =>
  new AppError(
    409,
    CHAT_ERROR_CODES.CONVERSATION_BUSY,
    'This chat changed while the reply was being written, so the reply was not saved. Reload the chat and try again.',
  );
export const conversationNotFound = () => AppError.notFound('Conversation not found');
export const messageNotFound = () => AppError.notFound('Message not found');
export const personaNotFound = () => AppError.notFound('Persona not found');

/** sub_character_id is not a member of the group who may speak (unknown, another group's, private to another, withdrawn). */
export const notAGroupMember = (subCharacterId: string) =>
  new AppError(400, CHAT_ERROR_CODES.NOT_A_GROUP_MEMBER, 'This chatbot is not a member of this group chat.', { sub_character_id: subCharacterId });
export const notAGroupChat = () =>
  new AppError(400, CHAT_ERROR_CODES.NOT_A_GROUP_CHAT, 'Only a group chat has members to pick: send a message to this chatbot instead.');
export const groupWithoutMembers = () =>
  new AppError(409, CHAT_ERROR_CODES.GROUP_WITHOUT_MEMBERS, 'None of the chatbots of this group chat can answer right now.');

export const INFERENCE_FAILED_MESSAGE = 'The chat server could not answer. Please try again.';

/** An engine refusal as the API answers it: 429 passed up, 503/504 "Chat server is busy.", anything else 502. */
export function inferenceAppError(err: InferenceError, details?: unknown): AppError {
  if (err.kind === 'rate_limited') {
    const e = AppError.rateLimited((err.retryAfterSeconds ?? 1) * 1000);
    return details === undefined ? e : Object.assign(new AppError(429, e.code, e.message, { ...(e.details as object), ...(details as object) }), { headers: e.headers });
  }
  if (err.kind === 'busy') return catalogued(ERROR_CODES.CHAT_SERVER_BUSY, details);
  return new AppError(502, CHAT_ERROR_CODES.INFERENCE_FAILED, INFERENCE_FAILED_MESSAGE, details);
}
