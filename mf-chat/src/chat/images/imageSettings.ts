import { useCallback } from 'react';
import { useLocalStorage } from '@fable/shared';
import { CHARACTER_LIMITS, DEFAULT_IMAGE_STYLE, GENERATION_SLIDERS, IMAGE_STYLES, LORA_SCALE_DEFAULT, type ConversationImageSettings, type ImageStyle } from '@fable/contracts';

/** Where the conversation image settings are kept (document 1 §3 "Settings stored locally"). */
export const IMAGE_SETTINGS_KEY = 'fable.chat.imageSettings';

export const DEFAULT_IMAGE_SETTINGS: ConversationImageSettings = {
  model_style: DEFAULT_IMAGE_STYLE,
  nsfw_mode: false,
  legacy_mode: false,
  lora_scale: LORA_SCALE_DEFAULT,
  user_prompt_suffix: '',
  user_negative_prompt: '',
};

const isStyle = (value: unknown): value is ImageStyle => typeof value === 'string' && (IMAGE_STYLES as readonly string[]).includes(value);
const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, CHARACTER_LIMITS.negativePromptMax) : '');

/** Stored settings (anything: old, partial, hand-edited) completed with the defaults and held to their ranges. */
export function completeImageSettings(stored: Partial<ConversationImageSettings> | null | undefined): ConversationImageSettings {
  const { min, max, step } = GENERATION_SLIDERS.lora_scale;
  const scale = typeof stored?.lora_scale === 'number' && Number.isFinite(stored.lora_scale) ? stored.lora_scale : LORA_SCALE_DEFAULT;
  return {
    model_style: isStyle(stored?.model_style) ? stored.model_style : DEFAULT_IMAGE_STYLE,
    nsfw_mode: stored?.nsfw_mode === true,
    legacy_mode: stored?.legacy_mode === true,
    lora_scale: Number((Math.round((Math.min(max, Math.max(min, scale)) - min) / step) * step + min).toFixed(2)),
    user_prompt_suffix: text(stored?.user_prompt_suffix),
    user_negative_prompt: text(stored?.user_negative_prompt),
  };
}

export function useImageSettings(): { settings: ConversationImageSettings; save: (next: ConversationImageSettings) => void } {
  const [stored, setStored] = useLocalStorage<Partial<ConversationImageSettings> | null>(IMAGE_SETTINGS_KEY, null);
  const save = useCallback((next: ConversationImageSettings) => setStored(completeImageSettings(next)), [setStored]);
  return { settings: completeImageSettings(stored), save };
}
