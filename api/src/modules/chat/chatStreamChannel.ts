import type { ChatStreamDoneSchema, ChatStreamErrorSchema, ChatStreamEventName, ChatStreamStartSchema, ChatStreamTokenSchema } from '@fable/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/** The data of each event of the chat stream, as the contracts' stream schemas give it (contracts/src/api/chat.ts). */
export interface ChatStreamEventData {
  start: z.input<typeof ChatStreamStartSchema>;
  token: z.input<typeof ChatStreamTokenSchema>;
  done: z.input<typeof ChatStreamDoneSchema>;
  error: z.input<typeof ChatStreamErrorSchema>;
}

/** One event of the chat stream: its name and its data, typed together. */
export type ChatStreamEvent = { [E in ChatStreamEventName]: { event: E; data: ChatStreamEventData[E] } }[ChatStreamEventName];

/** The answer of POST /chat once it is an event stream: writes only the chat stream's typed events. */
export interface ChatStreamChannel {
  /** Writes an event at once (nothing once the client is gone or the stream has ended). */
  send(event: ChatStreamEvent): void;
  /** Writes the last event and ends the stream (nothing written when the client is gone). */
  end(event: ChatStreamEvent): void;
  /** The client went away (its connection closed) before the end. */
  readonly clientGone: boolean;
  /** `listener` is called once if the client goes away before the end. */
  onClientGone(listener: () => void): void;
}

export const sseFrame = ({ event, data }: ChatStreamEvent): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Takes the reply over from Fastify and starts the event stream (200, unbuffered: each event goes out as written). */
export function openChatStream(reply: FastifyReply): ChatStreamChannel {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.socket?.setNoDelay(true);
  raw.flushHeaders();

  let ended = false;
  let clientGone = false;
  const goneListeners: Array<() => void> = [];
  raw.on('close', () => {
    if (ended) return;
    clientGone = true;
    for (const listener of goneListeners) listener();
  });
  const writable = () => !clientGone && !raw.destroyed && !raw.writableEnded;

  return {
    send(event) {
      if (writable()) raw.write(sseFrame(event));
    },
    end(event) {
      ended = true;
      if (writable()) raw.end(sseFrame(event));
    },
    get clientGone() {
      return clientGone;
    },
    onClientGone(listener) {
      goneListeners.push(listener);
    },
  };
}
