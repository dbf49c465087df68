import type { ImageStyle } from '@fable/contracts';

/** What each style adds to the prompt, for generators that take the style as words (OpenAI-compatible ones). */
export const STYLE_WORDS: Record<ImageStyle, string> = {
  anime: 'anime illustration, clean line art, cel shading',
  'semi-realistic': 'semi-realistic digital painting, soft lighting',
  anime_v2: 'detailed anime illustration, vibrant colours, intricate line art, dramatic lighting',
  'semi-realistic_v2': 'highly detailed semi-realistic digital painting, cinematic lighting, fine textures',
};

/** The prompt with the configured prefix (an entry's prompt_prefix) in front, trimmed. */
export const withPrefix = (prefix: string | undefined, text: string) => [prefix?.trim(), text.trim()].filter((p) => p).join(', ');
