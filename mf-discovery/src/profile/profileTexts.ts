import { CHARACTER_MESSAGES, ERROR_MESSAGES, type CharacterVisibility, type ChatbotRating } from '@fable/contracts';

/**
 * Texts of the chatbot profile (document 1 §2 "Chatbot profile", §5, §8). Verbatim where the spec quotes them (taken
 * from contracts where they live there); the others are ours.
 */
export const PROFILE_TEXTS = {
  chatNow: 'Chat Now',
  share: 'Share',
  copied: ERROR_MESSAGES.general.copied,
  copyFailed: ERROR_MESSAGES.general.generic,
  favorite: 'Favorite',
  editChatbot: 'Edit Chatbot',
  report: 'Report',
  byCreator: 'by',
  creatorLinkLabel: (username: string) => `Chatbots of @${username}`,

  blockCreator: 'Block Creator',
  blockConfirm: 'Block',
  blockMessage: (username: string) => `Block @${username}? Their chatbots will no longer show up for you.`,
  blocked: (username: string) => `@${username} blocked`,
  unblockCreator: ERROR_MESSAGES.chat.unblockCreator,
  unblockConfirm: 'Unblock',
  unblockMessage: (username: string) => `Unblock @${username}? Their chatbots will show up for you again.`,
  unblocked: (username: string) => `@${username} unblocked`,
  creatorBlocked: ERROR_MESSAGES.chat.creatorBlocked,

  rate: 'Rate',
  rated: (label: string) => `Rated: ${label}`,
  rateTitle: 'Rate Chatbot',
  rateQuestion: 'How do you like this chatbot?',
  done: 'Done',
  cancel: 'Cancel',
  ratingSubmitted: ERROR_MESSAGES.rating.submitted,
  ratingFailed: ERROR_MESSAGES.rating.failed,

  stats: 'Statistics',
  messages: 'Messages',
  rating: 'Rating',
  noRating: 'Not rated yet',
  tokens: 'Tokens',
  favorites: 'Favorites',
  lorebook: 'Lorebook',

  tags: 'Tags',
  greeting: 'Greeting',
  personality: 'Personality',
  scenario: 'Scenario',
  exampleDialogues: 'Example Dialogues',
  definitionHidden: 'The creator keeps the personality, scenario and example dialogues of this chatbot private.',
  subCharacters: 'Characters in this group',
  noSubCharacters: 'This group has no characters yet.',

  errorTitle: ERROR_MESSAGES.general.errorModalTitle,
  close: 'Close',
  genericError: ERROR_MESSAGES.general.generic,
  loading: 'Loading chatbot',
  loadFailed: ERROR_MESSAGES.search.failedTitle,
  loadFailedHint: ERROR_MESSAGES.search.failedHint,
  tryAgain: ERROR_MESSAGES.search.tryAgain,
  nsfw: 'NSFW',
} as const;

/** Chatbot rating choices (document 1 §3 "Rating values": dislike 1, like 3, love 5), in the dialog's order. */
export const RATING_CHOICES: readonly { value: ChatbotRating; label: string }[] = [
  { value: 1, label: 'Dislike' },
  { value: 3, label: 'Like' },
  { value: 5, label: 'Love' },
];

export function ratingLabel(value: ChatbotRating): string {
  return RATING_CHOICES.find((choice) => choice.value === value)?.label ?? '';
}

/** Texts of the tag suggestion panel (document 1 §2, §4 "Tag suggestion panel: open/closed; send, discard", §5). */
export const TAG_SUGGESTION_TEXTS = {
  open: 'Suggest Tags',
  title: 'Suggest tags',
  intro: 'Help others find this chatbot: remove tags that do not fit and add the ones that do.',
  current: 'Tags to keep',
  add: 'Add tags',
  filter: 'Find a tag',
  noOptions: 'No tags to add.',
  send: 'Send',
  discard: 'Discard',
  keepLimit: CHARACTER_MESSAGES.tagSuggestionKeepLimit,
  empty: CHARACTER_MESSAGES.tagSuggestionEmpty,
  saved: 'Thanks! Your tag suggestion is saved.',
  pending: 'Your pending suggestion',
  adding: 'Adding',
  removing: 'Removing',
  discarded: 'Suggestion discarded',
  sendFailed: ERROR_MESSAGES.suggestion.sendFailed,
  discardFailed: ERROR_MESSAGES.suggestion.discardFailed,
  removeTag: (tag: string) => `Remove ${tag}`,
  keepTag: (tag: string) => `Keep ${tag}`,
} as const;

/**
 * Visibility badges (document 1 §3: hidden is shown as Unlisted). The same words as contracts'
 * CHARACTER_VISIBILITY_LABELS, which lives beside zod schemas this page does not load (a test checks they agree).
 */
export const VISIBILITY_LABELS = {
  private: 'Private',
  permanently_private: 'Private',
  hidden: 'Unlisted',
  public: 'Public',
} as const satisfies Record<CharacterVisibility, string>;
