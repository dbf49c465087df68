/**
 * Texts of the subscribe page. Verbatim from the spec (document 2 §2, §9): 'Pay Annually', 'Pay Monthly' (the tabs,
 * plans.ts), 'Compare Plans', 'You already have an active subscription', 'Manage Subscription', the marketing names
 * and features (plans.ts). The rest the spec describes without words: ours.
 */
export const SUBSCRIBE_TEXTS = {
  title: 'Choose your plan',
  intro: 'Support the platform and unlock more of it. Cancel any time; your benefits last to the end of the billing cycle.',
  activeSubscription: 'You already have an active subscription',
  manageSubscription: 'Manage Subscription',
  comparePlans: 'Compare Plans',
  perMonth: '/ month',
  perYear: '/ year',
  listPrice: 'Regular price',
  includesLower: (lower: string) => `Everything in ${lower}, plus:`,
  choose: (name: string) => `Choose ${name}`,
  yourPlan: 'Your plan',
  recommended: 'Most popular',
  otherWays: 'Other ways to subscribe',
  crypto: 'Pay with crypto',
  cryptoLink: 'See the crypto plans',
  cryptoHint: 'Hosted crypto payment, linked to your account by hand.',
  supporters: 'Support us on',
  supporterLink: 'Already a SubscribeStar supporter? Link your account',
  supportTitle: 'Need help?',
  support: 'Questions about billing? Contact support',
  supportersTitle: 'Supporter platforms',
  faqTitle: 'Frequently asked questions',
  deviceSwitchTitle: 'Switch device',
  deviceSwitch:
    'You subscribed in our mobile app, so your subscription is managed there. Open the app on the device you subscribed with to change or cancel it.',
  deviceSwitchClose: 'Got it',
} as const;

/** The FAQ (document 2 §2 "FAQ accordion"); the spec names it, not its questions: ours, from §2 and §4's rules. */
export const SUBSCRIBE_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Does my subscription renew automatically?',
    answer: 'Yes. Monthly plans renew every month and annual plans every year, until you cancel in the subscriber portal.',
  },
  {
    question: 'What happens when I cancel?',
    answer: 'You keep every benefit until the end of the billing cycle you paid for. You can undo the cancellation until then.',
  },
  {
    question: 'Can I change my plan later?',
    answer: 'Yes. An upgrade is prorated and charged at once; a downgrade lowers your future payments from the next billing cycle.',
  },
  {
    question: 'Can I pay without a card?',
    answer: 'Yes. The checkout offers other payment methods depending on your country, and you can pay with crypto.',
  },
  {
    question: 'Do you give refunds?',
    answer: 'Refunds are given only in exceptional cases. Contact support if something went wrong with a payment.',
  },
];
