import { CONVERSATION_IMAGE_ERRORS, CONVERSATION_IMAGE_ERROR_CODES as CODES, imageButtonAction, type ConversationImageErrorCode } from '@fable/contracts';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/appError';
import type { RateLimiters } from '../../http/rateLimits';

/**
 * A chat turn that asks for a picture with its reply (POST chat image_prompt): who may, checked before anything of
 * the turn is written, with the image button's rule at the default image settings (contracts' imageButtonAction):
 * members only, conversation_images, private chatbots for I'm All In; counted like the conversation image call.
 */
/**
 * What needs no read: a member, a reply (not autopilot, not a pick of an alternate: a pick is written before the
 * character is read), conversation_images. Checked before the turn writes anything.
 */
export function checkReplyImageCaller(caller: Caller, asked: { autopilot: boolean; pick: boolean }): void {
  if (caller.kind !== 'member') throw refusal(CODES.SIGN_UP);
  if (asked.autopilot) throw AppError.badRequest('image_prompt goes with a reply, not with an autopilot suggestion');
  if (asked.pick) throw AppError.badRequest('image_prompt goes with a reply, not with alt_message_id');
  if (!caller.user.permissions.includes('conversation_images')) throw refusal(CODES.UPGRADE);
}

/** With the character read (after checkReplyImageCaller): the rest of the rule (private chatbots), then the count. */
export async function checkReplyImage(
  request: FastifyRequest,
  rateLimit: Pick<RateLimiters, 'conversationImage' | 'conversationImagePremium'>,
  o: { caller: Caller; character: { visibility: string; lora_status?: string | null } },
): Promise<void> {
  if (o.caller.kind !== 'member') return;
  const permissions = o.caller.user.permissions;
  const action = imageButtonAction({ permissions, character: o.character, legacy_mode: false });
  if (action === 'premium_prompt') throw refusal(CODES.UPGRADE);
  if (action !== 'generate') throw refusal(CODES.PRIVATE_BOTS);
  const limiter = permissions.includes('conversation_images_private_bots') ? rateLimit.conversationImagePremium : rateLimit.conversationImage;
  await limiter(request, o.caller.userId);
}

function refusal(code: ConversationImageErrorCode): AppError {
  const entry = CONVERSATION_IMAGE_ERRORS[code];
  return new AppError(entry.status, code, entry.message);
}

/** What the `done` event says when the picture could not be drawn (the reply itself is saved). */
export function replyImageFailure(err: unknown): string {
  return err instanceof AppError ? err.message : 'The image could not be drawn. Please try again.';
}
