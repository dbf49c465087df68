import type { AddressInfo } from 'node:net';
import { ChatStreamDoneSchema, ChatStreamErrorSchema, ChatStreamStartSchema, ChatStreamTokenSchema, readSseEvents, type SseEvent } from '@fable/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { openChatStream, type ChatStreamChannel } from './chatStreamChannel';

const SCHEMAS = { start: ChatStreamStartSchema, token: ChatStreamTokenSchema, done: ChatStreamDoneSchema, error: ChatStreamErrorSchema };

let app: FastifyInstance;
let base: string;
/** What each test does with the channel of its request. */
let onOpen: (channel: ChatStreamChannel) => void = () => {};

beforeAll(async () => {
  app = Fastify();
  app.get('/stream', async (_request, reply) => {
    onOpen(openChatStream(reply));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

const message = { id: 'm1', role: 'assistant' as const, content: 'Hi!', prev_id: null, is_alternative: false, createdAt: '2026-01-02T03:04:05.000Z', conversation_id: 'c1' };

it('writes the typed events as SSE frames the contracts’ stream schemas read back, then ends', async () => {
  onOpen = (channel) => {
    channel.send({ event: 'start', data: { conversation_id: 'c1', user_message: null } });
    channel.send({ event: 'token', data: { text: 'Hi' } });
    channel.end({ event: 'done', data: { message, capped_message_id: null, conversation_id: 'c1', stopped: false } });
    channel.send({ event: 'token', data: { text: 'after the end' } });
  };
  const response = await fetch(`${base}/stream`);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
  const events: SseEvent[] = [];
  for await (const event of readSseEvents(response.body ?? [])) events.push(event);
  expect(events.map((e) => e.event)).toEqual(['start', 'token', 'done']);
  for (const { event, data } of events) expect(SCHEMAS[event as keyof typeof SCHEMAS].safeParse(JSON.parse(data)).success).toBe(true);
  expect(JSON.parse(events[2]?.data ?? '')).toEqual({ message, capped_message_id: null, conversation_id: 'c1', stopped: false });
});

it('accepts only the chat stream’s events, each with its own data (checked by the compiler)', () => {
  const typed = (channel: ChatStreamChannel) => {
    // @ts-expect-error an event the chat stream does not have
    channel.send({ event: 'ping', data: {} });
    // @ts-expect-error a token's data is {text}
    channel.send({ event: 'token', data: { message } });
    // @ts-expect-error done carries the message
    channel.end({ event: 'done', data: { conversation_id: 'c1', stopped: false } });
  };
  expect(typed).toBeInstanceOf(Function);
});

it('tells when the client goes away before the end, and writes nothing more', async () => {
  const opened: ChatStreamChannel[] = [];
  const gone = new Promise<void>((resolve) => {
    onOpen = (c) => {
      opened.push(c);
      c.onClientGone(resolve);
      c.send({ event: 'start', data: { conversation_id: null } });
    };
  });
  const controller = new AbortController();
  const response = await fetch(`${base}/stream`, { signal: controller.signal });
  const events = readSseEvents(response.body ?? []);
  expect((await events.next()).value).toEqual({ event: 'start', data: '{"conversation_id":null}' });
  controller.abort();
  await gone;
  expect(opened.map((c) => c.clientGone)).toEqual([true]);
  // Writing after the client left is a no-op, not an error.
  expect(() => opened[0]?.end({ event: 'error', data: { code: 'x', message: 'y', status: 500 } })).not.toThrow();
});

it('does not call the client-gone listener after a normal end', async () => {
  const calls: string[] = [];
  onOpen = (channel) => {
    channel.onClientGone(() => calls.push('gone'));
    channel.end({ event: 'error', data: { code: 'inference_failed', message: 'The chat server could not answer.', status: 502 } });
  };
  const response = await fetch(`${base}/stream`);
  const events: SseEvent[] = [];
  for await (const event of readSseEvents(response.body ?? [])) events.push(event);
  expect(events).toEqual([{ event: 'error', data: '{"code":"inference_failed","message":"The chat server could not answer.","status":502}' }]);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(calls).toEqual([]);
});
