import type { Permission } from './permissions';

/**
 * What the chat screen's image button does (document 1 §6 "Image button: without conversation_images, the premium
 * access prompt; with a ready lora or v2 (non-legacy) it generates; else image_training shows the training modal,
 * otherwise a top-tier prompt"), with document 1 §1: guests have limited image generation (none in chats: they are
 * asked to sign up) and images on private chatbots are I'm All In's. The API answers the same rule's refusals.
 */
export type ImageButtonAction = 'sign_up' | 'premium_prompt' | 'top_tier_prompt' | 'generate' | 'training';

export interface ImageButtonContext {
  /** null for a guest. */
  permissions: readonly Permission[] | null;
  character: { lora_status?: string | null; visibility: string };
  legacy_mode: boolean;
}

/** Private and permanently private chatbots (the "private bots" of I'm All In's perk). */
export const isPrivateBot = (visibility: string) => visibility === 'private' || visibility === 'permanently_private';

export function imageButtonAction({ permissions, character, legacy_mode }: ImageButtonContext): ImageButtonAction {
  if (permissions === null) return 'sign_up';
  if (!permissions.includes('conversation_images')) return 'premium_prompt';
  if (isPrivateBot(character.visibility) && !permissions.includes('conversation_images_private_bots')) return 'top_tier_prompt';
  if (character.lora_status === 'ready' || !legacy_mode) return 'generate';
  return permissions.includes('image_training') ? 'training' : 'top_tier_prompt';
}
