import { readSseEvents, type SseByteStream, type SseEvent, type SseSource } from './sseStream';

// The contracts compile without DOM or Node types; Node's TextEncoder runs the tests.
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
const encoder = new TextEncoder();
const bytes = (chunks: readonly (string | Uint8Array)[]) => chunks.map((c) => (typeof c === 'string' ? encoder.encode(c) : c));

/**
 * A byte stream fed by the test, shaped as a fetch body's reader: `read()` waits for the next chunk, rejects once
 * `fail` is called (an aborted fetch), and the calls to cancel and releaseLock are recorded.
 */
function pushStream() {
  const queue: Uint8Array[] = [];
  const calls: string[] = [];
  let closed = false;
  let failure: unknown = null;
  let wake: () => void = () => {};
  const stream: SseByteStream = {
    getReader: () => ({
      async read() {
        for (;;) {
          if (failure !== null) throw failure;
          const value = queue.shift();
          if (value) return { done: false, value };
          if (closed) return { done: true };
          await new Promise<void>((resolve) => (wake = resolve));
        }
      },
      async cancel() {
        calls.push('cancel');
      },
      releaseLock: () => calls.push('releaseLock'),
    }),
  };
  return {
    stream,
    calls,
    push(...chunks: (string | Uint8Array)[]) {
      queue.push(...bytes(chunks));
      wake();
    },
    close() {
      closed = true;
      wake();
    },
    fail(err: unknown) {
      failure = err;
      wake();
    },
  };
}

const streamOf = (chunks: readonly (string | Uint8Array)[]) => {
  const s = pushStream();
  s.push(...chunks);
  s.close();
  return s.stream;
};

async function collect(source: SseSource): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of readSseEvents(source)) events.push(event);
  return events;
}

describe('readSseEvents', () => {
  it('reads the event name, joins data lines, defaults the name to "message"', async () => {
    expect(await collect(streamOf(['event: token\ndata: {"text":"a"}\n\ndata: one\ndata: two\n\ndata:no-space\n\n']))).toEqual([
      { event: 'token', data: '{"text":"a"}' },
      { event: 'message', data: 'one\ntwo' },
      { event: 'message', data: 'no-space' },
    ]);
  });

  it('ignores comments, ids, retries and events without data', async () => {
    expect(await collect(streamOf([': keep-alive\n\nid: 4\nevent: done\n\nid: 4\nretry: 100\ndata: x\n\n']))).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('yields events in order across chunk boundaries, CRLF and CR too', async () => {
    const events = await collect(
      streamOf(['event: start\ndata: {"a"', ':1}\n', '\nevent: token\r\ndata: {"text":"hi"}\r\n\r\n: ping\n\nevent: done\rdata: {}\r\rdata: end\n\n']),
    );
    expect(events).toEqual([
      { event: 'start', data: '{"a":1}' },
      { event: 'token', data: '{"text":"hi"}' },
      { event: 'done', data: '{}' },
      { event: 'message', data: 'end' },
    ]);
  });

  it('decodes a UTF-8 character split between chunks', async () => {
    const whole = encoder.encode('event: token\ndata: {"text":"é✨"}\n\n');
    const cut = whole.indexOf(0xc3) + 1;
    const events = await collect(streamOf([whole.slice(0, cut), whole.slice(cut)]));
    expect(JSON.parse(events[0]?.data ?? '')).toEqual({ text: 'é✨' });
  });

  it('drops an unfinished event at the end, as EventSource does', async () => {
    expect(await collect(streamOf(['data: [DONE]\n\ndata: {"cut":']))).toEqual([{ event: 'message', data: '[DONE]' }]);
    expect(await collect(streamOf(['event: done\ndata: {"x":1}\n']))).toEqual([]);
  });

  it('reads byte chunks of any iterable (a Node stream, a list)', async () => {
    async function* chunks() {
      yield* bytes(['data: 1\n', '\ndata: 2\n\n']);
    }
    expect((await collect(chunks())).map((e) => e.data)).toEqual(['1', '2']);
    expect((await collect(bytes(['event: x\ndata: 3\n\n']))).map((e) => e.event)).toEqual(['x']);
  });

  it('yields each event as soon as its blank line arrives, before the stream goes on', async () => {
    const s = pushStream();
    const events = readSseEvents(s.stream);
    s.push('data: fir', 'st\n');
    const first = events.next();
    s.push('\n');
    expect(await first).toEqual({ done: false, value: { event: 'message', data: 'first' } });
    s.push('data: second\n\n');
    expect(await events.next()).toEqual({ done: false, value: { event: 'message', data: 'second' } });
    s.close();
    expect(await events.next()).toEqual({ done: true, value: undefined });
  });

  it('passes a failed read up (an aborted fetch rejects with an AbortError) and frees the reader', async () => {
    const s = pushStream();
    const seen: string[] = [];
    const reading = (async () => {
      for await (const event of readSseEvents(s.stream)) {
        seen.push(event.event);
        if (event.event === 'token') s.fail(Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' }));
      }
    })();
    s.push('event: start\ndata: {}\n\nevent: token\ndata: {"text":"a"}\n\n');
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['start', 'token']);
    expect(s.calls).toEqual(['cancel', 'releaseLock']);
  });

  it('cancels the stream and frees its reader when the caller stops early', async () => {
    const s = pushStream();
    s.push('data: 1\n\ndata: 2\n\n');
    for await (const event of readSseEvents(s.stream)) {
      expect(event.data).toBe('1');
      break;
    }
    expect(s.calls).toEqual(['cancel', 'releaseLock']);
  });

  it('frees the reader without cancelling once the stream has ended', async () => {
    const s = pushStream();
    s.push('data: 1\n\n');
    s.close();
    expect(await collect(s.stream)).toHaveLength(1);
    expect(s.calls).toEqual(['releaseLock']);
  });
});
