/** The waiting room's texts (document 1 §4 "Waiting queue", verbatim where quoted there; the rest ours). */
export const QUEUE_TEXTS = {
  /** Banner, 60 or more seconds left. */
  waitingMinutes: (minutes: number) => `Waiting Time is ${minutes} Minutes`,
  /** Banner, less than 60 seconds left (or no estimate yet). */
  waitingPosition: (position: number) => `Waiting Room Position: ${position}`,
  inLine: (position: number) => `You are in line to chat: ${position}`,
  estimatedWait: (minutes: number) => `Estimated wait time: ${minutes} Minutes`,
  chatAvailable: 'Chat is Available',
  // Ours.
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
