import { z } from 'zod';
import { IdSchema } from '../entities/common';
import { VoiceFeedbackSchema, VoiceSchema } from '../entities/voice';
import { defineCall } from './apiCall';
import { ConversationParamsSchema } from './chat';

/**
 * Voices (document 1 §2 "Set Voice / Voice Change" and the Voice Selection modal, §4 audio per message, §6 voice
 * rule, §7 "Voices" calls and the realtime socket, §8 texts, §9 filters and the 0.3 s lead).
 *
 * The socket: the browser opens `SPEECH_SOCKET_PATH`, sends one {@link SpeechPlayRequest} per message to play, and
 * gets `audio_url` (where the whole message's audio is kept), then `chunk` events (one WAV each, a sentence or a few,
 * in order) and `done`; or `error`. Audio already made for that message and voice comes as `audio_url` with
 * `cached: true` and `done`, without chunks. The browser cannot set headers on a WebSocket: the member's access token
 * travels in the request.
 */

export const VoicesResultSchema = z.object({ voices: z.array(VoiceSchema) });
export type VoicesResult = z.infer<typeof VoicesResultSchema>;

export const SetVoiceBodySchema = z.object({ voice_id: IdSchema });
export const SetVoiceResultSchema = z.object({ conversation_id: IdSchema, voice_id: IdSchema });

export const VoiceParamsSchema = z.object({ voiceId: IdSchema });
export const SpeechAudioParamsSchema = z.object({ messageId: IdSchema, voiceId: IdSchema });

/** The socket's path under /api. */
export const SPEECH_SOCKET_PATH = '/speech/socket';

/** The most text one message's speech is made of (longer messages are read to this length). */
export const SPEECH_TEXT_MAX = 4000;

export const SpeechPlayRequestSchema = z.object({
  type: z.literal('play'),
  /** The member's access token; guests send none (and are asked to sign up). */
  access_token: z.string().min(1).max(4096).optional(),
  /** X-Application-Id's value (default the main brand). */
  application_id: z.string().max(64).optional(),
  message_id: IdSchema,
  voice_id: IdSchema,
  /** The browser's number for this request, echoed in every event of its answer (a replay tells its own apart). */
  request_id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type SpeechPlayRequest = z.infer<typeof SpeechPlayRequestSchema>;
/** Stops listening to the message playing: its making stops when no one else listens. */
export const SpeechStopRequestSchema = z.object({ type: z.literal('stop') });
export const SpeechClientMessageSchema = z.discriminatedUnion('type', [SpeechPlayRequestSchema, SpeechStopRequestSchema]);

const requestId = { request_id: z.number().int().optional() };
export const SpeechEventSchema = z.discriminatedUnion('type', [
  /** audio_url names the text's version (?v=): an edited message's audio is another URL. */
  z.object({ type: z.literal('audio_url'), message_id: IdSchema, audio_url: z.string(), cached: z.boolean(), ...requestId }),
  /** One WAV file, base64: a sentence (the first alone, so that it comes fast) or a few. */
  z.object({ type: z.literal('chunk'), message_id: IdSchema, index: z.number().int().min(0), audio: z.string(), ...requestId }),
  z.object({ type: z.literal('done'), message_id: IdSchema, chunks: z.number().int().min(0), ...requestId }),
  z.object({ type: z.literal('error'), message_id: IdSchema.nullable(), code: z.string(), message: z.string(), ...requestId }),
]);
export type SpeechEvent = z.infer<typeof SpeechEventSchema>;

export const VOICE_MESSAGES = {
  signUp: 'Create a free account to hear chatbots speak.',
  upgrade: 'Voices come with a subscription. Upgrade to hear chatbots speak.',
  unknownVoice: 'There is no such voice.',
  notSpoken: 'This message has nothing to read aloud.',
  badRequest: 'The play request is not valid.',
  synthesisFailed: 'The voice could not be made. Try again.',
  reasonRequired: 'Tell us what was wrong with the voice.',
} as const;

export const VOICE_ERROR_CODES = {
  SIGN_UP: 'voice_sign_up',
  UPGRADE: 'voice_upgrade',
  UNKNOWN_VOICE: 'unknown_voice',
  NOT_SPOKEN: 'message_not_spoken',
  BAD_REQUEST: 'speech_bad_request',
  SYNTHESIS_FAILED: 'speech_failed',
} as const;

export const voiceCalls = {
  voices: defineCall({ method: 'GET', path: '/voices', access: 'guest', response: VoicesResultSchema }),
  setConversationVoice: defineCall({
    method: 'PUT',
    path: '/conversations/:conversationId/voice',
    access: 'member',
    params: ConversationParamsSchema,
    body: SetVoiceBodySchema,
    response: SetVoiceResultSchema,
  }),
  /** Whether speech input can be transcribed by the API (a transcription endpoint is configured). */
  speechInput: defineCall({ method: 'GET', path: '/speech/input', access: 'public', response: z.object({ transcription: z.boolean() }) }),
  /** Rate voice quality (message id, voice id, rating; Dislike needs a reason). */
  voiceFeedback: defineCall({
    method: 'POST',
    path: '/voices/feedback',
    access: 'member',
    body: VoiceFeedbackSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;

/** GET: a voice's sample (audio/wav); public, like avatars. */
export const VOICE_SAMPLE_PATH = '/voices/:voiceId/sample';
/** GET: a message's audio in a voice (audio/wav), once made; the conversation's member only. */
export const SPEECH_AUDIO_PATH = '/speech/:messageId/:voiceId';

/**
 * POST: speech input's recording (the raw bytes, Content-Type one of SPEECH_INPUT_TYPES, at most
 * SPEECH_INPUT_MAX_BYTES) → `{text}`, transcribed by the configured endpoint in en-US (document 1 §9); members only.
 */
export const TRANSCRIPTION_PATH = '/speech/transcriptions';
export const SPEECH_INPUT_MAX_BYTES = 5 * 1024 * 1024;
export const SPEECH_INPUT_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav'] as const;
export const TranscriptionResultSchema = z.object({ text: z.string() });
export const TRANSCRIPTION_MESSAGES = {
  unavailable: 'Speech input is not available here.',
  unsupportedType: `Send the recording as one of ${SPEECH_INPUT_TYPES.join(', ')}.`,
  failed: 'We could not understand the recording. Try again.',
} as const;
