import { z } from 'zod';
import { IdSchema } from '../entities/common';
import { ConversationImageSettingsSchema } from '../entities/image';
import { ChatMessageSchema } from './chat';
import { defineCall } from './apiCall';
import { IMAGE_LIMITS, type ImagePreset } from './images';

/**
 * Conversation images and chatbot image training (document 1 §1 perks, §2 "Conversation Image Settings" and "Chatbot
 * Image Training" modals, §4 image button and "edit image prompt with Settings and Generate", §6 conversation_images,
 * conversation_images_v2, image_training, §7 the conversation image endpoint and POST characters/train, §9 training
 * 4 per day).
 *
 * POST /conversation-image draws a picture for a conversation and adds it as the bot's next message (`image_url`,
 * `image_prompt`); with `message_id` it draws that image message again from the prompt given (the old picture is
 * replaced). Without `image_prompt` the prompt is made from the character and the bot's latest message.
 */

/** The preset an image message's image_url names (a portrait; the chat shows it at most 404 px wide, §9). */
export const CONVERSATION_IMAGE_PRESET: ImagePreset = '500x600';

export const ConversationImageBodySchema = ConversationImageSettingsSchema.extend({
  conversation_id: IdSchema,
  character_id: IdSchema,
  image_prompt: z.string().trim().max(IMAGE_LIMITS.promptMax).optional(),
  /** An image message of the conversation to draw again (edit image prompt → Generate). */
  message_id: IdSchema.optional(),
});
export type ConversationImageBody = z.input<typeof ConversationImageBodySchema>;

export const TrainCharacterBodySchema = z.object({ character_id: IdSchema });
/** "returns count" (§7): the training requests waiting before and with this one (the success state shows it). */
export const TrainCharacterResultSchema = z.object({ count: z.number().int().min(1) });
export type TrainCharacterResult = z.infer<typeof TrainCharacterResultSchema>;

export const CONVERSATION_IMAGE_MESSAGES = {
  signUp: 'Create a free account to generate images in your chats.',
  needsConversationImages: 'Conversation images come with True Supporter. Upgrade to generate images in your chats.',
  needsPrivateBots: "Images on private chatbots come with I'm All In. Upgrade to generate them.",
  needsV2: "The V2 image styles come with I'm All In.",
  needsTraining: 'This chatbot has no trained image model yet: turn legacy mode off, or train it first.',
  notAnImageMessage: 'This message is not an image of this conversation.',
  noPrompt: 'There is nothing to draw yet: write an image prompt.',
  nsfwOff: 'This prompt describes adult content: turn NSFW mode on in the image settings to draw it.',
  trainingNotAllowed: "Image training comes with I'm All In.",
  trainingPending: 'This chatbot is already being trained.',
  trainingReady: 'This chatbot is trained already.',
  trainingLimit: 'You can request at most 4 image trainings a day. Try again tomorrow.',
} as const;

export const CONVERSATION_IMAGE_ERROR_CODES = {
  SIGN_UP: 'conversation_images_sign_up',
  UPGRADE: 'conversation_images_upgrade',
  PRIVATE_BOTS: 'conversation_images_private_bots',
  STYLE_V2: 'conversation_images_v2',
  NEEDS_TRAINING: 'conversation_images_needs_training',
  NOT_AN_IMAGE_MESSAGE: 'not_an_image_message',
  NO_PROMPT: 'image_prompt_required',
  NSFW_OFF: 'image_nsfw_mode_off',
  TRAINING_NOT_ALLOWED: 'image_training_not_allowed',
  TRAINING_PENDING: 'image_training_pending',
  TRAINING_READY: 'image_training_ready',
  TRAINING_LIMIT: 'image_training_limit',
} as const;
export type ConversationImageErrorCode = (typeof CONVERSATION_IMAGE_ERROR_CODES)[keyof typeof CONVERSATION_IMAGE_ERROR_CODES];

const C = CONVERSATION_IMAGE_ERROR_CODES;
const M = CONVERSATION_IMAGE_MESSAGES;
export const CONVERSATION_IMAGE_ERRORS = {
  [C.SIGN_UP]: { status: 403, message: M.signUp },
  [C.UPGRADE]: { status: 403, message: M.needsConversationImages },
  [C.PRIVATE_BOTS]: { status: 403, message: M.needsPrivateBots },
  [C.STYLE_V2]: { status: 403, message: M.needsV2 },
  [C.NEEDS_TRAINING]: { status: 409, message: M.needsTraining },
  [C.NOT_AN_IMAGE_MESSAGE]: { status: 404, message: M.notAnImageMessage },
  [C.NO_PROMPT]: { status: 400, message: M.noPrompt },
  [C.NSFW_OFF]: { status: 422, message: M.nsfwOff },
  [C.TRAINING_NOT_ALLOWED]: { status: 403, message: M.trainingNotAllowed },
  [C.TRAINING_PENDING]: { status: 409, message: M.trainingPending },
  [C.TRAINING_READY]: { status: 409, message: M.trainingReady },
  [C.TRAINING_LIMIT]: { status: 429, message: M.trainingLimit },
} as const satisfies Record<ConversationImageErrorCode, { status: number; message: string }>;

export const conversationImageCalls = {
  /** Guests are answered 403 conversation_images_sign_up (a clear message, not a bare 401). */
  conversationImage: defineCall({
    method: 'POST',
    path: '/conversation-image',
    access: 'guest',
    body: ConversationImageBodySchema,
    response: ChatMessageSchema,
  }),
  trainCharacter: defineCall({
    method: 'POST',
    path: '/characters/train',
    access: 'member',
    body: TrainCharacterBodySchema,
    response: TrainCharacterResultSchema,
  }),
} as const;
