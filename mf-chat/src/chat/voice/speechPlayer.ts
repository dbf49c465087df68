import { API_BASE, API_HEADERS } from '@fable/contracts';

/** Playback starts this far ahead of the audio clock (document 1 §9 "audio playback starts 0.3 s ahead"). */
export const PLAYBACK_LEAD_SECONDS = 0.3;
/** The socket under the API (contracts SPEECH_SOCKET_PATH, copied so the contracts' zod stays off this page). */
const SOCKET_PATH = '/speech/socket';

export type PlaybackState = 'idle' | 'loading' | 'playing';

export interface PlayRequest {
  messageId: string;
  voiceId: string;
  accessToken: string;
  applicationId: string | null;
}

type SpeechEvent = { request_id?: number } & (
  | { type: 'audio_url'; message_id: string; audio_url: string; cached: boolean }
  | { type: 'chunk'; message_id: string; index: number; audio: string }
  | { type: 'done'; message_id: string; chunks: number }
  | { type: 'error'; message_id: string | null; code: string; message: string }
);

export interface SpeechPlayerEvents {
  state(messageId: string, state: PlaybackState): void;
  failed(messageId: string, code: string, message: string): void;
}

const base64Bytes = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0)).buffer;

/**
 * Plays messages aloud (document 1 §4 "Audio per message: idle, play, stop"; §7 the realtime socket): one socket per
 * chat screen, opened on first play; each `chunk` is decoded and scheduled right after the previous one on one
 * AudioContext, the first PLAYBACK_LEAD_SECONDS ahead; audio kept from before (`cached`) is fetched from audio_url.
 * One message plays at a time: playing another, or stop, ends the current one.
 */
export function createSpeechPlayer(events: SpeechPlayerEvents) {
  let socket: WebSocket | null = null;
  let connecting: Promise<WebSocket> | null = null;
  let context: AudioContext | null = null;
  let nextRequestId = 1;
  let current: { id: number; request: PlayRequest; sources: AudioBufferSourceNode[]; endsAt: number; done: boolean; decoding: Promise<void> } | null = null;

  const audio = () => (context ??= new AudioContext());

  const finish = (messageId: string) => {
    if (current?.request.messageId !== messageId) return;
    for (const source of current.sources) {
      source.onended = null;
      try {
        source.stop();
      } catch {
        // not started yet
      }
    }
    current = null;
    events.state(messageId, 'idle');
  };

  const schedule = (messageId: string, bytes: Promise<ArrayBuffer>) => {
    const playing = current;
    if (!playing || playing.request.messageId !== messageId) return;
    // In order: each chunk waits for the ones before it to be decoded and scheduled.
    playing.decoding = playing.decoding.then(async () => {
      const buffer = await audio().decodeAudioData(await bytes);
      if (current !== playing) return;
      const ctx = audio();
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      source.connect(ctx.destination);
      const startAt = Math.max(ctx.currentTime + PLAYBACK_LEAD_SECONDS, playing.endsAt);
      source.start(startAt);
      playing.endsAt = startAt + buffer.duration;
      playing.sources.push(source);
      source.onended = () => {
        if (current === playing && playing.done && ctx.currentTime >= playing.endsAt - 0.05) finish(messageId);
      };
      events.state(messageId, 'playing');
    });
    playing.decoding.catch(() => {
      if (current === playing) {
        finish(messageId);
        events.failed(messageId, 'decode_failed', '');
      }
    });
  };

  const onEvent = async (event: SpeechEvent) => {
    // Only the answer to the request playing now: a replay of the same message tells its own events apart.
    if (!current || event.request_id !== current.id) return;
    const messageId = current.request.messageId;
    if (event.type === 'error') {
      finish(messageId);
      events.failed(messageId, event.code, event.message);
    } else if (event.type === 'chunk') {
      schedule(messageId, Promise.resolve(base64Bytes(event.audio)));
    } else if (event.type === 'audio_url' && event.cached) {
      const { accessToken, applicationId } = current.request;
      const headers: Record<string, string> = { [API_HEADERS.authorization]: `Bearer ${accessToken}` };
      if (applicationId) headers[API_HEADERS.applicationId] = applicationId;
      // Part of the decoding chain: `done`, which comes at once, waits for it.
      schedule(
        messageId,
        fetch(event.audio_url, { headers }).then((response) => {
          if (!response.ok) throw new Error(String(response.status));
          return response.arrayBuffer();
        }),
      );
    } else if (event.type === 'done') {
      const playing = current;
      playing.done = true;
      // Ends when the last scheduled chunk has played: at once when nothing came or all has played already, else
      // when the last chunk's source ends.
      await playing.decoding.catch(() => undefined);
      if (current === playing && (playing.sources.length === 0 || audio().currentTime >= playing.endsAt - 0.05)) finish(messageId);
    }
  };

  // One socket: a play while it is still opening waits for the same one.
  const connect = (): Promise<WebSocket> => {
    if (socket && socket.readyState === WebSocket.OPEN) return Promise.resolve(socket);
    if (connecting) return connecting;
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${API_BASE}${SOCKET_PATH}`;
    const opened = new WebSocket(url);
    socket = opened;
    opened.onmessage = (message) => {
      try {
        void onEvent(JSON.parse(String(message.data)) as SpeechEvent);
      } catch {
        // not an event of ours
      }
    };
    opened.onclose = () => {
      if (socket !== opened) return;
      socket = null;
      connecting = null;
      // What was playing over it cannot go on (chunks already scheduled still sound until stopped).
      if (current && !current.done) {
        const id = current.request.messageId;
        finish(id);
        events.failed(id, 'socket_closed', '');
      }
    };
    connecting = new Promise<WebSocket>((resolve, reject) => {
      opened.onopen = () => resolve(opened);
      opened.onerror = () => reject(new Error('socket failed'));
    }).finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async play(request: PlayRequest) {
      if (current) finish(current.request.messageId);
      const playing = { id: nextRequestId++, request, sources: [], endsAt: 0, done: false, decoding: Promise.resolve() };
      current = playing;
      events.state(request.messageId, 'loading');
      // Inside the click: browsers let an AudioContext start only from a user's gesture.
      void audio().resume();
      try {
        const open = await connect();
        // Another play or a stop came while the socket opened: this one is not sent.
        if (current !== playing) return;
        const payload = { type: 'play', access_token: request.accessToken, message_id: request.messageId, voice_id: request.voiceId, request_id: playing.id };
        open.send(JSON.stringify(request.applicationId ? { ...payload, application_id: request.applicationId } : payload));
      } catch {
        if (current !== playing) return;
        finish(request.messageId);
        events.failed(request.messageId, 'socket_failed', '');
      }
    },
    /** Stops playing, and tells the socket to stop making what no one hears. */
    stop() {
      if (!current) return;
      finish(current.request.messageId);
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'stop' }));
    },
    close() {
      if (current) finish(current.request.messageId);
      socket?.close();
      socket = null;
      void context?.close();
      context = null;
    },
  };
}

export type SpeechPlayer = ReturnType<typeof createSpeechPlayer>;
