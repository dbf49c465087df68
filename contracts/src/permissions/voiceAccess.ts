import type { Permission, Tier } from './permissions';

/**
 * Who hears chatbots speak (document 1 §6 "Voice: playback needs premium and text-to-speech access; guests see
 * create-account prompt, others an upgrade prompt. Set Voice needs a conversation, premium role and TTS access"):
 * premium is a paid tier, TTS access the `text_to_speech` permission. The API answers the same rule's refusals.
 */
export type VoiceAccess = 'sign_up' | 'upgrade' | 'speak';

export interface VoiceAccessContext {
  /** null for a guest. */
  permissions: readonly Permission[] | null;
  tier: Tier | null;
}

export function voiceAccess({ permissions, tier }: VoiceAccessContext): VoiceAccess {
  if (permissions === null) return 'sign_up';
  return tier !== null && tier !== 'free' && permissions.includes('text_to_speech') ? 'speak' : 'upgrade';
}
