// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package has no types; this file is also compiled by the e2e project, which does not include api/src
/// <reference path="./http_ece.d.ts" />
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import selfsigned from 'selfsigned';

/**
 * A push service of ours for tests (what FCM or Mozilla's autopush are to browsers), over a real TLS socket and speaking
 * the Web Push protocol: `POST /push/<id>` (RFC 8030) with an aes128gcm body (RFC 8188, keys of RFC 8291) and VAPID
 * authorization (RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`). It checks the JWT's signature, audience and expiry,
 * decrypts the payload with the subscriber's private key (it makes the subscriptions, as a browser would), and keeps
 * what arrived. It can be told to answer the next pushes with an error (a 500 to see retries, a 410 for a browser
 * that left).
 */

export interface ReceivedPush {
  subscription: string;
  payload: string;
  ttl: string | undefined;
  topic: string | undefined;
  urgency: string | undefined;
  vapidSubject: string;
}

export interface FakePushService {
  url: string;
  /** Its certificate (self-signed, for 127.0.0.1), and an agent that trusts it (the API's pushAgent in tests). */
  ca: string;
  agent: Agent;
  /** A browser's subscription at this service: what PushSubscription.toJSON() gives. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** Answers the next `count` pushes with `status` instead of 201. */
  failNext(status: number, count?: number): void;
  /** Pushes refused (bad VAPID, undecryptable). */
  refused: string[];
  close(): Promise<void>;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The VAPID header's claims, once its ES256 signature checks against the key it names. */
function checkVapid(header: string | undefined, audience: string, now: number): { sub: string } | string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'no vapid authorization';
  const [, token, key] = match as unknown as [string, string, string];
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return 'malformed JWT';
  const raw = Buffer.from(key, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) };
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) return 'bad VAPID signature';
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== audience) return `wrong audience ${claims.aud}`;
  if (!claims.exp || claims.exp * 1000 < now || claims.exp * 1000 > now + 24 * 3600_000 + 60_000) return 'bad expiry';
  if (!claims.sub) return 'no subject';
  return { sub: claims.sub };
}

export async function startFakePushService(): Promise<FakePushService> {
  const subscribers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const failures: number[] = [];
  let counter = 0;
  const tls = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const server: Server = createServer({ key: tls.private, cert: tls.cert }, (req, res) => {
    void (async () => {
      const body = await readBody(req);
      const id = /^\/push\/([a-z0-9]+)$/.exec(req.url ?? '')?.[1];
      const subscriber = id ? subscribers.get(id) : undefined;
      if (req.method !== 'POST' || !id) return res.writeHead(404).end();
      if (!subscriber) return res.writeHead(410).end('gone');
      const failure = failures.shift();
      if (failure !== undefined) return res.writeHead(failure).end('failing on purpose');
      const audience = `https://${req.headers.host}`;
      const vapid = checkVapid(req.headers.authorization, audience, Date.now());
      if (typeof vapid === 'string') {
        refused.push(vapid);
        return res.writeHead(403).end(vapid);
      }
      if (req.headers['content-encoding'] !== 'aes128gcm') {
        refused.push('not aes128gcm');
        return res.writeHead(415).end();
      }
      let payload: string;
      try {
        payload = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscriber.ecdh, authSecret: b64url(subscriber.auth) }).toString('utf8');
      } catch (err) {
        refused.push(`undecryptable: ${String(err)}`);
        return res.writeHead(400).end();
      }
      received.push({
        subscription: id,
        payload,
        ttl: req.headers.ttl as string | undefined,
        topic: req.headers.topic as string | undefined,
        urgency: req.headers.urgency as string | undefined,
        vapidSubject: vapid.sub,
      });
      res.writeHead(201, { location: `/messages/${received.length}` }).end();
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: tls.cert });
  return {
    url,
    ca: tls.cert,
    agent,
    received,
    refused,
    subscribe() {
      counter += 1;
      const id = `s${counter}${randomBytes(4).toString('hex')}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.set(id, { ecdh, auth });
      return { endpoint: `${url}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    failNext(status, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    close: () => {
      agent.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
