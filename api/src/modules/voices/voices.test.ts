import type { AddressInfo } from 'node:net';
import { VOICE_ERROR_CODES, type SpeechEvent, type Voice } from '@fable/contracts';
import WebSocket from 'ws';
import { createEspeakSynthesizer } from '../../infra/speech/espeakSynthesizer';
import type { SpeechSynthesizer } from '../../infra/speech/speechSynthesizer';
import { speechPieces } from '../../infra/speech/speechText';
import { readWav, wavSeconds } from '../../infra/speech/wav';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { startTestApp, type TestApp } from '../../testing/testApp';
import type { CharacterRow } from '../characters/characterRow';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, newGuest, signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';

/** About 500 characters in six sentences: spoken in pieces, the first alone. */
const LONG_REPLY =
  'The storm has passed, and the harbour is quiet again. I walked the sea wall this morning and counted the boats that came home. ' +
  'Every one of them made it, which is more than I dared to hope last night. The old keeper says the lamp has never burned so bright. ' +
  'Still, something out there is watching the coast, and I would like you to come with me tonight. Bring a lantern, a warm coat, and your courage.';

/**
 * Voices through the API and the realtime socket (issue 27), with the embedded eSpeak NG voices speaking for real:
 * who may use them (§6), the conversation's voice, feedback, and the socket over a real connection (events in order,
 * a closed socket stops the making, a second socket gets the kept audio, two at once share one making).
 */
