import http from 'node:http';
import { PassThrough, type Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { context, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { HEADERS_TIMEOUT_MS, type ApiUpstream } from './apiUpstream';
import { problem } from './problem';

/** Headers of one hop, never forwarded (RFC 9110 §7.6.1); and Expect, which is the client's with this server. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect']);

type Headers = Record<string, string | string[] | undefined>;

function endToEnd(headers: Headers): Record<string, string | string[]> {
  const named = new Set(String(headers.connection ?? '').toLowerCase().split(',').map((name) => name.trim()));
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) kept[name] = value;
  return kept;
}

/** W3C trace context headers (traceparent, tracestate). */
const TRACE_CONTEXT = ['traceparent', 'tracestate'];

const problemText = (code: string, message: string) => JSON.stringify(problem(code, message));

/**
 * Passes /api to the API through undici, streaming both ways: the request body goes on as the browser sends it (the
 * proxy holds none of it), the answer comes back as it comes, Server-Sent Events unbuffered. The API learns the
 * original host, scheme and client through x-forwarded-*, and the site's request id.
 *
 * A body the API refuses early (413 on its Content-Length) is the case to get right. The API reads the rest of a
 * refused body and drops it instead of closing the connection at once (api/src/http/lingeringClose.ts): a close
 * with unread data resets the connection, and the reset lost the 413 before the proxy read it. undici reads an answer
 * that comes while it is still sending; the rest of the browser's body is then read here to its end and dropped, so
 * the browser too reads the 413 and is never reset while still sending.
 */
export function registerApiProxy(app: FastifyInstance, upstream: ApiUpstream): void {
  const send = (outgoing: http.ServerResponse, status: number, body: string) => {
    outgoing.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    outgoing.end(body);
  };

  const forward = async (request: FastifyRequest, outgoing: http.ServerResponse) => {
    const incoming = request.raw;
    const headers = endToEnd(incoming.headers);
    headers['x-forwarded-host'] = incoming.headers.host ?? '';
    headers['x-forwarded-proto'] = request.protocol;
    headers['x-forwarded-for'] = [incoming.headers['x-forwarded-for'], request.ip].filter(Boolean).join(', ');
    // The API logs under the same request id as the site's access log.
    headers['x-request-id'] = request.id;
    // When the site traces (tracing.ts), the call of the API carries the site's span in its own trace context (the
    // undici instrumentation adds it): the browser's would make it a second, unreadable traceparent.
    if (trace.getSpan(context.active())) for (const name of TRACE_CONTEXT) delete headers[name];
    // `content-length: 0` is no body: such a call may go to another API when its own refuses the connection.
    const length = incoming.headers['content-length'];
    const hasBody = incoming.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    // Through a stream of its own: undici ends it when the API answers early, and the browser's is drained instead.
    const body = hasBody ? incoming.pipe(new PassThrough()) : undefined;
    // The browser went away (left the chat mid-stream): the API sees its connection close.
    const gone = new AbortController();
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) gone.abort();
    });
    try {
      const answer = await upstream.request({ path: incoming.url ?? '/', method: incoming.method as Dispatcher.HttpMethod, headers, body, signal: gone.signal });
      // The site's security headers are on the response already (an onRequest hook); the API's own, where it sends one, win.
      outgoing.writeHead(answer.statusCode, endToEnd(answer.headers));
      outgoing.flushHeaders();
      pipeline(answer.body, outgoing).catch(() => outgoing.destroy());
    } catch (error) {
      if (outgoing.headersSent || outgoing.destroyed) return;
      const timedOut = (error as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT';
      send(outgoing, timedOut ? 504 : 502, problemText('api_unavailable', 'The API is not reachable.'));
    } finally {
      if (body && !incoming.readableEnded) {
        incoming.unpipe(body);
        incoming.resume();
      }
    }
  };

  const handle = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    void forward(request, reply.raw);
  };

  registerUpgradeProxy(app, upstream.targets);

  app.register(async (scope) => {
    // The body is the API's to read: Fastify leaves it unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/api', handle);
    scope.all('/api/*', handle);
  });
}

/**
 * WebSocket upgrades under /api (the voices' realtime socket) go to the API too: the upgrade request is passed on with
 * the forwarding headers, the API's 101 and its headers are written back, and the two sockets are then piped into each
 * other until either side closes. Anything the API answers instead of 101 ends the browser's connection.
 */
function registerUpgradeProxy(app: FastifyInstance, targets: readonly string[]): void {
  let next = 0;
  app.server.on('upgrade', (incoming: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    // Each socket to the next API in turn.
    const target = new URL(targets[next++ % targets.length]!);
    if (!incoming.url?.startsWith('/api/')) {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const headers: http.OutgoingHttpHeaders = { ...incoming.headers };
    headers['x-forwarded-host'] = incoming.headers.host ?? '';
    // As the HTTP path: the site's own scheme, never what the client claims.
    headers['x-forwarded-proto'] = 'encrypted' in incoming.socket && incoming.socket.encrypted ? 'https' : 'http';
    headers['x-forwarded-for'] = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request({ protocol: target.protocol, hostname: target.hostname, port: target.port, method: 'GET', path: incoming.url, headers });
    // The browser gone before the API answered: the upgrade is abandoned.
    socket.on('error', () => upstream.destroy());
    socket.on('close', () => upstream.destroy());
    // The API's answer (101 or not) must come in time; the connection after it is not limited.
    const answerTimer = setTimeout(() => upstream.destroy(), HEADERS_TIMEOUT_MS);
    upstream.on('close', () => clearTimeout(answerTimer));
    upstream.on('upgrade', (answer, apiSocket, apiHead) => {
      clearTimeout(answerTimer);
      if (socket.destroyed) {
        apiSocket.destroy();
        return;
      }
      const lines = [`HTTP/1.1 101 ${answer.statusMessage ?? 'Switching Protocols'}`];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (apiHead.length > 0) socket.write(apiHead);
      if (head.length > 0) apiSocket.write(head);
      apiSocket.on('error', () => socket.destroy());
      socket.on('error', () => apiSocket.destroy());
      apiSocket.on('close', () => socket.destroy());
      socket.on('close', () => apiSocket.destroy());
      apiSocket.pipe(socket).pipe(apiSocket);
    });
    upstream.on('response', (answer) => {
      clearTimeout(answerTimer);
      socket.end(`HTTP/1.1 ${answer.statusCode ?? 502} ${answer.statusMessage ?? ''}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
      answer.resume();
    });
    upstream.on('error', () => socket.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n'));
    upstream.end();
  });
}
