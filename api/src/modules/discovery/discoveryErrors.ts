import { ERROR_CATALOGUE, ERROR_CODES, formatMessage } from '@fable/contracts';
import { AppError } from '../../http/appError';

/**
 * The discovery errors. character_favorite_limit and creator_blocked are the spec's (document 1 §8, with the
 * catalogue's status and message); the others are ours (the spec shows no code for them).
 */
export const DISCOVERY_ERROR_CODES = {
  FAVORITE_LIMIT: ERROR_CODES.CHARACTER_FAVORITE_LIMIT,
  CREATOR_BLOCKED: ERROR_CODES.CREATOR_BLOCKED,
  /** Ours: the creator sees Edit Chatbot instead of favourite, rate or less-like-this (document 1 §6). */
  OWN_CHARACTER: 'own_character',
  /** Ours: blocking yourself. */
  CANNOT_BLOCK_SELF: 'cannot_block_self',
  NOT_FOUND: ERROR_CODES.NOT_FOUND,
} as const;

/** Unknown, another application's, or someone else's private character: all the same to the caller. */
export const characterNotFound = () => AppError.notFound('Chatbot not found');

export const creatorNotFound = () => AppError.notFound('Creator not found');

/**
 * 409 character_favorite_limit; the message has the limit filled in, and details carry it under the placeholder's
 * name so a client can format the catalogue template "{{character_favorite_limit}}" itself.
 */
export function favoriteLimitReached(limit: number): AppError {
  const entry = ERROR_CATALOGUE[ERROR_CODES.CHARACTER_FAVORITE_LIMIT];
  return new AppError(entry.status, ERROR_CODES.CHARACTER_FAVORITE_LIMIT, formatMessage(entry.message, { character_favorite_limit: limit }), {
    character_favorite_limit: limit,
  });
}

export function creatorBlocked(): AppError {
  const entry = ERROR_CATALOGUE[ERROR_CODES.CREATOR_BLOCKED];
  return new AppError(entry.status, ERROR_CODES.CREATOR_BLOCKED, entry.message);
}

export const ownCharacter = (action: 'favourite' | 'rate') =>
  AppError.forbidden(
    action === 'favourite' ? 'You cannot favourite your own chatbot.' : 'You cannot rate your own chatbot.',
    DISCOVERY_ERROR_CODES.OWN_CHARACTER,
  );

export const cannotBlockSelf = () => new AppError(400, DISCOVERY_ERROR_CODES.CANNOT_BLOCK_SELF, 'You cannot block yourself.');
