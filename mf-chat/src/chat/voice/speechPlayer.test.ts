import { createSpeechPlayer, PLAYBACK_LEAD_SECONDS, type PlaybackState } from './speechPlayer';

/** A WebSocket the test talks through: what the player sent, and events the test delivers. */
class FakeSocket {
  static last: FakeSocket;
  static readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  deliver(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

/** An AudioContext whose clock the test sets; each decoded buffer lasts 2 s; started sources are recorded. */
class FakeAudioContext {
  static last: FakeAudioContext;
  currentTime = 10;
  destination = {};
  started: number[] = [];
  constructor() {
    FakeAudioContext.last = this;
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
  decodeAudioData(bytes: ArrayBuffer) {
    return bytes.byteLength > 0 ? Promise.resolve({ duration: 2 }) : Promise.reject(new Error('empty'));
  }
  createBufferSource() {
    const started = this.started;
    return { buffer: null, onended: null, connect() {}, stop() {}, start: (at: number) => started.push(at) };
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeAll(() => {
  Object.assign(globalThis, { WebSocket: FakeSocket, AudioContext: FakeAudioContext });
});

it('asks the socket to play and schedules each chunk after the one before, the first 0.3 s ahead', async () => {
  const states: PlaybackState[] = [];
  const player = createSpeechPlayer({ state: (_id, s) => states.push(s), failed: () => {} });
  await player.play({ messageId: 'm1', voiceId: 'aria', accessToken: 'token', applicationId: 'fable' });
  const sent = JSON.parse(FakeSocket.last.sent[0]!) as { request_id: number };
  expect(sent).toEqual({ type: 'play', access_token: 'token', message_id: 'm1', voice_id: 'aria', application_id: 'fable', request_id: expect.any(Number) });
  const id = sent.request_id;
  expect(FakeSocket.last.url).toMatch(/^ws:\/\/.+\/api\/speech\/socket$/);
  const socket = FakeSocket.last;
  socket.deliver({ type: 'audio_url', message_id: 'm1', audio_url: '/api/speech/m1/aria', cached: false, request_id: id });
  socket.deliver({ type: 'chunk', message_id: 'm1', index: 0, audio: btoa('RIFF-one'), request_id: id });
  // An earlier request's leftover chunk of the same message is not this play's.
  socket.deliver({ type: 'chunk', message_id: 'm1', index: 5, audio: btoa('RIFF-old'), request_id: id - 1 });
  socket.deliver({ type: 'chunk', message_id: 'm1', index: 1, audio: btoa('RIFF-two'), request_id: id });
  await flush();
  await flush();
  expect(FakeAudioContext.last.started).toEqual([10 + PLAYBACK_LEAD_SECONDS, 10 + PLAYBACK_LEAD_SECONDS + 2]);
  expect(states).toEqual(['loading', 'playing', 'playing']);
  player.stop();
  expect(states.at(-1)).toBe('idle');
  expect(JSON.parse(socket.sent.at(-1)!)).toEqual({ type: 'stop' });
});

it('says why a play failed and goes back to idle', async () => {
  const failures: string[] = [];
  const states: PlaybackState[] = [];
  const player = createSpeechPlayer({ state: (_id, s) => states.push(s), failed: (_id, code) => failures.push(code) });
  await player.play({ messageId: 'm2', voiceId: 'aria', accessToken: 'token', applicationId: null });
  const { request_id: id } = JSON.parse(FakeSocket.last.sent.at(-1)!) as { request_id: number };
  FakeSocket.last.deliver({ type: 'error', message_id: 'm2', code: 'voice_upgrade', message: 'Upgrade', request_id: id });
  expect(failures).toEqual(['voice_upgrade']);
  expect(states).toEqual(['loading', 'idle']);
});
