import type { ERROR_MESSAGES } from '@fable/contracts';

type Catalogue = typeof ERROR_MESSAGES;

/**
 * Texts of the character card and its actions (document 1 §2 "Cards", §4 "Favourite/Like", §8). Verbatim where the
 * spec quotes them ("Copied to clipboard", the favourite-limit text, "Error", "Block Creator", "Less Like This");
 * the others are ours. The catalogue's texts are typed as its literals, not imported at run time (see apiErrors.ts).
 */
export const CARD_TEXTS = {
  actions: (name: string) => `More actions for ${name}`,
  like: 'Like',
  unlike: 'Unlike',
  lessLikeThis: 'Less Like This',
  lessLikeThisDone: "Got it. You'll see fewer chatbots like this.",
  share: 'Share',
  copied: 'Copied to clipboard' satisfies Catalogue['general']['copied'],
  report: 'Report',
  blockCreator: 'Block Creator',
  blockTitle: 'Block Creator',
  blockMessage: (username: string) => `Block @${username}? Their chatbots will no longer show up for you.`,
  blockConfirm: 'Block',
  blocked: (username: string) => `@${username} blocked`,
  errorTitle: 'Error' satisfies Catalogue['general']['errorModalTitle'],
  close: 'Close',
  generic: 'Something went wrong!' satisfies Catalogue['general']['generic'],
  messages: (count: string) => `${count} messages`,
  rating: (percent: number) => `${percent}% rating`,
  by: 'by',
  nsfw: 'NSFW',
  recommended: 'For you',
  group: 'Group',
  liked: 'Liked',
} as const;
