import { VOICE_ERROR_CODES, VOICE_MESSAGES, voiceAccess } from '@fable/contracts';
import type { Caller } from './access';
import { AppError } from './appError';
import type { SpeechSynthesizer } from '../infra/speech/speechSynthesizer';

/** The voice rule of document 1 §6 for a caller: guests are asked to sign up, members without it to upgrade. */
export function assertMaySpeak(caller: Caller): void {
  const member = caller.kind === 'member' ? caller.user : null;
  const access = voiceAccess({ permissions: member?.permissions ?? null, tier: member?.effective_tier ?? null });
  if (access === 'sign_up') throw AppError.forbidden(VOICE_MESSAGES.signUp, VOICE_ERROR_CODES.SIGN_UP);
  if (access === 'upgrade') throw AppError.forbidden(VOICE_MESSAGES.upgrade, VOICE_ERROR_CODES.UPGRADE);
}

/** 404 unknown_voice unless the synthesizer speaks with the voice. */
export function assertVoice(speech: SpeechSynthesizer, voiceId: string): void {
  if (!speech.voices.some((v) => v.id === voiceId)) throw new AppError(404, VOICE_ERROR_CODES.UNKNOWN_VOICE, VOICE_MESSAGES.unknownVoice);
}
