import { API_BASE, API_HEADERS, readSseEvents, type ChatMessage, type ChatRequest, type SseByteStream } from '@fable/contracts';
import type { SessionState } from '@fable/shared';
import { ChatStreamError } from './chatErrors';

/** POST /api/chat (contracts chatCalls.chat; copied here so the contracts' zod stays off this page, docs/adr/0001). */
export const CHAT_PATH = '/chat';

export type ChatStreamEvent =
  /** `character_id`: a group chat's member who speaks (absent from a chatbot's stream and from older servers). */
  | { type: 'start'; conversation_id: string | null; user_message?: ChatMessage | null; character_id: string | null }
  | { type: 'token'; text: string }
  | { type: 'done'; message: ChatMessage; conversation_id: string | null; stopped: boolean }
  | { type: 'error'; code: string; message: string; status: number };

type FetchLike = (input: string, init: RequestInit) => Promise<{ ok: boolean; status: number; body: SseByteStream | null; text(): Promise<string> }>;

/** What every call carries (the same headers as the shared baseQuery). */
export function chatHeaders(session: Pick<SessionState, 'accessToken' | 'guestUserId' | 'applicationId' | 'impersonate'>): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (session.accessToken) headers[API_HEADERS.authorization] = `Bearer ${session.accessToken}`;
  if (session.guestUserId) headers[API_HEADERS.guestUserId] = session.guestUserId;
  if (session.applicationId) headers[API_HEADERS.applicationId] = session.applicationId;
  if (session.impersonate) headers[API_HEADERS.impersonate] = session.impersonate;
  return headers;
}

function parseData(data: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The code of a turn whose stream ended before its reply did (the API process died, a proxy cut the connection). */
export const STREAM_CUT_CODE = 'chat_stream_cut';

/**
 * Sends a chat turn and calls `onEvent` for each event of the answer, in order. Rejects with a ChatStreamError when
 * the call is refused (an HTTP error: 429 passed up with its status), the stream says `error`, or it ends without its
 * reply (503 STREAM_CUT_CODE: "Chat server is busy.", and the member sends again); with an AbortError when `signal`
 * aborts.
 */
export async function streamChat(
  request: ChatRequest,
  { headers, signal, onEvent, fetchImpl }: { headers: Record<string, string>; signal: AbortSignal; onEvent: (event: ChatStreamEvent) => void; fetchImpl?: FetchLike },
): Promise<void> {
  const doFetch = fetchImpl ?? (globalThis.fetch as unknown as FetchLike);
  const response = await doFetch(`${API_BASE}${CHAT_PATH}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(request),
    signal,
    credentials: 'include',
  });
  if (!response.ok || !response.body) {
    const body = parseData(await response.text().catch(() => ''));
    const error = (body.error ?? {}) as { code?: unknown; message?: unknown };
    throw new ChatStreamError(
      typeof error.message === 'string' ? error.message : '',
      response.status,
      typeof error.code === 'string' || typeof error.code === 'number' ? String(error.code) : null,
    );
  }
  try {
    if (await readEvents(response.body, onEvent)) return;
  } catch (error) {
    // A body that breaks off is a TypeError (fetch's network error); anything else is not the connection's.
    if (!(error instanceof TypeError) || signal.aborted) throw error;
  }
  // Ended, or broke off, before its done or error event: the server that wrote it is gone.
  throw new ChatStreamError('', 503, STREAM_CUT_CODE);
}

/** Reads the stream's events into `onEvent`: true at its done event (the turn is over), false when it ends without. */
async function readEvents(body: SseByteStream, onEvent: (event: ChatStreamEvent) => void): Promise<boolean> {
  for await (const { event, data } of readSseEvents(body)) {
    const payload = parseData(data);
    switch (event) {
      case 'start':
        onEvent({
          type: 'start',
          conversation_id: (payload.conversation_id as string | null) ?? null,
          user_message: (payload.user_message as ChatMessage | null) ?? null,
          character_id: typeof payload.character_id === 'string' && payload.character_id ? payload.character_id : null,
        });
        break;
      case 'token':
        if (typeof payload.text === 'string') onEvent({ type: 'token', text: payload.text });
        break;
      case 'done':
        onEvent({
          type: 'done',
          message: payload.message as ChatMessage,
          conversation_id: (payload.conversation_id as string | null) ?? null,
          stopped: payload.stopped === true,
        });
        // The turn is over when its reply is: the call ends here, not when the connection closes later, so the page
        // takes the next message at once (leaving the loop cancels the rest of the stream).
        return true;
      case 'error': {
        const status = typeof payload.status === 'number' ? payload.status : 500;
        const code = typeof payload.code === 'string' ? payload.code : '';
        const message = typeof payload.message === 'string' ? payload.message : '';
        onEvent({ type: 'error', code, message, status });
        throw new ChatStreamError(message, status, code || null);
      }
      default:
        break;
    }
  }
  return false;
}
