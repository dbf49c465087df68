import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SpeechSynthesizer, SpeechVoice } from './speechSynthesizer';

/**
 * The embedded voices: eSpeak NG compiled to WebAssembly (the espeak-ng package, which npm install brings with its
 * voice data), in a worker thread (espeakWorker.mjs). docs/adr/0013 says why eSpeak NG. Formant synthesis: clearly
 * robotic next to a neural voice, but real speech in every language of the chat, with no service to run.
 */
interface EspeakVoice extends SpeechVoice {
  /** eSpeak's language voice and variant ("en-us+f2"). */
  espeak: string;
  /** Words per minute and pitch (0-99). */
  rate: number;
  pitch: number;
}

export const ESPEAK_VOICES: readonly EspeakVoice[] = [
  { id: 'aria', name: 'Aria', gender: 'female', description: 'Warm and clear, American', espeak: 'en-us+f2', rate: 165, pitch: 55 },
  { id: 'belle', name: 'Belle', gender: 'female', description: 'Bright and quick, British', espeak: 'en-gb+f4', rate: 175, pitch: 60 },
  { id: 'nova', name: 'Nova', gender: 'female', description: 'Soft and calm, American', espeak: 'en-us+anika', rate: 155, pitch: 50 },
  { id: 'dorian', name: 'Dorian', gender: 'male', description: 'Low and steady, American', espeak: 'en-us+m3', rate: 160, pitch: 40 },
  { id: 'edgar', name: 'Edgar', gender: 'male', description: 'Deep and formal, British', espeak: 'en-gb-x-rp+m1', rate: 150, pitch: 35 },
  { id: 'travis', name: 'Travis', gender: 'male', description: 'Young and lively, American', espeak: 'en-us+travis', rate: 180, pitch: 50 },
];

const WORKER_FILE = path.join(__dirname, 'espeakWorker.mjs');
/**
 * How long one request may wait and run: the worker speaks one piece at a time (50-200 ms each here), so this also
 * bounds the queue behind a hung one.
 */
const PIECE_TIMEOUT_MS = 30_000;

interface Reply {
  id: number;
  ready?: boolean;
  wav?: Uint8Array;
  error?: string;
}

export function createEspeakSynthesizer(): SpeechSynthesizer {
  let worker: Worker | null = null;
  const pending = new Map<number, { resolve: (wav: Buffer) => void; reject: (err: Error) => void }>();
  let nextId = 1;

  // Started on first use: an API that never speaks never loads the 18 MB of voice data.
  const start = (): Worker => {
    if (worker) return worker;
    const started = new Worker(WORKER_FILE);
    started.unref();
    started.on('message', (reply: Reply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (reply.wav) p.resolve(Buffer.from(reply.wav.buffer, reply.wav.byteOffset, reply.wav.byteLength));
      else p.reject(new Error(`espeak-ng: ${reply.error ?? 'no audio'}`));
    });
    // Only this worker's end fails what waits (a worker started after it has its own requests).
    const failAll = (err: Error) => {
      if (worker !== started) return;
      worker = null;
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    started.on('error', failAll);
    started.on('exit', (code) => failAll(new Error(`espeak-ng worker exited (${code})`)));
    worker = started;
    return started;
  };

  return {
    name: 'espeak-ng',
    voices: ESPEAK_VOICES,
    synthesize(text, voiceId, signal) {
      const voice = ESPEAK_VOICES.find((v) => v.id === voiceId);
      if (!voice) return Promise.reject(new Error(`unknown voice ${voiceId}`));
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        const running = start();
        // A piece that takes this long has hung the engine: the worker is ended (failing what waits) and the next
        // request starts another.
        const timer = setTimeout(() => {
          if (worker === running) void running.terminate();
        }, PIECE_TIMEOUT_MS);
        timer.unref();
        pending.set(id, {
          resolve: (wav) => {
            clearTimeout(timer);
            resolve(wav);
          },
          reject: (err) => {
            clearTimeout(timer);
            reject(err);
          },
        });
        running.postMessage({ id, text, voice: voice.espeak, rate: voice.rate, pitch: voice.pitch });
      });
    },
    async close() {
      const running = worker;
      worker = null;
      for (const p of pending.values()) p.reject(new Error('espeak-ng closed'));
      pending.clear();
      if (running) await running.terminate();
    },
  };
}