describe.each(BOTH_BACKENDS)('voices on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let creator: TestMember;
  let bot: CharacterRow;
  const espeak = createEspeakSynthesizer();
  /** The texts the synthesizer was asked to speak, and a gate a test may hold pieces at. */
  const spoken: string[] = [];
  let gate: (() => Promise<void>) | null = null;
  const speech: SpeechSynthesizer = {
    name: espeak.name,
    voices: espeak.voices,
    async synthesize(text, voiceId, signal) {
      spoken.push(text);
      if (gate) await gate();
      return espeak.synthesize(text, voiceId, signal);
    },
    close: () => espeak.close(),
  };

  beforeAll(async () => {
    t = await startTestApp(backend, { app: { speech } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/speech/socket`;
    creator = await signUpMember(t, 'voicecreator');
    bot = await insertCharacter(t.db, creator, { name: 'Wren', title: 'Harbour watcher', greeting: 'You made it through the storm. Sit, warm up.' });
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await espeak.close();
  });
  beforeEach(() => {
    spoken.length = 0;
    gate = null;
  });

  const member = async (name: string, tier: 'free' | 'minimal' | 'basic' | 'premium') => {
    const m = await signUpMember(t, name);
    if (tier !== 'free') await t.db.query('update users set tier = $2 where id = $1', [m.user_id, tier]);
    return m;
  };
  /** A conversation with the greeting and a bot reply; returns the ids of the conversation and of the two messages. */
  const conversation = async (m: TestMember, reply = LONG_REPLY) => {
    const { rows } = await t.db.query<{ id: string }>(
      'insert into conversations (user_id, character_id, created_at, updated_at) values ($1, $2, now(), now()) returning id',
      [m.user_id, bot.id],
    );
    const id = rows[0]!.id;
    const insert = async (role: string, content: string) =>
      (await t.db.query<{ id: string }>(`insert into messages (conversation_id, role, content, created_at, updated_at) values ($1, $2, $3, now(), now()) returning id`, [id, role, content])).rows[0]!.id;
    const greeting = await insert('assistant', bot.greeting);
    const question = await insert('user', 'What happened last night?');
    const answer = await insert('assistant', reply);
    return { id, greeting, question, answer };
  };

  /** Opens a socket, sends the requests, and collects events until `until` says the exchange is over. */
  const ended = (events: SpeechEvent[]) => events.some((x) => x.type === 'done' || x.type === 'error');
  function exchange(requests: unknown[], until: (events: SpeechEvent[]) => boolean = ended) {
    const socket = new WebSocket(url);
    const events: SpeechEvent[] = [];
    const finished = new Promise<SpeechEvent[]>((resolve, reject) => {
      socket.on('open', () => requests.forEach((r) => socket.send(typeof r === 'string' ? r : JSON.stringify(r))));
      const timer = setTimeout(() => reject(new Error(`no end of exchange: ${JSON.stringify(events.map((e) => e.type))}`)), 20_000);
      socket.on('message', (data) => {
        events.push(JSON.parse(String(data)) as SpeechEvent);
        if (until(events)) {
          clearTimeout(timer);
          resolve(events);
        }
      });
      socket.on('error', reject);
    });
    // Closed once the exchange is over; a test that stops early closes it itself.
    if (until === ended) void finished.then(() => socket.close(), () => socket.close());
    return { socket, events, finished };
  }
  const play = (m: TestMember | null, messageId: string, voiceId = 'aria') => ({ type: 'play', access_token: m?.token, message_id: messageId, voice_id: voiceId });

  it('lists voices of both genders, each with a sample that is real speech', async () => {
    const { status, body } = await call<{ voices: Voice[] }>(t, 'GET', '/voices', newGuest().headers);
    expect(status).toBe(200);
    expect(new Set(body.voices.map((v) => v.gender))).toEqual(new Set(['male', 'female']));
    expect(body.voices.length).toBeGreaterThanOrEqual(6);
    const sample = await t.app.inject({ method: 'GET', url: body.voices[0]!.audio_url! });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toBe('audio/wav');
    expect(wavSeconds(sample.rawPayload)).toBeGreaterThan(1.5);
    // Not silence: the samples swing well away from zero.
    const pcm = readWav(sample.rawPayload).data;
    let peak = 0;
    for (let i = 0; i + 1 < pcm.length; i += 2) peak = Math.max(peak, Math.abs(pcm.readInt16LE(i)));
    expect(peak).toBeGreaterThan(3000);
    expect((await t.app.inject({ method: 'GET', url: '/api/voices/nobody/sample' })).statusCode).toBe(404);
    // No transcription endpoint here: speech input is the browser's own, and the API says so.
    expect((await call(t, 'GET', '/speech/input', {})).body).toEqual({ transcription: false });
    const refused = await t.app.inject({ method: 'POST', url: '/api/speech/transcriptions', headers: { ...creator.headers, 'content-type': 'audio/webm' }, payload: Buffer.alloc(500, 1) });
    expect(refused.statusCode).toBe(404);
  }, 30_000);

  it('sets a conversation’s voice for paid members only, and creates a conversation with a voice', async () => {
    const paid = await member('voicepaid', 'minimal');
    const free = await member('voicefree', 'free');
    const c = await conversation(paid);
    expect((await call(t, 'PUT', `/conversations/${c.id}/voice`, paid.headers, { voice_id: 'edgar' })).body).toEqual({ conversation_id: c.id, voice_id: 'edgar' });
    expect((await call(t, 'GET', `/conversations/${c.id}/messages`, paid.headers)).body.conversation).toMatchObject({ voice_id: 'edgar' });
    expect((await call(t, 'PUT', `/conversations/${c.id}/voice`, paid.headers, { voice_id: 'nobody' })).body.error.code).toBe(VOICE_ERROR_CODES.UNKNOWN_VOICE);
    expect((await call(t, 'PUT', `/conversations/${c.id}/voice`, paid.headers, { voice_id: '' })).status).toBe(400);
    const foreign = await call(t, 'PUT', `/conversations/${c.id}/voice`, (await member('voiceother', 'premium')).headers, { voice_id: 'aria' });
    expect(foreign.status).toBe(404);
    const refused = await call(t, 'PUT', `/conversations/${(await conversation(free)).id}/voice`, free.headers, { voice_id: 'aria' });
    expect(refused).toMatchObject({ status: 403, body: { error: { code: VOICE_ERROR_CODES.UPGRADE } } });
    expect((await call(t, 'PUT', `/conversations/${c.id}/voice`, newGuest().headers, { voice_id: 'aria' })).status).toBe(401);

    const created = await call<{ id: string }>(t, 'POST', `/characters/${bot.id}/conversations`, paid.headers, { voice_id: 'travis' });
    expect(created.status).toBe(200);
    expect((await call(t, 'GET', `/conversations/${created.body.id}/messages`, paid.headers)).body.conversation).toMatchObject({ voice_id: 'travis' });
    const freeCreate = await call(t, 'POST', `/characters/${bot.id}/conversations`, free.headers, { voice_id: 'travis' });
    expect(freeCreate.body.error.code).toBe(VOICE_ERROR_CODES.UPGRADE);
  });

  it('keeps one voice rating per member, message and voice; Dislike needs a reason', async () => {
    const m = await member('voicerater', 'basic');
    const c = await conversation(m, 'Short and sweet.');
    const rate = (body: Record<string, unknown>, who = m) => call(t, 'POST', '/voices/feedback', who.headers, body);
    expect((await rate({ message_id: c.answer, voice_id: 'aria', rating: 'dislike' })).status).toBe(400);
    expect((await rate({ message_id: c.answer, voice_id: 'aria', rating: 'dislike', reason: 'too_fast' })).body).toEqual({ ok: true });
    expect((await rate({ message_id: c.answer, voice_id: 'aria', rating: 'love' })).body).toEqual({ ok: true });
    const { rows } = await t.db.query('select rating, reason from voice_feedback where message_id = $1', [c.answer]);
    expect(rows).toEqual([{ rating: 'love', reason: null }]);
    expect((await rate({ message_id: c.answer, voice_id: 'aria', rating: 'like' }, await member('voicestranger', 'premium'))).status).toBe(404);
    expect((await rate({ message_id: c.answer, voice_id: 'aria', rating: 'like' }, await member('voicefree2', 'free'))).status).toBe(403);
    expect((await rate({ message_id: c.answer, voice_id: 'aria', rating: 'meh' })).status).toBe(400);
  });

  it('streams audio_url, the pieces in order and done over a real socket; the kept audio is the pieces joined', async () => {
    const m = await member('voicelistener', 'premium');
    const c = await conversation(m);
    const pieces = speechPieces(LONG_REPLY);
    expect(pieces.length).toBeGreaterThan(2);
    const { finished } = exchange([play(m, c.answer, 'dorian')]);
    const events = await finished;
    expect(events.map((e) => e.type)).toEqual(['audio_url', ...pieces.map(() => 'chunk'), 'done']);
    expect(events[0]).toMatchObject({ type: 'audio_url', message_id: c.answer, cached: false });
    const audioUrl = (events[0] as { audio_url: string }).audio_url;
    expect(audioUrl).toMatch(new RegExp(`^/api/speech/${c.answer}/dorian\\?v=[0-9a-f]{16}$`));
    const chunks = events.filter((e): e is Extract<SpeechEvent, { type: 'chunk' }> => e.type === 'chunk');
    expect(chunks.map((e) => e.index)).toEqual(pieces.map((_, i) => i));
    expect(events.at(-1)).toEqual({ type: 'done', message_id: c.answer, chunks: pieces.length });
    expect(spoken).toEqual(pieces);

    const kept = await t.app.inject({ method: 'GET', url: audioUrl, headers: m.headers });
    expect(kept.statusCode).toBe(200);
    const pieceBytes = chunks.reduce((sum, e) => sum + readWav(Buffer.from(e.audio, 'base64')).data.length, 0);
    expect(readWav(kept.rawPayload).data.length).toBe(pieceBytes);
    expect(wavSeconds(kept.rawPayload)).toBeGreaterThan(15);
    // Someone else cannot fetch it; a voice never played for it is not there.
    expect((await t.app.inject({ method: 'GET', url: `/api/speech/${c.answer}/dorian`, headers: (await member('voicepeeker', 'premium')).headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/speech/${c.answer}/aria`, headers: m.headers })).statusCode).toBe(404);

    // A second socket on the same message and voice gets the kept audio, nothing is spoken again.
    spoken.length = 0;
    const again = await exchange([play(m, c.answer, 'dorian')]).finished;
    expect(again).toEqual([
      { type: 'audio_url', message_id: c.answer, audio_url: audioUrl, cached: true },
      { type: 'done', message_id: c.answer, chunks: 0 },
    ]);
    // Edited, the message is another version: another URL, spoken anew.
    await t.db.query(`update messages set content = 'The storm is over.' where id = $1`, [c.answer]);
    const edited = await exchange([{ ...play(m, c.answer, 'dorian'), request_id: 7 }]).finished;
    expect(edited.map((e) => e.type)).toEqual(['audio_url', 'chunk', 'done']);
    expect(edited.every((e) => e.request_id === 7)).toBe(true);
    expect((edited[0] as { audio_url: string }).audio_url).not.toBe(audioUrl);
    // Only the edited text was spoken: the kept audio answered the second play.
    expect(spoken).toEqual(['The storm is over.']);
  }, 60_000);

  it('stops making speech on a stop message, and keeps nothing half-made', async () => {
    const m = await member('voicestopper', 'premium');
    const c = await conversation(m);
    const releases: Array<() => void> = [];
    gate = () => new Promise<void>((resolve) => releases.push(resolve));
    const first = exchange([play(m, c.answer, 'edgar')], (events) => events.some((e) => e.type === 'chunk'));
    while (releases.length === 0) await new Promise((r) => setTimeout(r, 10));
    releases.shift()!();
    await first.finished;
    first.socket.send(JSON.stringify({ type: 'stop' }));
    await new Promise((r) => setTimeout(r, 100));
    while (releases.length > 0) releases.shift()!();
    await new Promise((r) => setTimeout(r, 500));
    expect(spoken.length).toBeLessThanOrEqual(2);
    // Nothing more came after the stop, and the socket is still open for the next play.
    expect(first.events.filter((e) => e.type === 'done')).toEqual([]);
    expect(first.socket.readyState).toBe(WebSocket.OPEN);
    first.socket.close();
  }, 30_000);

  it('stops making speech when the socket closes, and keeps nothing half-made', async () => {
    const m = await member('voicequitter', 'premium');
    const c = await conversation(m);
    const releases: Array<() => void> = [];
    gate = () => new Promise<void>((resolve) => releases.push(resolve));
    const first = exchange([play(m, c.answer, 'belle')], (events) => events.some((e) => e.type === 'audio_url'));
    await first.finished;
    while (releases.length === 0) await new Promise((r) => setTimeout(r, 10));
    releases.shift()!();
    while (!first.events.some((e) => e.type === 'chunk')) await new Promise((r) => setTimeout(r, 10));
    first.socket.close();
    await new Promise((r) => setTimeout(r, 100));
    while (releases.length > 0) releases.shift()!();
    await new Promise((r) => setTimeout(r, 500));
    expect(spoken.length).toBeLessThanOrEqual(2);
    expect(spoken.length).toBeLessThan(speechPieces(LONG_REPLY).length);
    expect((await t.app.inject({ method: 'GET', url: `/api/speech/${c.answer}/belle`, headers: m.headers })).statusCode).toBe(404);
  }, 30_000);

  it('shares one making between two sockets playing the same message at once', async () => {
    const m = await member('voicetwins', 'basic');
    const c = await conversation(m);
    const [a, b] = await Promise.all([exchange([play(m, c.answer, 'nova')]).finished, exchange([play(m, c.answer, 'nova')]).finished]);
    const pieces = speechPieces(LONG_REPLY);
    for (const events of [a, b]) {
      expect(events.filter((e) => e.type === 'chunk').map((e) => (e as { index: number }).index)).toEqual(pieces.map((_, i) => i));
      expect(events.at(-1)).toMatchObject({ type: 'done', chunks: pieces.length });
    }
    expect(spoken).toEqual(pieces);
  }, 60_000);

  it('answers every bad request on the socket with an error event and speaks nothing', async () => {
    const paid = await member('voicechecker', 'premium');
    const free = await member('voicecheapo', 'free');
    const c = await conversation(paid);
    const errorOf = async (request: unknown) => {
      const events = await exchange([request]).finished;
      expect(events).toHaveLength(1);
      return events[0] as Extract<SpeechEvent, { type: 'error' }>;
    };
    expect((await errorOf('not json')).code).toBe(VOICE_ERROR_CODES.BAD_REQUEST);
    expect((await errorOf({ type: 'play', message_id: c.answer })).code).toBe(VOICE_ERROR_CODES.BAD_REQUEST);
    expect((await errorOf({ ...play(paid, c.answer), message_id: 'x\u0000' })).code).toBe(VOICE_ERROR_CODES.BAD_REQUEST);
    expect((await errorOf({ ...play(paid, c.answer), application_id: 'NOT VALID' })).code).toBe(VOICE_ERROR_CODES.BAD_REQUEST);
    expect((await errorOf(play(null, c.answer))).code).toBe(VOICE_ERROR_CODES.SIGN_UP);
    expect((await errorOf({ ...play(paid, c.answer), access_token: 'forged' })).code).toBe('invalid_token');
    expect((await errorOf(play(free, (await conversation(free)).answer))).code).toBe(VOICE_ERROR_CODES.UPGRADE);
    expect((await errorOf(play(paid, c.answer, 'nobody'))).code).toBe(VOICE_ERROR_CODES.UNKNOWN_VOICE);
    expect((await errorOf(play(paid, c.question))).code).toBe(VOICE_ERROR_CODES.NOT_SPOKEN);
    expect((await errorOf(play(await member('voicesnoop', 'premium'), c.answer))).code).toBe('not_found');
    expect(spoken).toEqual([]);
  }, 30_000);
});
