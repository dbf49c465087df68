/**
 * Chat screen constants: document 1 §9 "Business constants and limits" and §5 "Validation rules".
 * Durations are in milliseconds unless the name says otherwise.
 */
export const CHAT_LIMITS = {
  /** GET characters/{id}/messages: query limit default 50. */
  messagePageSize: 50,
  /** GET conversations: limit 25. */
  conversationsPageSize: 25,
  /** Conversation title and clone title: max 50, non-blank. */
  conversationTitleMax: 50,
  /** Memory text max 250. */
  memoryMax: 250,
  /** Chat input text area max height, px. */
  textAreaMaxHeightPx: 188,
  /** Typing indicator starts after 300 ms (document 1 §4). */
  typingIndicatorDelayMs: 300,
  /** Ads in chat once more than 10 messages (minimum configurable, default 10). */
  adsMinMessages: 10,
  /** The last 10 messages are sent to the ad service. */
  adsContextMessages: 10,
  /** Thanks note after a rating label shows 5 s. */
  ratingNoteMs: 5000,
  /** "Saved" message shows 3 s. */
  savedMessageMs: 3000,
  /** Audio playback starts 0.3 s ahead. */
  audioLeadSeconds: 0.3,
  /** Three user messages in a public chat trigger a cart-addition interaction with amount 3 (document 1 §4). */
  cartAdditionUserMessages: 3,
  cartAdditionAmount: 3,
  /** While waiting in the queue, regenerate etc. are hidden when there is more than 1 message (document 1 §4). */
  queueHideActionsAboveMessages: 1,
} as const;

/** Generation defaults (document 1 §3 "Generation defaults", §9). */
export const GENERATION_DEFAULTS = {
  max_new_tokens: 180,
  temperature: 0.7,
  top_p: 0.7,
  top_k: 90,
} as const;

/** Generation slider ranges (document 1 §5 "Generation sliders"), inclusive. */
export const GENERATION_SLIDERS = {
  max_new_tokens: { min: 180, max: 300, step: 1 },
  temperature: { min: 0, max: 1.5, step: 0.01 },
  top_p: { min: 0.01, max: 1, step: 0.01 },
  top_k: { min: 1, max: 100, step: 1 },
  lora_scale: { min: 0, max: 1, step: 0.01, default: 0.8 },
} as const;

/** Conversation image settings default lora scale (document 1 §3 "Settings stored locally", §9). */
export const LORA_SCALE_DEFAULT = 0.8;

/** Voice (document 1 §9): filter values, speech recognition language (final results only). */
export const VOICE_LIMITS = {
  filters: ['All', 'Male', 'Female'],
  negativeFeedbackReasons: 5,
  speechRecognitionLang: 'en-US',
  speechRecognitionInterimResults: false,
} as const;

/** Verbatim chat validation and status texts (document 1 §5, §8). */
export const CHAT_MESSAGES = {
  memoryTooLong: 'The memory text is too long',
  /** ours: message for a blank or too long conversation title not shown. */
  conversationTitleRequired: 'Title is required',
  /** ours. */
  conversationTitleTooLong: 'Title is maximum of 50 characters',
} as const;
