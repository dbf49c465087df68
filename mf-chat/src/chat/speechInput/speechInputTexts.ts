/** Texts of speech input (document 1 §2 "Permission Required (microphone)", §8 "Microphone denied: Permission Required"). */
export const SPEECH_INPUT_TEXTS = {
  start: 'Speak your message',
  stop: 'Stop and use what I said',
  transcribing: 'Writing down what you said…',
  permissionTitle: 'Permission Required',
  permissionText: 'Fable needs your microphone to hear you. Allow microphone access for this site in your browser, then try again.',
  ok: 'OK',
  failed: 'We could not understand the recording. Try again.',
  nothingHeard: 'We did not hear anything. Try again.',
} as const;
