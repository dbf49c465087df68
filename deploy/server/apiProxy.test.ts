import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readSseEvents } from '@fable/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket, { WebSocketServer } from 'ws';
import { serveSite, type RunningSite } from './staticSite';
import { createSiteFixture, rawRequest, type SiteFixture } from './testing/siteFixture';

// The upstream is a real Fastify server over a socket, with Fastify's default body limit (1 MiB) like the API.
let api: FastifyInstance;
let fixture: SiteFixture;
let site: RunningSite;
let siteBase: string;
/** The open event stream's response, to write the next event from the test. */
let streamTo: http.ServerResponse | null = null;
let streamOpened: () => void = () => {};
let uploadBegan: () => void = () => {};

beforeAll(async () => {
  api = Fastify();
  // As the API does (api/src/http/lingeringClose.ts): a refused body is read to its end, the connection kept.
  api.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && !request.raw.complete) {
      reply.removeHeader('connection');
      request.raw.resume();
    }
    return payload;
  });
  api.post('/api/echo', async (request) => ({ received: JSON.stringify(request.body).length }));
  // An upload route that takes large bodies as a stream and tells, on the first piece, that the body has begun.
  api.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    scope.post('/api/upload', { bodyLimit: 32 * 1024 * 1024 }, async (request) => {
      let received = 0;
      for await (const chunk of request.body as AsyncIterable<Buffer>) {
        if (received === 0) uploadBegan();
        received += chunk.length;
      }
      return { received };
    });
  });
  api.get('/api/headers', async (request) => ({ headers: request.headers, url: request.url }));
  api.get('/api/stream', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    reply.raw.flushHeaders();
    streamTo = reply.raw;
    streamOpened();
  });
  // A WebSocket endpoint like the voices' socket: echoes each message with the forwarded host it saw.
  const sockets = new WebSocketServer({ server: api.server, path: '/api/socket' });
  sockets.on('connection', (socket, request) => socket.on('message', (data) => socket.send(`${request.headers['x-forwarded-host']}:${String(data)}`)));
  api.addHook('onClose', async () => sockets.close());
  await api.listen({ port: 0, host: '127.0.0.1' });
  fixture = createSiteFixture();
  site = await serveSite({
    root: fixture.root,
    port: 0,
    spaFallback: true,
    deploymentsDir: fixture.deploymentsDir,
    apiUrl: `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`,
  });
  siteBase = `http://127.0.0.1:${site.port}`;
});

afterAll(async () => {
  streamTo?.end();
  await site.close();
  await api.close();
  fixture.remove();
});

const json = (body: object) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)) });

