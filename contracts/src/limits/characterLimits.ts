/**
 * Chatbot (character) field limits: document 1 §9 "Business constants and limits" and §5 "Validation rules".
 * Lengths are characters, inclusive ("name 3-20" accepts 3 and 20).
 */
export const CHARACTER_LIMITS = {
  /** document 1 §5: "one check in the form is coded as 30 but the message says 20": 20 is the rule. */
  nameMin: 3,
  nameMax: 20,
  titleMin: 3,
  titleMax: 100,
  greetingMin: 3,
  greetingMax: 2000,
  personalityMin: 3,
  personalityMax: 5000,
  /** Scenario and dialogue are optional: at least 3 after trimming, kept only if longer than 1 char. */
  scenarioMin: 3,
  scenarioMax: 4000,
  dialogueMin: 3,
  dialogueMax: 4000,
  /** A scenario or dialogue of this many trimmed characters or fewer is dropped instead of rejected. */
  optionalTextDropAtOrBelow: 1,
  /** Public characters require the minimum (document 1 §5). */
  tagsMin: 2,
  tagsMax: 12,
  /** At most 5 suggested tags are shown. */
  suggestedTagsMax: 5,
  /** Profile page cuts the title at 100 chars; card import cuts title/personality to 100 (document 1 §2, §3). */
  profileTitleCut: 100,
  importTitleCut: 100,
  /** Avatar negative prompt. */
  negativePromptMax: 300,
  /** Token total of greeting, persona, scenario and dialogue: warning above this many tokens. */
  tokenWarning: 1600,
  /** Suggest-field buttons need name and title each at least this many trimmed characters. */
  suggestFieldMinChars: 3,
  /** Uploaded image hash: first 32 hex characters of SHA-256. */
  imageHashHexLength: 32,
} as const;

/**
 * Hard limit of the token total by visibility (document 1 §5: "a visibility-dependent hard limit yields an error
 * (limit value not shown)"). The values are ours, chosen for the context the bot is chatted in:
 * - public and unlisted bots are chatted by everyone, members on the free 4K context (document 1 §1 "Free features:
 *   ... 4K context"): 4096 − 180 new tokens (the default max new tokens) leaves about 3900, and 3000 keeps about
 *   900 of them for the conversation itself (the prompt drops example dialogue and scenario before the latest
 *   messages, api/src/modules/chat/prompt/buildPrompt.ts);
 * - private bots are chatted by their creator alone, who may have 8K or 16K: 4000, still under the sum of the field
 *   maxima in English (2000 + 5000 + 4000 + 4000 characters ≈ 3750 tokens), so the limit bites only on scripts that
 *   take more tokens per character, where a longer definition would crowd out any conversation.
 * Counted with CHARACTER_TOKENIZER over CHARACTER_TOKEN_FIELDS; the warning (tokenWarning, 1600) comes first.
 */
export const CHARACTER_TOKEN_HARD_LIMIT = {
  public: 3000,
  hidden: 3000,
  private: 4000,
  permanently_private: 4000,
} as const;

/**
 * The tokenizer the token counter uses: the chat's (rules/src/tokens/tokenizer.ts, gpt-tokenizer's
 * o200k_base encoding). A client counting for itself must use the same encoding, or ask the API (POST
 * /characters/token-count, contracts' characterCalls.countTokens).
 */
export const CHARACTER_TOKENIZER = 'o200k_base' as const;

/** The fields whose tokens are counted (document 1 §5: "Token total of greeting, persona, scenario, dialogue"). */
export const CHARACTER_TOKEN_FIELDS = ['greeting', 'persona', 'scenario', 'dialogue'] as const;
export type CharacterTokenField = (typeof CHARACTER_TOKEN_FIELDS)[number];

/**
 * Fields a card import keeps that the form does not map (card_extras: an opaque JSON object, returned as stored):
 * at most this many bytes of JSON (UTF-8).
 */
export const CARD_EXTRAS_MAX_BYTES = 256 * 1024;

/**
 * Favourite-bot limit (document 1 §8 character_favorite_limit: "{{character_favorite_limit}}"); the value is not
 * shown in the spec, this one is ours.
 */
export const CHARACTER_FAVORITE_LIMIT = 500;

/** The tag retained when already present or suggested (document 1 §5, document 2 §5). */
export const STEP_FAMILY_TAG = 'Step-Family';

/** Image training (document 1 §5, §9): at most 4 requests per day; a run takes up to about 10 minutes, possibly days. */
export const IMAGE_TRAINING_LIMITS = {
  requestsPerDay: 4,
  typicalDurationMinutes: 10,
} as const;

