import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SpeechSynthesizer } from '../../infra/speech/speechSynthesizer';
import { speechPieces } from '../../infra/speech/speechText';
import { joinWavs } from '../../infra/speech/wav';
import type { ObjectStore } from '../../infra/storage/objectStore';

/** What one listener (a socket) hears of a message being made. */
export interface SpeechListener {
  chunk(index: number, wav: Buffer): void;
  done(chunks: number): void;
  failed(err: Error): void;
}

export interface SpeechRequest {
  messageId: string;
  voiceId: string;
  text: string;
}

/**
 * Making a message's speech, piece by piece, once: audio is kept per message, voice and text (an edited message is
 * spoken anew) in the app's object store. Two listeners on the same message and voice share one making (the later
 * one hears the pieces made so far, then the rest); when every listener has gone, the making stops after the piece
 * in hand and nothing is kept.
 */
export interface SpeechMaking {
  /** The stored audio's key for the text (whether or not it exists yet). */
  keyOf(request: SpeechRequest): string;
  /** The text's version, for the audio's URL: an edited message's audio is another URL (no stale browser cache). */
  versionOf(request: SpeechRequest): string;
  /** The whole audio when it was made before. */
  cached(request: SpeechRequest): Promise<Buffer | null>;
  /** Starts or joins the making; returns the way to leave. */
  listen(request: SpeechRequest, listener: SpeechListener): () => void;
  /** Makings in progress (tests and the bench). */
  inProgress(): number;
}

interface Making {
  chunks: Buffer[];
  listeners: Set<SpeechListener>;
  controller: AbortController;
}

const textHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

export function createSpeechMaking(synth: SpeechSynthesizer, store: ObjectStore, log: FastifyBaseLogger): SpeechMaking {
  const makings = new Map<string, Making>();
  const keyOf = (r: SpeechRequest) => `speech/${r.messageId.toLowerCase()}/${r.voiceId}-${textHash(r.text)}.wav`;

  async function make(key: string, request: SpeechRequest, making: Making): Promise<void> {
    try {
      const pieces = speechPieces(request.text);
      for (const piece of pieces) {
        if (making.controller.signal.aborted) return;
        const wav = await synth.synthesize(piece, request.voiceId, making.controller.signal);
        making.chunks.push(wav);
        for (const l of making.listeners) l.chunk(making.chunks.length - 1, wav);
      }
      if (making.controller.signal.aborted) return;
      await store.put(key, joinWavs(making.chunks), 'audio/wav');
      for (const l of making.listeners) l.done(making.chunks.length);
    } catch (err) {
      if (making.controller.signal.aborted) return;
      log.warn({ err, messageId: request.messageId, voiceId: request.voiceId, synthesizer: synth.name }, 'speech could not be made');
      for (const l of making.listeners) l.failed(err as Error);
    } finally {
      if (makings.get(key) === making) makings.delete(key);
    }
  }

  return {
    keyOf,
    versionOf: (r) => textHash(r.text),
    async cached(request) {
      return (await store.get(keyOf(request)))?.bytes ?? null;
    },
    listen(request, listener) {
      const key = keyOf(request);
      let making = makings.get(key);
      // A making whose listeners all left is stopping: a newcomer starts another.
      if (making && !making.controller.signal.aborted) {
        making.chunks.forEach((wav, index) => listener.chunk(index, wav));
        making.listeners.add(listener);
      } else {
        making = { chunks: [], listeners: new Set([listener]), controller: new AbortController() };
        makings.set(key, making);
        void make(key, request, making);
      }
      const joined = making;
      return () => {
        joined.listeners.delete(listener);
        if (joined.listeners.size === 0) joined.controller.abort(new Error('no one is listening'));
      };
    },
    inProgress: () => makings.size,
  };
}
