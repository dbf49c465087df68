import { createParser } from 'eventsource-parser';

/**
 * The house's one Server-Sent Events reader (issue 12 §4), on eventsource-parser (the WHATWG parsing rules: any
 * line ending, chunks split anywhere, comments, multi-line data, a UTF-8 character split between chunks). Used by
 * the browser's chat client (mf-chat, over a fetch body: EventSource cannot POST nor be aborted mid-request), the
 * API tests' client and the OpenAI adapter (an engine's stream).
 */
export interface SseEvent {
  /** The `event:` name ("message" when the event has none). */
  event: string;
  /** The `data:` lines joined with "\n". */
  data: string;
}

/** The part of a ReadableStream's reader this reads with (jsdom has no ReadableStream: tests pass their own). */
export interface SseByteReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  releaseLock(): void;
  cancel?(reason?: unknown): Promise<void>;
}

/** A fetch body (ReadableStream<Uint8Array>) or anything with its getReader(). */
export interface SseByteStream {
  getReader(): SseByteReader;
}

/** TextDecoder (every browser, Node 11+): declared here, the contracts compile without DOM or Node types. */
declare const TextDecoder: new () => { decode(input?: Uint8Array, options?: { stream?: boolean }): string };

/** What the reader reads: a byte stream, or byte chunks (a Node stream, a test's list). */
export type SseSource = SseByteStream | AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

async function* chunksOf(source: SseSource): AsyncGenerator<Uint8Array> {
  if (!('getReader' in source)) {
    yield* source;
    return;
  }
  const reader = source.getReader();
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      if (value) yield value;
    }
  } finally {
    // A reader that stops early (a `break`, an error event) frees the connection; an aborted fetch's cancel rejects.
    if (!ended) reader.cancel?.().catch(() => undefined);
    reader.releaseLock();
  }
}

/** Feeds bytes as they arrive; each complete event is handed to the decoder's listener. */
export interface SseDecoder {
  feed(chunk: Uint8Array): void;
}

/**
 * The push form of the reader: `onEvent` is called with each event as its blank line arrives, inside `feed` (a Node
 * stream's `data` events drive it without an async step per chunk: the OpenAI adapter, for every token of a chat).
 */
export function sseDecoder(onEvent: (event: SseEvent) => void): SseDecoder {
  const parser = createParser({ onEvent: (message) => onEvent({ event: message.event ?? 'message', data: message.data }) });
  const decoder = new TextDecoder();
  return { feed: (chunk) => parser.feed(decoder.decode(chunk, { stream: true })) };
}

/**
 * Yields the events of `source` as each completes (at its blank line); an unfinished event at the end is dropped,
 * as EventSource does. Comments, `id:` and `retry:` lines, and events without data yield nothing. A failed read
 * (an aborted fetch: AbortError; a cut connection) rejects the iteration with the read's error. Stopping the
 * iteration early cancels the stream.
 */
export async function* readSseEvents(source: SseSource): AsyncGenerator<SseEvent> {
  const ready: SseEvent[] = [];
  const decoder = sseDecoder((event) => ready.push(event));
  for await (const chunk of chunksOf(source)) {
    decoder.feed(chunk);
    yield* ready.splice(0);
  }
}
