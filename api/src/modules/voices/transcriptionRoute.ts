import { SPEECH_INPUT_MAX_BYTES, SPEECH_INPUT_TYPES, TRANSCRIPTION_MESSAGES, TRANSCRIPTION_PATH, TranscriptionResultSchema, VOICE_LIMITS, voiceCalls } from '@fable/contracts';
import { memberOf } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ApiDeps } from '../../http/apiPlugin';
import { createOpenAiTranscriber } from '../../infra/speech/openAiTranscription';
import type { ImageApp } from '../images/imageRouteContext';

/**
 * Speech input through the API (document 1 §2 microphone, §9 "speech recognition en-US, final results only"): where a
 * transcription endpoint is configured (TRANSCRIPTION_*), the chat's recording is sent here and its text answered;
 * elsewhere the browser's own recognition is all there is (GET /speech/input says which).
 */
export function transcriptionRoute(app: ImageApp, deps: ApiDeps): void {
  const transcriber = deps.config.transcription ? createOpenAiTranscriber(deps.config.transcription) : null;
  const input = voiceCalls.speechInput;
  app.get(input.path, { schema: { response: { 200: input.response } }, config: { access: input.access } }, async () => ({ transcription: transcriber !== null }));

  app.register(async (scope) => {
    // The recording's bytes, as sent; anything else is answered 415 by Fastify.
    scope.addContentTypeParser(SPEECH_INPUT_TYPES as unknown as string[], { parseAs: 'buffer', bodyLimit: SPEECH_INPUT_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.post(
      TRANSCRIPTION_PATH,
      { bodyLimit: SPEECH_INPUT_MAX_BYTES, schema: { response: { 200: TranscriptionResultSchema } }, config: { access: 'member' } },
      async (request) => {
        const member = memberOf(request);
        if (!transcriber) throw new AppError(404, 'speech_input_unavailable', TRANSCRIPTION_MESSAGES.unavailable);
        await deps.rateLimit.transcription(request, member.userId);
        const audio = request.body;
        if (!Buffer.isBuffer(audio) || audio.length === 0) throw new AppError(400, 'speech_input_empty', TRANSCRIPTION_MESSAGES.failed);
        try {
          const language = VOICE_LIMITS.speechRecognitionLang.split('-')[0]!;
          return { text: await transcriber.transcribe(audio, request.headers['content-type'] ?? 'audio/webm', language) };
        } catch (err) {
          request.log.warn({ err, transcriber: transcriber.name }, 'transcription failed');
          throw new AppError(502, 'speech_input_failed', TRANSCRIPTION_MESSAGES.failed);
        }
      },
    );
  });
}
