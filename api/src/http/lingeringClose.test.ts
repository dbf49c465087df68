import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerLingeringClose } from './lingeringClose';

// Over a real socket: the reset this guards against happens in the kernel, not in inject().
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = Fastify();
  registerLingeringClose(app);
  app.post('/echo', async (request) => ({ received: JSON.stringify(request.body).length }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(() => app.close());

/** Posts `body` over `agent`; gives the answer, or the socket's error. */
function post(body: Buffer, agent: http.Agent): Promise<{ status: number; connection?: string; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const request = http.request(`${base}/echo`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': body.length } });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: Buffer.concat(chunks).toString() }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.end(body);
  });
}

describe('a refused body', () => {
  it('is read to its end and dropped: the client always reads the 413, over a connection kept for the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = Buffer.from(JSON.stringify({ text: 'x'.repeat(5 * 1024 * 1024) }));
    try {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const answer = await post(body, agent);
        expect(answer).toMatchObject({ status: 413 });
        expect('connection' in answer && answer.connection).not.toBe('close');
      }
      // The same kept connection serves a request that fits.
      expect(await post(Buffer.from('{"text":"hi"}'), agent)).toMatchObject({ status: 200, body: '{"received":13}' });
    } finally {
      agent.destroy();
    }
  });
});
