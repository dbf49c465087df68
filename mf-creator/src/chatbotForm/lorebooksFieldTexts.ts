import { LOREBOOK_LIMITS } from '@fable/contracts';

/** Texts of the chatbot form's Lorebooks section (ours: document 2 says only that the form attaches lorebooks). */
export const LOREBOOK_FIELD_TEXTS = {
  heading: 'Lorebooks',
  label: 'Your lorebooks',
  loading: 'Loading your lorebooks',
  failed: 'Your lorebooks could not be loaded.',
  retry: 'Try again',
  none: 'You have no lorebooks yet.',
  create: 'Create Lorebook',
  entries: (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`,
  full: `A chatbot can use at most ${LOREBOOK_LIMITS.perChatbotMax} lorebooks: untick one to tick another.`,
  savedAtOnce: 'Ticking or unticking a lorebook attaches or detaches it at once.',
  attachedOnCreate: 'The lorebooks you tick are attached when the chatbot is created.',
  attachFailed: (reason: string) => `The chatbot was saved, but a lorebook could not be attached (${reason}). Tick it again here.`,
} as const;
