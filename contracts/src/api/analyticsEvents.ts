/**
 * The names and values of the analytics events (document 1 §7 "Analytics events: social media click, switch nsfw,
 * login, sign up, card actions"); their schemas and call are in analytics.ts. No zod here: the shell's footer and
 * sign-in read these (docs/adr/0001).
 */

/** The footer's social networks (document 1 §2 Footer: Discord, X, Reddit). */
export const SOCIAL_NETWORKS = ['discord', 'x', 'reddit'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** What a card's user did with it (document 1 §2 "Cards": open, like/unlike, Less Like This, Share, Report, Block Creator). */
export const CARD_ACTIONS = ['open', 'like', 'unlike', 'less_like_this', 'share', 'report', 'block_creator'] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];
/** Card actions only members can take (document 1 §6 "Guest: cannot favourite, block, less-like-this"). */
export const MEMBER_CARD_ACTIONS: readonly CardAction[] = ['like', 'unlike', 'less_like_this', 'block_creator'];

/** How a member signed in: an email code, a social provider's code in the URL, or a partner's entry. */
export const SIGN_IN_METHODS = ['email', 'social', 'partner'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const ANALYTICS_EVENT_NAMES = ['social_media_click', 'switch_nsfw', 'login', 'sign_up', 'card_action'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

