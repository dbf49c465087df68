import { readSseEvents } from '@fable/contracts';

/** A Server-Sent Events client for tests and benchmarks: POSTs JSON and reads the event stream as it comes. */
export interface SseEvent {
  event: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** performance.now() when the event was read. */
  at: number;
}

export interface SseResult {
  status: number;
  /** The JSON body when the answer was not an event stream. */
  json?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  events: SseEvent[];
  /** performance.now() when the request was sent. */
  sentAt: number;
  aborted: boolean;
}

export async function postSse(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  options: { abortAfterTokens?: number; onEvent?: (event: SseEvent) => void } = {},
): Promise<SseResult> {
  const controller = new AbortController();
  const sentAt = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  const result: SseResult = { status: res.status, events: [], sentAt, aborted: false };
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    result.json = await res.json();
    return result;
  }
  let tokens = 0;
  try {
    // An event stream always has a body.
    for await (const { event, data } of readSseEvents(res.body ?? [])) {
      const read: SseEvent = { event, data: JSON.parse(data), at: performance.now() };
      result.events.push(read);
      options.onEvent?.(read);
      if (event === 'token') tokens += 1;
      if (options.abortAfterTokens !== undefined && tokens >= options.abortAfterTokens) {
        result.aborted = true;
        controller.abort();
        return result;
      }
    }
  } catch (err) {
    if (!result.aborted) throw err;
  }
  return result;
}

export const tokensOf = (r: SseResult) => r.events.filter((e) => e.event === 'token').map((e) => e.data.text as string);
export const eventOf = (r: SseResult, name: string) => r.events.find((e) => e.event === name)?.data;
