import type { AddressInfo } from 'node:net';
import { SPEECH_INPUT_MAX_BYTES, TRANSCRIPTION_MESSAGES, type SpeechEvent, type Voice } from '@fable/contracts';
import WebSocket from 'ws';
import { readWav } from '../../infra/speech/wav';
import { FAKE_TRANSCRIPT } from '../../testing/fakeAudioEndpoints';
import { startFakeOpenAiEngine, type FakeOpenAiEngine } from '../../testing/fakeOpenAiEngine';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, newGuest, signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';

/**
 * The configured endpoints of voices (issue 27), against the fake OpenAI-compatible engine over HTTP: speech from
 * `/v1/audio/speech` (TTS_*) streamed over the socket, and speech input transcribed by `/v1/audio/transcriptions`
 * (TRANSCRIPTION_*), with their refusals.
 */
describe.each(BOTH_BACKENDS)('speech and transcription endpoints on %s', (backend) => {
  let t: TestApp;
  let engine: FakeOpenAiEngine;
  let m: TestMember;

  beforeAll(async () => {
    engine = await startFakeOpenAiEngine();
    t = await startTestApp(backend, {
      config: {
        speech: { baseUrl: engine.baseUrl, model: 'tts-1', apiKey: 'speech-key' },
        transcription: { baseUrl: engine.baseUrl, model: 'whisper-1' },
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    m = await signUpMember(t, 'speechendpoints');
    await t.db.query(`update users set tier = 'basic' where id = $1`, [m.user_id]);
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });

  const transcribe = (body: Buffer, type: string, headers = m.headers) =>
    t.app.inject({ method: 'POST', url: '/api/speech/transcriptions', headers: { ...headers, 'content-type': type }, payload: body });

  it('speaks with the endpoint’s voices, piece by piece over the socket', async () => {
    const voices = (await call<{ voices: Voice[] }>(t, 'GET', '/voices', newGuest().headers)).body.voices;
    expect(voices.map((v) => v.id)).toEqual(['coral', 'nova', 'shimmer', 'echo', 'onyx', 'ash']);
    const bot = await insertCharacter(t.db, m, { name: 'Echoes' });
    const { rows } = await t.db.query<{ id: string }>('insert into conversations (user_id, character_id, created_at, updated_at) values ($1, $2, now(), now()) returning id', [m.user_id, bot.id]);
    const { rows: message } = await t.db.query<{ id: string }>(
      `insert into messages (conversation_id, role, content, created_at, updated_at) values ($1, 'assistant', 'First things first. Then the second sentence follows.', now(), now()) returning id`,
      [rows[0]!.id],
    );
    const socket = new WebSocket(`ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/speech/socket`);
    const events: SpeechEvent[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => socket.send(JSON.stringify({ type: 'play', access_token: m.token, message_id: message[0]!.id, voice_id: 'onyx' })));
      socket.on('message', (data) => {
        events.push(JSON.parse(String(data)) as SpeechEvent);
        if (events.at(-1)!.type === 'done' || events.at(-1)!.type === 'error') resolve();
      });
      socket.on('error', reject);
    });
    socket.close();
    expect(events.map((e) => e.type)).toEqual(['audio_url', 'chunk', 'chunk', 'done']);
    const chunk = events[1] as Extract<SpeechEvent, { type: 'chunk' }>;
    expect(readWav(Buffer.from(chunk.audio, 'base64')).sampleRate).toBe(24_000);
    expect(engine.audio.speech.slice(-2)).toEqual([
      { model: 'tts-1', input: 'First things first.', voice: 'onyx', response_format: 'wav', authorization: 'Bearer speech-key' },
      { model: 'tts-1', input: 'Then the second sentence follows.', voice: 'onyx', response_format: 'wav', authorization: 'Bearer speech-key' },
    ]);
  });

  it('transcribes a recording in English for members, and refuses what it cannot take', async () => {
    expect((await call(t, 'GET', '/speech/input', {})).body).toEqual({ transcription: true });
    const recording = Buffer.alloc(4000, 7);
    const heard = await transcribe(recording, 'audio/webm;codecs=opus');
    expect(heard.statusCode).toBe(200);
    expect(heard.json()).toEqual({ text: FAKE_TRANSCRIPT });
    expect(engine.audio.transcriptions.at(-1)).toEqual({ model: 'whisper-1', language: 'en', bytes: 4000, type: 'audio/webm', authorization: undefined });

    expect((await transcribe(recording, 'audio/webm', newGuest().headers)).statusCode).toBe(401);
    expect((await transcribe(recording, 'video/mp4')).statusCode).toBe(415);
    expect((await transcribe(Buffer.alloc(0), 'audio/webm')).statusCode).toBe(400);
    expect((await transcribe(Buffer.alloc(SPEECH_INPUT_MAX_BYTES + 1, 1), 'audio/webm')).statusCode).toBe(413);
    // The endpoint refuses a recording too short to hear: a clear 502, not the provider's words.
    const tooShort = await transcribe(Buffer.alloc(10, 1), 'audio/ogg');
    expect(tooShort.statusCode).toBe(502);
    expect(tooShort.json().error.message).toBe(TRANSCRIPTION_MESSAGES.failed);
  });
});
