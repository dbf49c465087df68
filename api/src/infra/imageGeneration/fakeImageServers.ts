import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * Small fake image generators of ours for tests, over real sockets: an OpenAI-compatible images endpoint
 * (POST /v1/images/generations) and an Automatic1111-compatible server (POST /sdapi/v1/txt2img and img2img). Each
 * records what it was sent and answers a real PNG, unless a test gives it another answer.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** A test's own answer: status, JSON (or raw text) and headers; or 'hang' to never answer. */
export type FakeAnswer = { status: number; json?: unknown; text?: string; bytes?: Buffer; headers?: Record<string, string> } | 'hang';

export interface FakeImageServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** The next answers, in order; when empty, the server's normal answer. */
  answers: FakeAnswer[];
  close(): Promise<void>;
}

/** A solid-colour PNG of the size asked, its colour from the seed, so that answers differ per seed. */
export async function fakePicture(width: number, height: number, seed: number): Promise<Buffer> {
  const background = { r: seed % 256, g: (seed >> 8) % 256, b: 128 };
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

async function startServer(normal: (request: RecordedRequest) => Promise<{ status: number; json: unknown }>): Promise<FakeImageServer> {
  const requests: RecordedRequest[] = [];
  const answers: FakeAnswer[] = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        } catch {
          // recorded as empty
        }
        const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
        requests.push(recorded);
        const answer = answers.shift() ?? (await normal(recorded));
        if (answer === 'hang') {
          hanging.push(res);
          return;
        }
        const { bytes, text, json, headers } = answer as Exclude<FakeAnswer, 'hang'>;
        const payload = bytes ?? text ?? JSON.stringify(json ?? {});
        res.writeHead(answer.status, { 'content-type': bytes ? 'image/png' : 'application/json', ...headers }).end(payload);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answers,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** POST /v1/images/generations: { data: [{ b64_json }] } (a 64×80 PNG), or 404 elsewhere. */
export function startFakeOpenAiImagesServer(): Promise<FakeImageServer> {
  return startServer(async (request) => {
    if (request.method !== 'POST' || request.path !== '/v1/images/generations') return { status: 404, json: { error: { message: 'not found' } } };
    const picture = await fakePicture(64, 80, 7);
    return { status: 200, json: { created: 1, data: [{ b64_json: picture.toString('base64') }] } };
  });
}

/**
 * POST /sdapi/v1/txt2img and /sdapi/v1/img2img: { images: [base64 PNG of width × height], info: JSON text with the
 * seed } (a seed of -1 or none becomes 1234, as the real server picks one).
 */
export function startFakeA1111Server(): Promise<FakeImageServer> {
  return startServer(async (request) => {
    if (request.method !== 'POST' || !['/sdapi/v1/txt2img', '/sdapi/v1/img2img'].includes(request.path)) return { status: 404, json: { detail: 'Not Found' } };
    const seed = typeof request.body.seed === 'number' && request.body.seed >= 0 ? request.body.seed : 1234;
    const width = Number(request.body.width ?? 512);
    const height = Number(request.body.height ?? 512);
    const picture = await fakePicture(width, height, seed);
    return { status: 200, json: { images: [picture.toString('base64')], parameters: request.body, info: JSON.stringify({ seed, all_seeds: [seed] }) } };
  });
}
