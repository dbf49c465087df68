import '@fastify/websocket';
import { APPLICATION_ID_PATTERN, SPEECH_SOCKET_PATH, SpeechClientMessageSchema, VOICE_ERROR_CODES, VOICE_MESSAGES, type SpeechEvent, type SpeechPlayRequest } from '@fable/contracts';
import type { WebSocket } from 'ws';
import { DEFAULT_APPLICATION_ID, memberOfToken, type Caller } from '../../http/access';
import { AppError } from '../../http/appError';
import { findInputIssues } from '../../http/inputGuard';
import type { ApiDeps } from '../../http/apiPlugin';
import { spokenText } from '../../infra/speech/speechText';
import { findOwnMessage } from '../chat/chatRepository';
import { findSessionUser } from '../users/userRepository';
import type { ImageApp } from '../images/imageRouteContext';
import { assertMaySpeak, assertVoice } from '../../http/voiceAccess';
import type { SpeechMaking } from './speechMaking';

/**
 * The realtime socket (document 1 §7): each `play` request is answered `audio_url`, then the `chunk`s and `done`
 * (or `error`), every event carrying the request's `request_id`. One message plays at a time per socket: any new
 * message (`stop`, another play) stops listening to the previous one, as a closed socket does; a making no one listens
 * to stops (speechMaking.ts).
 */
export function speechSocket(app: ImageApp, deps: ApiDeps, making: SpeechMaking): void {
  const { db, speech } = deps;
  const auth = { tokens: deps.tokens, clock: deps.clock, findSessionUser: (userId: string, sessionId: string, now: Date) => findSessionUser(db, userId, sessionId, now, deps.secrets) };

  app.get(SPEECH_SOCKET_PATH, { websocket: true, config: { access: 'public' } }, (socket: WebSocket, request) => {
    let leave: (() => void) | null = null;
    // The latest request's number: an older request still on its way stops before it listens.
    let latest = 0;
    let closed = false;
    const send = (event: SpeechEvent) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    };
    const stop = () => {
      leave?.();
      leave = null;
    };
    socket.on('close', () => {
      closed = true;
      stop();
    });

    const play = async (play: SpeechPlayRequest, number: number, tag: { request_id?: number }) => {
      const applicationId = play.application_id ?? DEFAULT_APPLICATION_ID;
      const caller: Caller = play.access_token ? await memberOfToken(auth, play.access_token, applicationId) : { kind: 'anonymous', applicationId };
      assertMaySpeak(caller);
      if (caller.kind !== 'member') return;
      assertVoice(speech, play.voice_id);
      await deps.rateLimit.speech(request, caller.userId);
      const message = await findOwnMessage(db, play.message_id, caller.userId);
      if (!message) throw AppError.notFound('Message not found');
      const text = message.role === 'assistant' ? spokenText(message.content) : '';
      if (!text) throw new AppError(422, VOICE_ERROR_CODES.NOT_SPOKEN, VOICE_MESSAGES.notSpoken);
      const target = { messageId: message.id, voiceId: play.voice_id, text };
      const messageId = message.id;
      const cached = (await making.cached(target)) !== null;
      if (closed || number !== latest) return;
      const audioUrl = `/api/speech/${messageId}/${play.voice_id}?v=${making.versionOf(target)}`;
      send({ type: 'audio_url', message_id: messageId, audio_url: audioUrl, cached, ...tag });
      if (cached) {
        send({ type: 'done', message_id: messageId, chunks: 0, ...tag });
        return;
      }
      leave = making.listen(target, {
        chunk: (index, wav) => send({ type: 'chunk', message_id: messageId, index, audio: wav.toString('base64'), ...tag }),
        done: (chunks) => send({ type: 'done', message_id: messageId, chunks, ...tag }),
        failed: () => send({ type: 'error', message_id: messageId, code: VOICE_ERROR_CODES.SYNTHESIS_FAILED, message: VOICE_MESSAGES.synthesisFailed, ...tag }),
      });
    };

    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      // Any message ends what played before (a stop, a new play, or a bad request).
      stop();
      latest += 1;
      let parsed: unknown = null;
      try {
        parsed = isBinary ? null : JSON.parse(raw.toString('utf8'));
      } catch {
        parsed = null;
      }
      const result = SpeechClientMessageSchema.safeParse(parsed);
      if (result.success && result.data.type === 'stop') return;
      const data = result.success && result.data.type === 'play' ? result.data : null;
      // The HTTP routes' input guard, for the socket's requests: no NUL, no unpaired surrogates.
      if (!data || findInputIssues('body', data).length > 0 || (data.application_id !== undefined && !APPLICATION_ID_PATTERN.test(data.application_id))) {
        send({ type: 'error', message_id: null, code: VOICE_ERROR_CODES.BAD_REQUEST, message: VOICE_MESSAGES.badRequest });
        return;
      }
      const tag = data.request_id === undefined ? {} : { request_id: data.request_id };
      play(data, latest, tag).catch((err: unknown) => {
        const known = err instanceof AppError;
        if (!known) request.log.error({ err }, 'speech socket request failed');
        send({ type: 'error', message_id: data.message_id, code: known ? err.code : VOICE_ERROR_CODES.SYNTHESIS_FAILED, message: known ? err.message : VOICE_MESSAGES.synthesisFailed, ...tag });
      });
    });
  });
}
