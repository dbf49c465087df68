/**
 * Texts of /link/subscribestar. Verbatim from document 2 §8: 'There was an error linking your account.', 'No active
 * pledge found', "We couldn't find any active pledge associated with your SubscribeStar account". The rest is ours.
 */
export const LINK_TEXTS = {
  title: 'Link your SubscribeStar account',
  intro: 'Connect the SubscribeStar account you pledge with: the tier of your pledge is added to this account.',
  connect: 'Connect SubscribeStar',
  connecting: 'Opening SubscribeStar…',
  linking: 'Linking your SubscribeStar account…',
  successTitle: 'Your SubscribeStar account is linked',
  success: "Your pledge's benefits are now on your account.",
  successTier: (tier: string) => `Your plan: ${tier}`,
  startChatting: 'Start Chatting',
  noPledgeTitle: 'No active pledge found',
  noPledge: "We couldn't find any active pledge associated with your SubscribeStar account",
  tryAgain: 'Try again',
  error: 'There was an error linking your account.',
  reload: 'Reload the page',
} as const;
