import { API_HEADERS, type SseByteStream } from '@fable/contracts';
import { ChatStreamError, chatFailureOf } from './chatErrors';
import { chatHeaders, STREAM_CUT_CODE, streamChat, type ChatStreamEvent } from './chatStream';
import { controllableStream, streamOf } from './testing/fakeChatStream';

const answer = (body: SseByteStream | null, status = 200, text = '') => async () => ({ ok: status < 300, status, body, text: async () => text });

it('sends the turn as JSON to /api/chat with the session headers, and reads the events', async () => {
  const seen: { url: string; init: RequestInit }[] = [];
  const events: ChatStreamEvent[] = [];
  const body = streamOf([
    'event: start\ndata: {"conversation_id":"c1","user_message":null}\n\n',
    'event: token\ndata: {"text":"Hi"}\n\nevent: token\ndata: {"text":"!"}\n\n',
    'event: done\ndata: {"message":{"id":"m2","role":"assistant","content":"Hi!"},"conversation_id":"c1","stopped":false}\n\n',
  ]);
  await streamChat(
    { character_id: 'bot1', message: 'hello' },
    {
      headers: chatHeaders({ accessToken: 't', guestUserId: null, applicationId: 'fable', impersonate: null }),
      signal: new AbortController().signal,
      onEvent: (e) => events.push(e),
      fetchImpl: async (url, init) => {
        seen.push({ url, init });
        return answer(body)();
      },
    },
  );
  expect(seen[0]!.url).toBe('/api/chat');
  expect(seen[0]!.init.method).toBe('POST');
  expect(JSON.parse(String(seen[0]!.init.body))).toEqual({ character_id: 'bot1', message: 'hello' });
  expect((seen[0]!.init.headers as Record<string, string>)[API_HEADERS.authorization]).toBe('Bearer t');
  expect(events.map((e) => e.type)).toEqual(['start', 'token', 'token', 'done']);
  expect(events[3]).toMatchObject({ type: 'done', conversation_id: 'c1', stopped: false, message: { content: 'Hi!' } });
  // A chatbot's start (or an older server's) names no member.
  expect(events[0]).toMatchObject({ type: 'start', character_id: null });
});

it('reads the member a group chat’s start names', async () => {
  const events: ChatStreamEvent[] = [];
  const body = streamOf([
    'event: start\ndata: {"conversation_id":"c1","user_message":null,"character_id":"bot2"}\n\n',
    'event: done\ndata: {"message":{"id":"m2","role":"assistant","content":"Hi"},"conversation_id":"c1","stopped":false}\n\n',
  ]);
  await streamChat({ character_id: 'group1', sub_character_id: 'AUTO' }, { headers: {}, signal: new AbortController().signal, onEvent: (e) => events.push(e), fetchImpl: answer(body) });
  expect(events[0]).toEqual({ type: 'start', conversation_id: 'c1', user_message: null, character_id: 'bot2' });
});

it('rejects a stream that ends, or breaks off, before its reply (the server that wrote it is gone): 503, so the page says the chat server is busy', async () => {
  const cutAfterTokens = streamOf(['event: start\ndata: {"conversation_id":"c1","user_message":null}\n\n', 'event: token\ndata: {"text":"Hi"}\n\n']);
  const seen: string[] = [];
  await expect(
    streamChat({ character_id: 'bot1', message: 'x' }, { headers: {}, signal: new AbortController().signal, onEvent: (e) => seen.push(e.type), fetchImpl: answer(cutAfterTokens) }),
  ).rejects.toMatchObject({ name: 'ChatStreamError', status: 503, code: STREAM_CUT_CODE });
  expect(seen).toEqual(['start', 'token']);

  const broken = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('event: token\ndata: {"text":"Hi"}\n\n'));
      controller.error(new TypeError('network error'));
    },
  }) as unknown as SseByteStream;
  await expect(
    streamChat({ character_id: 'bot1', message: 'x' }, { headers: {}, signal: new AbortController().signal, onEvent: () => {}, fetchImpl: answer(broken) }),
  ).rejects.toMatchObject({ status: 503, code: STREAM_CUT_CODE });
  expect(chatFailureOf(new ChatStreamError('', 503, STREAM_CUT_CODE))).toMatchObject({ kind: 'busy', message: 'Chat server is busy.' });
});

it('rejects with the status and code of a refused call (429 passed up)', async () => {
  const refused = streamChat(
    { character_id: 'bot1', message: 'x' },
    {
      headers: {},
      signal: new AbortController().signal,
      onEvent: () => {},
      fetchImpl: answer(null, 429, JSON.stringify({ error: { code: 'rate_limited', message: 'Too many' } })),
    },
  );
  await expect(refused).rejects.toBeInstanceOf(ChatStreamError);
  await expect(refused).rejects.toMatchObject({ status: 429, code: 'rate_limited', message: 'Too many' });
});

it('rejects on an error event of the stream', async () => {
  const body = streamOf(['event: error\ndata: {"code":"chat_server_busy","message":"Chat server is busy.","status":503}\n\n']);
  await expect(
    streamChat({ character_id: 'bot1' }, { headers: {}, signal: new AbortController().signal, onEvent: () => {}, fetchImpl: answer(body) }),
  ).rejects.toMatchObject({ status: 503, code: 'chat_server_busy' });
});

it('rejects with an AbortError when the signal aborts mid-stream, after the events before it', async () => {
  const controller = new AbortController();
  const fake = controllableStream(controller.signal);
  const seen: string[] = [];
  const streaming = streamChat(
    { character_id: 'bot1', message: 'x' },
    {
      headers: {},
      signal: controller.signal,
      onEvent: (e) => {
        seen.push(e.type);
        if (e.type === 'token') controller.abort();
      },
      fetchImpl: answer(fake.stream),
    },
  );
  fake.event('start', { conversation_id: 'c1', user_message: null });
  fake.event('token', { text: 'a' });
  await expect(streaming).rejects.toMatchObject({ name: 'AbortError' });
  expect(seen).toEqual(['start', 'token']);
});

it('ends the call with the done event, without waiting for the connection to close (the next message is taken at once)', async () => {
  const stream = controllableStream();
  const events: ChatStreamEvent[] = [];
  const call = streamChat(
    { character_id: 'bot1', message: 'hello' },
    { headers: {}, signal: new AbortController().signal, onEvent: (e) => events.push(e), fetchImpl: answer(stream.stream) },
  );
  stream.event('start', { conversation_id: 'c1', user_message: null });
  stream.event('done', { message: { id: 'm2', role: 'assistant', content: 'Hi!' }, conversation_id: 'c1', stopped: false });
  // The server has not closed the connection (a slow proxy, a busy machine): the call is over all the same.
  await expect(call).resolves.toBeUndefined();
  expect(events.map((e) => e.type)).toEqual(['start', 'done']);
});
