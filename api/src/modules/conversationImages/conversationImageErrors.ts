import { CONVERSATION_IMAGE_ERRORS, type ConversationImageErrorCode } from '@fable/contracts';
import { AppError } from '../../http/appError';

/** The errors of the conversation image and training calls (contracts' api/conversationImages.ts), by code. */
export const conversationImageError = (code: ConversationImageErrorCode, details?: unknown) => {
  const entry = CONVERSATION_IMAGE_ERRORS[code];
  return new AppError(entry.status, code, entry.message, details);
};