/** Translation of a chatbot (document 1 §2, §9): "may take up to 60 seconds", needed once per bot. */
export const TRANSLATION_LIMITS = { maxSeconds: 60 } as const;

/** Character card import (document 1 §3): a PNG text field named chara holding base64 JSON. */
export const CHARACTER_CARD_PNG_TEXT_KEY = 'chara';

/**
 * PNG card import failures (document 1 §5). Their user messages are not shown; these are the kinds.
 */
export const CHARACTER_CARD_IMPORT_ERRORS = [
  'no_text_fields',
  'no_chara_field',
  'bad_base64',
  'invalid_header',
  'bad_crc',
  'missing_header_chunks',
] as const;

/** Date format of a draft's default title: today's date (document 1 §3 "Draft"). */
export const DRAFT_TITLE_DATE_FORMAT = 'dd/mm/yyyy';

/**
 * Verbatim validation messages of the character form (document 1 §5). Where the spec quotes no message for a
 * rule, the text is ours and marked "ours".
 */
export const CHARACTER_MESSAGES = {
  tagsMinSelect: 'Select at least 2 tags',
  tagsMinRequired: 'At least 2 tags required',
  /** Counter under the tag picker: "Limit N / 12". */
  tagsCounter: 'Limit {n} / 12',
  tagLimitReached: 'Tag limit reached',
  tagSuggestionKeepLimit: 'You can keep only 12 tags !',
  tagSuggestionEmpty: 'Please select something !',
  nameRequired: 'You must provide a name',
  /** ours: min-length message not shown. */
  nameTooShort: 'Name should be longer',
  nameTooLong: 'Name should be 20 characters or less',
  nameNoLink: 'Name should not contain any url/link',
  /** ours: required message not shown. */
  titleRequired: 'You must provide a title',
  /** ours. */
  titleTooShort: 'Title should be longer',
  titleTooLong: 'Title is maximum of 100 characters',
  /** ours: "no links" message shown only for the name. */
  titleNoLink: 'Title should not contain any url/link',
  /** ours. */
  greetingRequired: 'You must provide a greeting',
  /** ours. */
  greetingTooShort: 'Greeting should be longer',
  greetingTooLong: 'Greeting is maximum of 2000 characters',
  /** ours. */
  greetingNoLink: 'Greeting should not contain any url/link',
  /** ours. */
  personalityRequired: 'You must provide a personality',
  /** ours. */
  personalityTooShort: 'Personality should be longer',
  personalityTooLong: 'Personality is maximum of 5000 characters',
  /** ours. */
  personalityNoLink: 'Personality should not contain any url/link',
  scenarioTooShort: 'Scenario should be longer',
  scenarioTooLong: 'Scenario is maximum of 4000 characters',
  dialogueTooShort: 'Dialogue should be longer',
  dialogueTooLong: 'Dialogue is maximum of 4000 characters',
  visibilityRequired: 'Visibility Is Required',
  avatarRequired: 'You must generate an Avatar',
  guidelinesRequired: 'Guidelines Is Required',
  guidelinesRequiredImport: 'You must agree with the Community Guidelines',
  /** ours: negative prompt max message not shown. */
  negativePromptTooLong: 'Negative prompt is maximum of 300 characters',
  /** ours: the spec gives no link rule for scenario, dialogue and tags; card import strips links from every text field. */
  scenarioNoLink: 'Scenario should not contain any url/link',
  /** ours. */
  dialogueNoLink: 'Dialogue should not contain any url/link',
  /** ours. */
  tagsNoLink: 'Tags should not contain any url/link',
  /** ours: a tag of more than 50 characters. */
  tagTooLong: 'A tag is maximum of 50 characters',
  /** ours: "a visibility-dependent hard limit yields an error (limit value not shown)"; {count} and {limit} filled in. */
  tokenLimitExceeded: 'Your chatbot is too long: {count}/{limit} tokens. Shorten the greeting, personality, scenario or example dialogue.',
  /** ours: card_extras over CARD_EXTRAS_MAX_BYTES. */
  cardExtrasTooLarge: 'card_extras must be at most 256 KB of JSON',
} as const;

/** The tag counter under the tag picker: "Limit N / 12" (document 1 §5). */
export function tagCounterText(count: number): string {
  return CHARACTER_MESSAGES.tagsCounter.replace('{n}', String(count));
}

/** The token counter as shown: "x/limit" (document 1 §5). */
export function tokenCounterText(count: number, limit: number): string {
  return `${count}/${limit}`;
}

