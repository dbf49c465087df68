import { CHAT_TEXTS } from './chatTexts';

/**
 * Chat turn failures (document 1 §8 "Chat"): 503/504 "Chat server is busy."; the invalid-access and blocked-creator
 * texts; the rate-limit breach (429 is passed up as it is: guests get Sign Up, members Resubmit, the input is
 * disabled); 409 conversation_busy (another tab's turn is writing in this conversation) with the server's text;
 * anything else is the server's text in the error modal. A cancel is an AbortError and no error at all.
 */
export type ChatErrorKind = 'busy' | 'notAllowed' | 'creatorBlocked' | 'rateLimited' | 'conversationBusy' | 'generic';

export interface ChatFailure {
  kind: ChatErrorKind;
  message: string;
  status: number | null;
  code: string | null;
}

/** The API's codes (contracts ERROR_CODES, copied: the contracts' error module stays out of this page). */
const CODES = {
  notAllowed: 'chat_not_allowed',
  creatorBlocked: 'creator_blocked',
  busy: 'chat_server_busy',
  rateLimited: 'rate_limited',
  conversationBusy: 'conversation_busy',
} as const;
const BUSY_STATUSES = [503, 504];
const RATE_LIMIT_STATUS = 429;

export class ChatStreamError extends Error {
  readonly status: number | null;
  readonly code: string | null;
  constructor(message: string, status: number | null, code: string | null) {
    super(message);
    this.name = 'ChatStreamError';
    this.status = status;
    this.code = code;
  }
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** What the screen shows for a failed turn (or a failed load of the character). */
export function chatFailureOf(error: { status?: number | null; code?: string | number | null; message?: string | null }): ChatFailure {
  const status = typeof error.status === 'number' ? error.status : null;
  const code = error.code == null ? null : String(error.code);
  const base = { status, code };
  if (code === CODES.conversationBusy) return { ...base, kind: 'conversationBusy', message: error.message?.trim() || CHAT_TEXTS.conversationBusy };
  if (code === CODES.creatorBlocked) return { ...base, kind: 'creatorBlocked', message: CHAT_TEXTS.creatorBlocked };
  if (code === CODES.notAllowed || status === 403 || status === 404) return { ...base, kind: 'notAllowed', message: CHAT_TEXTS.notAllowed };
  if (code === CODES.busy || (status !== null && BUSY_STATUSES.includes(status))) return { ...base, kind: 'busy', message: CHAT_TEXTS.serverBusy };
  if (code === CODES.rateLimited || status === RATE_LIMIT_STATUS) {
    return { ...base, kind: 'rateLimited', message: error.message?.trim() || CHAT_TEXTS.rateLimited };
  }
  return { ...base, kind: 'generic', message: error.message?.trim() || CHAT_TEXTS.generic };
}
