import type { SseByteStream as ByteStream } from '@fable/contracts';

/** A byte stream the test feeds by hand; `read()` rejects with an AbortError once `signal` aborts. */
export function controllableStream(signal?: AbortSignal) {
  const encoder = new TextEncoder();
  const queue: Uint8Array[] = [];
  let closed = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  signal?.addEventListener('abort', poke);
  const stream: ByteStream = {
    getReader() {
      return {
        async read() {
          for (;;) {
            if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
            const next = queue.shift();
            if (next) return { done: false, value: next };
            if (closed) return { done: true };
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
          }
        },
        releaseLock() {},
      };
    },
  };
  return {
    stream,
    push(text: string) {
      queue.push(encoder.encode(text));
      poke();
    },
    /** One SSE event. */
    event(name: string, data: unknown) {
      this.push(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      closed = true;
      poke();
    },
  };
}

export type ControllableStream = ReturnType<typeof controllableStream>;

/** A byte stream of fixed chunks. */
export function streamOf(chunks: readonly (string | Uint8Array)[]): ByteStream {
  const encoder = new TextEncoder();
  const list = chunks.map((c) => (typeof c === 'string' ? encoder.encode(c) : c));
  return {
    getReader() {
      return {
        async read() {
          const value = list.shift();
          return value ? { done: false, value } : { done: true };
        },
        releaseLock() {},
      };
    },
  };
}

export interface ChatCall {
  body: Record<string, unknown>;
  headers: Record<string, string>;
  stream: ControllableStream;
  signal: AbortSignal;
}

/**
 * Wraps the installed (fake) fetch: POST /api/chat (called with a URL string, as streamChat does) answers with a
 * controllable SSE stream, or with `refuse` (an HTTP error); every other call goes to the previous fetch.
 */
export function installChatStream() {
  const g = globalThis as unknown as { fetch: (input: unknown, init?: RequestInit) => Promise<unknown> };
  const previous = g.fetch;
  const calls: ChatCall[] = [];
  let refusal: { status: number; body: unknown } | null = null;
  g.fetch = async (input: unknown, init?: RequestInit) => {
    if (typeof input === 'string' && input.endsWith('/api/chat')) {
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      if (refusal) {
        const { status, body: answer } = refusal;
        refusal = null;
        return { ok: false, status, body: null, text: async () => JSON.stringify(answer) };
      }
      const signal = init?.signal ?? new AbortController().signal;
      const stream = controllableStream(signal);
      calls.push({ body, headers: (init?.headers ?? {}) as Record<string, string>, stream, signal });
      return { ok: true, status: 200, body: stream.stream, text: async () => '' };
    }
    return previous(input, init);
  };
  return {
    calls,
    last: () => calls[calls.length - 1]!,
    /** The next chat call is refused with this status and body. */
    refuseNext(status: number, body: unknown) {
      refusal = { status, body };
    },
    restore() {
      g.fetch = previous;
    },
  };
}
