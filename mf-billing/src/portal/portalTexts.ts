/**
 * Texts of the subscriber portal. Verbatim from document 2 §4 and §8: 'Next charge date', 'Your access ends on',
 * 'Cancelled', 'Pay amount due', 'Your subscription has expired.', 'Choose Plan & Reactivate'. The spec names the
 * rest without giving its words (the cards, the payment-failed message, the note with the current plan name, the
 * dialogs): those are ours. The 'switch device' message is the subscribe page's (SUBSCRIBE_TEXTS.deviceSwitch).
 */
export const PORTAL_TEXTS = {
  title: 'Manage Subscription',
  loading: 'Loading your subscription',
  loadError: 'We could not load your subscription.',
  retry: 'Try again',
  emptyTitle: 'You have no subscription',
  emptyDescription: 'Subscribe to chat without waiting, with longer memory and the bigger models.',
  emptyAction: 'Subscribe',

  currentPlan: 'Current plan',
  nextChargeDate: 'Next charge date',
  accessEndsOn: 'Your access ends on',
  cancelledTag: 'Cancelled',
  paymentFailedTag: 'Payment failed',
  expiredTag: 'Expired',
  renewal: 'Renewal',
  perMonth: '/ month',
  perYear: '/ year',
  /** The note when the current plan differs from the next one: it names the current plan. */
  nextPlanNote: (current: string, next: string) => `You keep ${current} until your next charge date, then your plan changes to ${next}.`,

  paymentMethod: 'Payment method',
  cardEnding: (last4: string) => `ending in ${last4}`,
  cardDeleted: 'Your card has been removed. Add a new card so your subscription can renew.',
  noCard: 'No card on file.',

  planActions: 'Plan actions',
  changePlan: 'Change Plan',
  changeCard: 'Change Card',
  cancel: 'Cancel Subscription',
  uncancel: 'Resume Subscription',
  payAmountDue: 'Pay amount due',
  paymentFailed: 'Your last payment failed. Pay the amount due to keep your subscription and its benefits.',
  expired: 'Your subscription has expired.',
  reactivate: 'Choose Plan & Reactivate',
  changePlanDisabledNote: 'Resume your subscription to change its plan.',

  cancelDialog: {
    title: 'Cancel your subscription?',
    message: (date: string) => `You keep your benefits until ${date}. After that your plan ends and you are not charged again.`,
    confirm: 'Cancel Subscription',
    keep: 'Keep Subscription',
  },

  changePlanDialog: {
    title: 'Change Plan',
    legend: 'Choose a plan',
    annualOnly: 'Yearly subscribers can change to another yearly plan.',
    currentTag: 'Current plan',
    prorated: (amount: string) => `You will be charged ${amount} now, prorated for the rest of your billing period, plus taxes.`,
    nextCycle: 'The change takes effect at the next billing cycle; nothing is charged now.',
    noPlans: 'There is no other plan to change to.',
    confirm: 'Change Plan',
    cancel: 'Cancel',
  },

  changeCardDialog: {
    title: 'Change Card',
    intro: 'The new card is used for your next charges.',
    loadError: 'The card fields could not be loaded.',
    /** change_card answered REQUIRES_ACTION: the bank's challenge shows in the dialog. */
    challenge: 'Your bank asks you to confirm this card.',
    save: 'Save Card',
    cancel: 'Cancel',
  },

  /** What a successful action says when the server sends no message. */
  done: {
    cancel: 'Your subscription has been cancelled.',
    uncancel: 'Your subscription has been resumed.',
    change_plan: 'Your plan has been changed.',
    change_card: 'Your card has been updated.',
    charge_rebill: 'Your payment was received.',
  },

  /** A supporter platform's subscription (Boosty, SubscribeStar) is managed on that platform. */
  supporterTitle: 'Your subscription is managed elsewhere',
  supporter: (platform: string) => `You subscribed through ${platform}. Manage your subscription on ${platform}.`,
} as const;

/** The names of the platforms whose subscriptions the portal does not manage (document 2 §3). */
export const PLATFORM_NAMES: Record<string, string> = {
  boosty: 'Boosty',
  subscribestar: 'SubscribeStar',
};
