/**
 * A fake of the API for unit tests: jsdom has no fetch, Request or Response, so this installs small stand-ins
 * that RTK Query's fetchBaseQuery can use, and answers calls from a table of handlers keyed "METHOD /path"
 * (the path after /api). Every call is recorded with its parsed JSON body and headers.
 */
export interface FakeCall {
  method: string;
  path: string;
  /** The query string's parameters (the last value of a repeated one). */
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

export type FakeAnswer = { status?: number; body?: unknown } | 'network-error';
export type FakeHandler = FakeAnswer | ((call: FakeCall) => FakeAnswer | Promise<FakeAnswer>);

class FakeRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  signal?: AbortSignal;
  constructor(url: string, init: { method?: string; headers?: HeadersInit; body?: unknown; signal?: AbortSignal } = {}) {
    this.url = url;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new Headers(init.headers);
    this.body = init.body;
    this.signal = init.signal;
  }
  clone() {
    return this;
  }
}

class FakeResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  private readonly text_: string;
  constructor(text: string, init: { status?: number; headers?: HeadersInit } = {}) {
    this.text_ = text;
    this.status = init.status ?? 200;
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = new Headers(init.headers);
  }
  async text() {
    return this.text_;
  }
  async json() {
    return JSON.parse(this.text_) as unknown;
  }
  clone() {
    return new FakeResponse(this.text_, { status: this.status, headers: this.headers });
  }
}

export function installFakeFetch(handlers: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];
  const g = globalThis as unknown as Record<string, unknown>;
  const saved = { fetch: g.fetch, Request: g.Request, Response: g.Response };
  g.Request = FakeRequest;
  g.Response = FakeResponse;
  g.fetch = async (request: FakeRequest) => {
    const [path = '', search = ''] = request.url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api/, '').split('?');
    const query = Object.fromEntries(new URLSearchParams(search));
    let body: unknown = request.body;
    if (typeof body === 'string' && body.length > 0) {
      try {
        body = JSON.parse(body);
      } catch {
        // not JSON
      }
    }
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const call: FakeCall = { method: request.method, path, query, body, headers };
    calls.push(call);
    const handler = handlers[`${request.method} ${path}`];
    const answer = typeof handler === 'function' ? await handler(call) : handler;
    if (answer === 'network-error' || answer === undefined) {
      if (answer === undefined) console.warn(`[fakeFetch] no handler for ${request.method} ${path}`);
      throw new TypeError('Failed to fetch');
    }
    return new FakeResponse(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    calls,
    /** The calls to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
    restore() {
      Object.assign(g, saved);
    },
  };
}

/** The API's error shape. */
export const apiErrorBody = (code: string | number, message: string) => ({ error: { code, message } });
