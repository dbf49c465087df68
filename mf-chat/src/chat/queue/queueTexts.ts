import { QUEUE_TEXTS_SPEC } from '@fable/contracts';

/** The waiting room's texts: the spec's (document 1 §4, verbatim, in the contracts) and ours. */
export const QUEUE_TEXTS = {
  ...QUEUE_TEXTS_SPEC,
  modalTitle: 'Waiting Room',
  explanation: 'Many people are chatting right now. Your place in line is kept while this page is open; chat opens by itself when it is your turn.',
  progressLabel: 'Progress to the front of the line',
  offerTitle: 'Skip the waiting line',
  offerText: 'Get a Taste and every plan above it chat at once, whenever they like.',
  upgrade: 'Upgrade',
  learnMore: 'Learn more',
  learnMoreText:
    'When more people want to chat than the characters can answer at once, new chats wait here in the order they came. Paying members skip the line, and I\'m All In members\' replies start first.',
  keepWaiting: 'Keep Waiting',
  dismiss: 'Dismiss',
  composerWaiting: 'You can chat once it is your turn in the waiting room.',
} as const;
