import { ERROR_MESSAGES, VOICE_DISLIKE_REASON_LABELS, VOICE_LIMITS } from '@fable/contracts';

/**
 * Texts of voices (document 1 §2 "Set Voice / Voice Change", "Voice Selection"; §4 audio per message; §8 voice texts,
 * verbatim from the contracts' ERROR_MESSAGES.voice). The rest is ours.
 */
export const VOICE_TEXTS = {
  ...ERROR_MESSAGES.voice,
  setVoice: 'Set Voice',
  voiceChange: 'Voice Change',
  modalTitle: 'Voice Selection',
  filterLabel: 'Show voices',
  filters: VOICE_LIMITS.filters,
  empty: 'No voices match this filter.',
  loading: 'Loading voices',
  retry: 'Try again',
  choose: 'Choose',
  current: 'Current voice',
  saving: 'Saving…',
  close: 'Close',
  listen: 'Listen',
  sample: (name: string) => `Listen to ${name}`,
  stopSample: (name: string) => `Stop ${name}'s sample`,
  gender: { male: 'Male', female: 'Female' },
  play: 'Play',
  stop: 'Stop',
  loadingAudio: 'Loading audio…',
  playFailed: 'The message could not be played.',
  // Upgrade prompt (§6: guests create an account, other members upgrade)
  upgradeTitle: 'Hear your chatbots speak',
  upgradeText: 'Voices come with every subscription: pick a voice and hear each reply read aloud.',
  upgrade: 'Upgrade',
  // Voice rating (§4: Like, Dislike, Favorite; Dislike needs a sub-reason)
  rateLabel: 'How did the voice sound?',
  like: 'Like',
  dislike: 'Dislike',
  favorite: 'Favorite',
  whatWrong: 'What was wrong with the voice?',
  reasons: VOICE_DISLIKE_REASON_LABELS,
} as const;
