import { BENEFIT_EXCLUDED_PERMISSIONS, type Permission } from '@fable/contracts';

/**
 * What each permission gives, as "Your Benefits" lists it (document 1 §6: "Your Benefits list of permission names");
 * null: not a benefit (a restriction, an ad). The words are ours; the spec names the permissions only.
 */
export const BENEFIT_NAMES: Record<Permission, string | null> = {
  create_character: 'Create chatbots',
  delete_character: 'Delete your chatbots',
  report_character: 'Report chatbots',
  view_chats: 'Saved chats',
  view_auth: 'Your profile and settings',
  view_my_chat_bots: 'My Chatbots',
  view_help: 'Help',
  create_user_external: 'Partner sign-in',
  site_access: null,
  restriction_full_time: null,
  restriction_limited: null,
  restriction_full: null,
  limited_access: null,
  temporary_shadowban: null,
  '3k_context': '3K context memory',
  '4k_context': '4K context memory',
  '8k_context': '8K context memory',
  '16k_context': '16K context memory',
  avatar_images_v2: 'Anime V2 and Semi Realistic V2 avatar styles',
  conversation_images: 'Images in conversations',
  conversation_images_v2: 'Better images in conversations',
  conversation_images_private_bots: 'Images in conversations with private chatbots',
  image_training: 'Image training',
  generation_settings: 'Generation settings',
  character_translate_public: 'Translate public chatbots',
  character_translate_private: 'Translate private chatbots',
  text_to_speech: 'Voices',
  memory_manager: 'Memory manager',
  conversation_memory_auto: 'Automatic memories',
  skip_waiting_room: 'Skip the waiting room',
  display_ads: null,
  admin: 'Administration',
};

/**
 * The benefits to list: shown only for a member with no role and more than one (document 1 §6); else none. The free
 * tier's role (free_tier, which every free member holds) is no role: a paid plan or an extra role is.
 */
export function benefitsOf(permissions: readonly Permission[], roles: readonly string[]): string[] {
  if (roles.some((role) => role !== 'free_tier')) return [];
  const names = permissions.filter((p) => !BENEFIT_EXCLUDED_PERMISSIONS.includes(p)).flatMap((p) => BENEFIT_NAMES[p] ?? []);
  return names.length > 1 ? names : [];
}
