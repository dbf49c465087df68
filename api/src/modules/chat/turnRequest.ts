import type { ChatRequest } from '@fable/contracts';
import { AppError } from '../../http/appError';
import type { CharacterRow } from '../characters/characterRow';
import { canView, type Viewer } from '../discovery/characterAccess';
import { chatCreatorBlocked, chatLoginRequired, chatNotAllowed, conversationNotFound, manualReviewRequired } from './chatErrors';

/**
 * What a chat turn (POST /api/chat) asks, read from its body, and the checks it passes on what it read: the first and
 * the fourth step of chatTurn.ts.
 */

/** What the call asks, read from its body. */
export type TurnAsk =
  | { mode: 'message'; text: string }
  | { mode: 'regenerate' }
  | { mode: 'continue' }
  | { mode: 'autopilot' }
  /** `alt_message_id` alone: make that alternate the main reply, generate nothing. */
  | { mode: 'pick' }
  /** A group chat's member speaks without a message of the user's (`sub_character_id` and no message: Next, the strip). */
  | { mode: 'next' };

export type TurnMode = TurnAsk['mode'];

/**
 * The mode of the call: autopilot, continue, regenerate, a member's turn without a message (`sub_character_id`, group
 * chats), an alternate pick, else a message (400 when it is blank).
 */
export function askOf(body: Pick<ChatRequest, 'autopilot' | 'continue_chat' | 'regenerate' | 'alt_message_id' | 'message' | 'sub_character_id'>): TurnAsk {
  if (body.autopilot) return { mode: 'autopilot' };
  if (body.continue_chat) return { mode: 'continue' };
  if (body.regenerate) return { mode: 'regenerate' };
  const text = body.message?.trim() ?? '';
  if (!text && body.sub_character_id) return { mode: 'next' };
  if (body.alt_message_id && !text) return { mode: 'pick' };
  if (!text) throw AppError.badRequest('message is required');
  return { mode: 'message', text };
}

/** What a turn checks of its character, read with the caller's block of its creator. */
type CheckedCharacter = Pick<CharacterRow, 'id' | 'application_id' | 'visibility' | 'creator_user_id' | 'aicq_manual_review_required' | 'is_nsfw'> & {
  blocked: boolean;
};

/**
 * The checks of a turn on what it read, in order: a character the caller may open (403 chat_not_allowed, a missing
 * one too), not held for manual review (409), its creator not blocked by the caller (403), not NSFW for a guest
 * (403 login_required); then the conversation asked for, the member's and of this character (404).
 */
export function checkTurnContext<T extends { character: CheckedCharacter; conversation: { character_id: string } | null }>(
  context: T | null,
  who: { viewer: Viewer; member: boolean; conversationId: string | null },
): T {
  if (!context || !canView(context.character, who.viewer)) throw chatNotAllowed();
  const { character, conversation } = context;
  if (character.aicq_manual_review_required) throw manualReviewRequired();
  if (character.blocked) throw chatCreatorBlocked();
  if (!who.member && character.is_nsfw) throw chatLoginRequired();
  if (who.conversationId && (!conversation || conversation.character_id !== character.id)) throw conversationNotFound();
  return context;
}
