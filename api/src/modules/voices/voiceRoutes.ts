import { SPEECH_AUDIO_PATH, VOICE_SAMPLE_PATH, SpeechAudioParamsSchema, VoiceParamsSchema, voiceCalls } from '@fable/contracts';
import { memberOf } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ApiPlugin } from '../../http/apiPlugin';
import { spokenText } from '../../infra/speech/speechText';
import { IN_MEMORY } from '../../config';
import { openImageStore } from '../../infra/storage/openObjectStore';
import { conversationNotFound, messageNotFound } from '../chat/chatErrors';
import { findOwnMessage } from '../chat/chatRepository';
import type { ImageDeps } from '../images/imageRouteContext';
import { assertMaySpeak, assertVoice } from '../../http/voiceAccess';
import { createSpeechMaking } from './speechMaking';
import { speechSocket } from './speechSocket';
import { transcriptionRoute } from './transcriptionRoute';

/** What a voice's sample says. */
const SAMPLE_TEXT = 'Hello! This is how I sound. Shall we begin our story?';

/**
 * Voices (README "Voices"): the list, a voice's sample, a conversation's voice, voice feedback, a message's audio, and
 * the realtime socket that streams it (speechSocket.ts). Speech is made by deps.speech (eSpeak NG or an
 * OpenAI-compatible endpoint) and kept in the app's object store.
 */
export const voiceRoutes: ApiPlugin<ImageDeps> = async (app, deps) => {
  const { db, clock, speech } = deps;
  const store = deps.imageStore ?? openImageStore(deps.config.imageStorage, deps.config.dataDir, IN_MEMORY);
  if (!deps.imageStore) app.addHook('onClose', async () => store.close());
  const making = createSpeechMaking(speech, store, app.log);

  const list = voiceCalls.voices;
  app.get(list.path, { schema: { response: { 200: list.response } }, config: { access: list.access } }, async () => ({
    voices: speech.voices.map((v) => ({ ...v, audio_url: `/api/voices/${v.id}/sample` })),
  }));

  app.get(VOICE_SAMPLE_PATH, { schema: { params: VoiceParamsSchema }, config: { access: 'public' } }, async (request, reply) => {
    const { voiceId } = request.params;
    assertVoice(speech, voiceId);
    const sample = { messageId: 'samples', voiceId, text: SAMPLE_TEXT };
    const wav = (await making.cached(sample)) ?? (await speakWhole(making, sample));
    return reply.type('audio/wav').header('cache-control', 'public, max-age=86400').send(wav);
  });

  const setVoice = voiceCalls.setConversationVoice;
  app.put(
    setVoice.path,
    { schema: { params: setVoice.params, body: setVoice.body, response: { 200: setVoice.response } }, config: { access: setVoice.access } },
    async (request) => {
      const member = memberOf(request);
      assertMaySpeak(member);
      assertVoice(speech, request.body.voice_id);
      const { rowCount } = await db.query('update conversations set voice_id = $3, updated_at = $4 where id = $1 and user_id = $2', [
        request.params.conversationId,
        member.userId,
        request.body.voice_id,
        clock.now(),
      ]);
      if (rowCount === 0) throw conversationNotFound();
      return { conversation_id: request.params.conversationId, voice_id: request.body.voice_id };
    },
  );

  const feedback = voiceCalls.voiceFeedback;
  app.post(
    feedback.path,
    { schema: { body: feedback.body, response: { 200: feedback.response } }, config: { access: feedback.access } },
    async (request) => {
      const member = memberOf(request);
      assertMaySpeak(member);
      const { message_id: messageId, voice_id: voiceId, rating, reason } = request.body;
      assertVoice(speech, voiceId);
      if (!(await findOwnMessage(db, messageId, member.userId))) throw messageNotFound();
      const now = clock.now();
      await db.query(
        `insert into voice_feedback (user_id, message_id, voice_id, rating, reason, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $6)
         on conflict (user_id, message_id, voice_id) do update set rating = excluded.rating, reason = excluded.reason, updated_at = excluded.updated_at`,
        [member.userId, messageId, voiceId, rating, rating === 'dislike' ? (reason ?? null) : null, now],
      );
      return { ok: true as const };
    },
  );

  app.get(SPEECH_AUDIO_PATH, { schema: { params: SpeechAudioParamsSchema }, config: { access: 'member' } }, async (request, reply) => {
    const member = memberOf(request);
    const { messageId, voiceId } = request.params;
    assertVoice(speech, voiceId);
    const message = await findOwnMessage(db, messageId, member.userId);
    if (!message) throw messageNotFound();
    const wav = await making.cached({ messageId, voiceId, text: spokenText(message.content) });
    if (!wav) throw AppError.notFound('This message has not been spoken in this voice yet.');
    // Its URL names the text's version (?v=, speechSocket.ts): kept by the browser for an hour, never stale.
    return reply.type('audio/wav').header('cache-control', 'private, max-age=3600').send(wav);
  });

  speechSocket(app, deps, making);
  transcriptionRoute(app, deps);
};

/** The whole audio of a short text (a sample), made and kept like a message's. */
function speakWhole(making: ReturnType<typeof createSpeechMaking>, request: { messageId: string; voiceId: string; text: string }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    making.listen(request, {
      chunk() {},
      done: () => void making.cached(request).then((wav) => (wav ? resolve(wav) : reject(new Error('sample not kept'))), reject),
      failed: reject,
    });
  });
}