describe('the /api proxy', () => {
  it('passes WebSocket upgrades under /api through, both ways, and refuses others', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${site.port}/api/socket`);
    const answers: string[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => socket.send('one'));
      socket.on('message', (data) => {
        answers.push(String(data));
        if (answers.length === 1) socket.send('two');
        else resolve();
      });
      socket.on('error', reject);
    });
    socket.close();
    expect(answers).toEqual([`127.0.0.1:${site.port}:one`, `127.0.0.1:${site.port}:two`]);
    const refused = await new Promise<number>((resolve) => {
      const other = new WebSocket(`ws://127.0.0.1:${site.port}/not-api`);
      other.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      other.on('error', () => resolve(-1));
    });
    expect(refused).toBe(404);
    const missing = await new Promise<number>((resolve) => {
      const other = new WebSocket(`ws://127.0.0.1:${site.port}/api/nothing-here`);
      other.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      other.on('error', () => resolve(-1));
    });
    expect(missing).toBe(400);
  });

  it('passes a body through and the answer back', async () => {
    const answer = await rawRequest(siteBase, '/api/echo', json({ text: 'hello' }));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({ received: JSON.stringify({ text: 'hello' }).length });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('passes the API’s 413 for a 5 MB body through, every time', async () => {
    const body = Buffer.from(JSON.stringify({ text: 'x'.repeat(5 * 1024 * 1024) }));
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const answer = await rawRequest(siteBase, '/api/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    }
  });

  it('streams a body to the API as it comes, holding none of it: the API reads the first part before the rest is sent', async () => {
    const began = new Promise<void>((resolve) => (uploadBegan = resolve));
    const piece = Buffer.alloc(1024 * 1024, 7);
    const request = http.request(`${siteBase}/api/upload`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' } });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => request.on('response', resolve).on('error', reject));
    // Chunked, no length: the first MiB goes, and the API must see it while the client still holds the rest.
    request.write(piece);
    await began;
    for (let i = 1; i < 12; i += 1) request.write(piece);
    request.end();
    const answer = await answered;
    const chunks: Buffer[] = [];
    for await (const chunk of answer) chunks.push(chunk as Buffer);
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(Buffer.concat(chunks).toString())).toEqual({ received: 12 * piece.length });
  });

  it('passes the API’s 413 for a chunked body that outgrows its limit', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${siteBase}/api/echo`, { method: 'POST', headers: { 'content-type': 'application/json' } });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      request.on('error', reject);
      request.write('{"text":"');
      for (let i = 0; i < 3; i += 1) request.write('x'.repeat(1024 * 1024));
      request.end('"}');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
  });

  it('tells the API the original host, scheme and client', async () => {
    const answer = await rawRequest(siteBase, '/api/headers?x=1', { headers: { host: 'partner.localhost:4300' } });
    const { headers, url } = JSON.parse(answer.body.toString());
    expect(url).toBe('/api/headers?x=1');
    expect(headers['x-forwarded-host']).toBe('partner.localhost:4300');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    // The site's request id, so that the API's log lines carry the site's; one the client sent is kept.
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await rawRequest(siteBase, '/api/headers', { headers: { 'x-request-id': 'trace-7' } });
    expect(JSON.parse(traced.body.toString()).headers['x-request-id']).toBe('trace-7');
  });

  it('streams Server-Sent Events one by one, unbuffered', async () => {
    const opened = new Promise<void>((resolve) => (streamOpened = resolve));
    const response = await fetch(`${siteBase}/api/stream`);
    await opened;
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = readSseEvents(response.body ?? []);
    // Each event must arrive before the next is even written.
    for (const token of ['Once', ' upon', ' a time']) {
      streamTo!.write(`data: ${JSON.stringify({ token })}\n\n`);
      expect(await events.next()).toEqual({ done: false, value: { event: 'message', data: JSON.stringify({ token }) } });
    }
    streamTo!.end();
    expect((await events.next()).done).toBe(true);
  });

  it('balances over several APIs (API_URL with commas), and keeps answering when one of them stops', async () => {
    const apis = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const one = Fastify();
        one.get('/api/who', async () => ({ name }));
        one.post('/api/who', async () => ({ name }));
        await one.listen({ port: 0, host: '127.0.0.1' });
        return one;
      }),
    );
    const urls = apis.map((one) => `http://127.0.0.1:${(one.server.address() as AddressInfo).port}`);
    const balanced = await serveSite({ root: fixture.root, port: 0, spaFallback: true, apiUrl: urls.join(',') });
    const who = async (method = 'GET') => {
      const answer = await rawRequest(`http://127.0.0.1:${balanced.port}`, '/api/who', { method, headers: method === 'POST' ? { 'content-length': '0' } : {} });
      return answer.status === 200 ? (JSON.parse(answer.body.toString()) as { name: string }).name : `status ${answer.status}`;
    };
    try {
      const names: string[] = [];
      for (let i = 0; i < 20; i += 1) names.push(await who());
      expect(new Set(names)).toEqual(new Set(['a', 'b']));
      // One stops (its port refuses connections): every call is answered by the other, a call with an empty body
      // (`content-length: 0`, nothing to send again) too.
      await apis[0]!.close();
      const after: string[] = [];
      for (let i = 0; i < 20; i += 1) after.push(await who(i % 2 === 0 ? 'POST' : 'GET'));
      expect(after).toEqual(Array(20).fill('b'));
    } finally {
      await balanced.close();
      await Promise.all(apis.map((one) => one.close()));
    }
  });

  it('answers 502 when the API is not reachable', async () => {
    const closed = await serveSite({ root: fixture.root, port: 0, spaFallback: true, apiUrl: 'http://127.0.0.1:9' });
    try {
      const answer = await rawRequest(`http://127.0.0.1:${closed.port}`, '/api/health');
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.body.toString())).toEqual({ code: 'api_unavailable', message: 'The API is not reachable.' });
    } finally {
      await closed.close();
    }
  });
});
