import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Headers of one hop, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = new Set(String(headers.connection ?? '').toLowerCase().split(',').map((name) => name.trim()));
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)));
}

/**
 * The largest body the proxy holds for the API: far above any limit of the API (1 MiB), so that the API's own
 * limit is the one that answers. A body over it is read to its end and dropped, and answered 413 here.
 */
export const PROXY_BODY_LIMIT = 16 * 1024 * 1024;
/** How long the API may take to start answering (a stream's pauses between events are not limited). */
const HEADERS_TIMEOUT_MS = 120_000;

const problem = (code: string, message: string) => JSON.stringify({ code, message });

/**
 * Passes /api to the API and streams the answer back as it comes, Server-Sent Events unbuffered. The API learns the
 * original host, scheme and client through x-forwarded-*.
 *
 * The request body is read whole first, then sent in one write. Streamed piecemeal, a body the API refuses on its
 * Content-Length (413, after which it closes the connection) made the proxy's next write fail (EPIPE) before it
 * had read the 413 that was already there, and the browser got a 502 or a reset. With one write the 413 is read
 * before the failed rest of the write is seen, every time; the browser's body is read to its end as a server
 * does, so the browser is never reset while still sending.
 */
export function registerApiProxy(app: FastifyInstance, apiUrl: string): void {
  const target = new URL(apiUrl);
  const agent = new http.Agent({ keepAlive: true });
  app.addHook('onClose', async () => agent.destroy());

  const send = (outgoing: http.ServerResponse, status: number, body: string) => {
    outgoing.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    outgoing.end(body);
  };

  const forward = (request: FastifyRequest, body: Buffer, outgoing: http.ServerResponse) => {
    const incoming = request.raw;
    const headers = endToEnd(incoming.headers);
    headers['x-forwarded-host'] = incoming.headers.host ?? '';
    headers['x-forwarded-proto'] = request.protocol;
    headers['x-forwarded-for'] = [incoming.headers['x-forwarded-for'], request.ip].filter(Boolean).join(', ');
    // The API logs under the same request id as the site's access log.
    headers['x-request-id'] = request.id;
    if (body.length > 0 || incoming.headers['content-length'] !== undefined) headers['content-length'] = body.length;
    let answered = false;

    const upstream = http.request({ protocol: target.protocol, hostname: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers, agent });
    const headersTimer = setTimeout(() => upstream.destroy(Object.assign(new Error('the API did not answer in time'), { code: 'ETIMEDOUT' })), HEADERS_TIMEOUT_MS);
    upstream.on('response', (answer) => {
      answered = true;
      clearTimeout(headersTimer);
      // The site's security headers are on the response already (an onRequest hook); the API's own, where it sends one, win.
      outgoing.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      outgoing.flushHeaders();
      answer.pipe(outgoing);
      answer.on('error', () => outgoing.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(headersTimer);
      // After an answer that came before the whole body was taken, the failed rest of the write is expected.
      if (answered) return;
      send(outgoing, error.code === 'ETIMEDOUT' ? 504 : 502, problem('api_unavailable', 'The API is not reachable.'));
    });
    // The browser went away (left the chat mid-stream): the API sees its connection close.
    outgoing.on('close', () => {
      clearTimeout(headersTimer);
      if (!outgoing.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  };

  const handle = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const chunks: Buffer[] = [];
    let size = 0;
    request.raw.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= PROXY_BODY_LIMIT) chunks.push(chunk);
      else chunks.length = 0;
    });
    request.raw.on('end', () => {
      if (size > PROXY_BODY_LIMIT) send(reply.raw, 413, problem('payload_too_large', 'The request is too large.'));
      else forward(request, Buffer.concat(chunks, size), reply.raw);
    });
  };

  registerUpgradeProxy(app, target);

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
function registerUpgradeProxy(app: FastifyInstance, target: URL): void {
  app.server.on('upgrade', (incoming: http.IncomingMessage, socket: Duplex, head: Buffer) => {
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
