import { parseSseBlock, readSse } from './sseReader';
import { controllableStream, streamOf } from './testing/fakeChatStream';

async function collect(chunks: (string | Uint8Array)[]) {
  const events = [];
  for await (const event of readSse(streamOf(chunks))) events.push(event);
  return events;
}

describe('parseSseBlock', () => {
  it('reads the event name and joins data lines', () => {
    expect(parseSseBlock('event: token\ndata: {"text":"a"}')).toEqual({ event: 'token', data: '{"text":"a"}' });
    expect(parseSseBlock('data: one\ndata: two')).toEqual({ event: 'message', data: 'one\ntwo' });
    expect(parseSseBlock('data:no-space')).toEqual({ event: 'message', data: 'no-space' });
  });
  it('ignores comments, ids and blocks without data', () => {
    expect(parseSseBlock(': keep-alive')).toBeNull();
    expect(parseSseBlock('id: 4\nevent: done')).toBeNull();
    expect(parseSseBlock('id: 4\nretry: 100\ndata: x')).toEqual({ event: 'message', data: 'x' });
  });
});

describe('readSse', () => {
  it('yields events in order across chunk boundaries, CRLF too', async () => {
    const events = await collect(['event: start\ndata: {"a"', ':1}\n', '\nevent: token\r\ndata: {"text":"hi"}\r\n\r\n: ping\n\nevent: done\ndata: {}\n\n']);
    expect(events).toEqual([
      { event: 'start', data: '{"a":1}' },
      { event: 'token', data: '{"text":"hi"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('decodes a UTF-8 character split between chunks', async () => {
    const bytes = new TextEncoder().encode('event: token\ndata: {"text":"é✨"}\n\n');
    const cut = bytes.indexOf(0xc3) + 1;
    const events = await collect([bytes.slice(0, cut), bytes.slice(cut)]);
    expect(JSON.parse(events[0]!.data)).toEqual({ text: 'é✨' });
  });

  it('yields a last event that has no blank line after it', async () => {
    expect(await collect(['event: done\ndata: {"x":1}'])).toEqual([{ event: 'done', data: '{"x":1}' }]);
  });

  it('passes an abort up as an AbortError', async () => {
    const controller = new AbortController();
    const fake = controllableStream(controller.signal);
    const seen: string[] = [];
    const reading = (async () => {
      for await (const event of readSse(fake.stream)) {
        seen.push(event.event);
        if (event.event === 'token') controller.abort();
      }
    })();
    fake.event('start', {});
    fake.event('token', { text: 'a' });
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['start', 'token']);
  });
});
