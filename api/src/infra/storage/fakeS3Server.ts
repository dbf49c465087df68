import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-protocol server of ours for tests, over a real socket: path-style PUT, GET, HEAD and DELETE of objects
 * in buckets it is given, every request authenticated with AWS Signature Version 4 (an Authorization header, or a
 * presigned URL's query), computed here from the specification, not with the SDK that signs. A signed payload hash
 * must match the body; a presigned URL must not have expired; signed headers must be sent as signed.
 */
export interface FakeS3Options {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  buckets: readonly string[];
  /** The time the server checks dates and expiries against (default the real one). */
  now?: () => Date;
}

export interface FakeS3Request {
  method: string;
  path: string;
  /** How it was authenticated, and the headers its signature covered. */
  auth: 'header' | 'query';
  signedHeaders: string[];
  status: number;
}

export interface FakeS3Server {
  endpoint: string;
  /** bucket → key → object. */
  objects: Map<string, Map<string, { bytes: Buffer; contentType: string }>>;
  requests: FakeS3Request[];
  close(): Promise<void>;
}

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 percent-encoding, as SigV4 wants it (unreserved characters kept). */
const uriEncode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function parseAmzDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : null;
}

interface Signed {
  auth: 'header' | 'query';
  accessKeyId: string;
  scope: { date: string; region: string; service: string; terminator: string };
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  payloadHash: string;
  expiresSeconds?: number;
}

function readSignature(req: IncomingMessage, query: URLSearchParams): Signed {
  const authorization = req.headers.authorization;
  let credential: string;
  let signedHeaders: string;
  let signature: string;
  let amzDate: string;
  let payloadHash: string;
  let expiresSeconds: number | undefined;
  let auth: Signed['auth'];
  if (authorization) {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!m) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
    [credential, signedHeaders, signature] = [m[1]!, m[2]!, m[3]!];
    amzDate = String(req.headers['x-amz-date'] ?? '');
    payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!payloadHash) throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    auth = 'header';
  } else if (query.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
    credential = query.get('X-Amz-Credential') ?? '';
    signedHeaders = query.get('X-Amz-SignedHeaders') ?? '';
    signature = query.get('X-Amz-Signature') ?? '';
    amzDate = query.get('X-Amz-Date') ?? '';
    payloadHash = query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    expiresSeconds = Number(query.get('X-Amz-Expires'));
    if (!Number.isInteger(expiresSeconds) || expiresSeconds < 1 || expiresSeconds > 604_800) {
      throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be between 1 and 604800 seconds');
    }
    auth = 'query';
  } else {
    throw new S3Error(403, 'AccessDenied', 'Access Denied');
  }
  const parts = credential.split('/');
  if (parts.length !== 5) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The credential is malformed');
  const [accessKeyId, date, region, service, terminator] = parts as [string, string, string, string, string];
  return { auth, accessKeyId, scope: { date, region, service, terminator }, signedHeaders: signedHeaders.split(';'), signature, amzDate, payloadHash, expiresSeconds };
}

function canonicalRequest(req: IncomingMessage, rawPath: string, query: URLSearchParams, signed: Signed): string {
  const canonicalUri = rawPath
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
  const pairs = [...query.entries()].filter(([k]) => !(signed.auth === 'query' && k === 'X-Amz-Signature'));
  const canonicalQuery = pairs
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = signed.signedHeaders
    .map((name) => {
      const value = req.headers[name];
      if (value === undefined) throw new S3Error(403, 'SignatureDoesNotMatch', `Signed header ${name} was not sent`);
      const text = Array.isArray(value) ? value.join(',') : value;
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  return [req.method, canonicalUri, canonicalQuery, canonicalHeaders, signed.signedHeaders.join(';'), signed.payloadHash].join('\n');
}

function verify(req: IncomingMessage, rawPath: string, query: URLSearchParams, body: Buffer, options: FakeS3Options, now: Date): Signed {
  const signed = readSignature(req, query);
  if (signed.accessKeyId !== options.accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'The access key id does not exist');
  const { date, region, service, terminator } = signed.scope;
  if (region !== options.region || service !== 's3' || terminator !== 'aws4_request') {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The credential scope is wrong');
  }
  const signedAt = parseAmzDate(signed.amzDate);
  if (!signedAt || !signed.amzDate.startsWith(date)) throw new S3Error(403, 'AccessDenied', 'The request date is missing or malformed');
  if (!signed.signedHeaders.includes('host')) throw new S3Error(403, 'AccessDenied', 'The host header must be signed');
  if (signed.auth === 'query') {
    if (now.getTime() > signedAt.getTime() + signed.expiresSeconds! * 1000) throw new S3Error(403, 'AccessDenied', 'Request has expired');
  } else if (Math.abs(now.getTime() - signedAt.getTime()) > 15 * 60_000) {
    throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the server time is too large');
  }
  if (signed.payloadHash !== 'UNSIGNED-PAYLOAD') {
    if (signed.payloadHash.startsWith('STREAMING-')) throw new S3Error(501, 'NotImplemented', 'Chunked uploads are not supported here');
    if (signed.payloadHash !== sha256Hex(body)) throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'The payload hash does not match the body');
  }
  const stringToSign = ['AWS4-HMAC-SHA256', signed.amzDate, `${date}/${region}/${service}/${terminator}`, sha256Hex(canonicalRequest(req, rawPath, query, signed))].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, date), region), service), terminator);
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(signed.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided');
  }
  return signed;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.replace(/[<&>]/g, '')}</Message></Error>`;

export async function startFakeS3Server(options: FakeS3Options): Promise<FakeS3Server> {
  const objects = new Map(options.buckets.map((b) => [b, new Map<string, { bytes: Buffer; contentType: string }>()]));
  const requests: FakeS3Request[] = [];
  const now = options.now ?? (() => new Date());

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const rawPath = (req.url ?? '/').split('?')[0]!;
    let signed: Signed | undefined;
    try {
      signed = verify(req, rawPath, url.searchParams, body, options, now());
      const [, bucketName, ...keyParts] = rawPath.split('/');
      const bucket = objects.get(decodeURIComponent(bucketName ?? ''));
      if (!bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
      const key = keyParts.map(decodeURIComponent).join('/');
      if (!key) throw new S3Error(400, 'InvalidRequest', 'Bucket operations are not supported here');
      if (req.method === 'PUT') {
        const declared = Number(req.headers['content-length']);
        if (!Number.isInteger(declared) || declared !== body.length) throw new S3Error(400, 'IncompleteBody', 'The body is not of the declared length');
        bucket.set(key, { bytes: body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      } else if (req.method === 'GET' || req.method === 'HEAD') {
        const found = bucket.get(key);
        if (!found) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'content-type': found.contentType, 'content-length': String(found.bytes.length) });
        res.end(req.method === 'GET' ? found.bytes : undefined);
      } else if (req.method === 'DELETE') {
        bucket.delete(key);
        res.writeHead(204).end();
      } else {
        throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
      }
    } catch (err) {
      const e = err instanceof S3Error ? err : new S3Error(500, 'InternalError', (err as Error).message);
      if (req.method === 'HEAD') res.writeHead(e.status).end();
      else res.writeHead(e.status, { 'content-type': 'application/xml' }).end(xmlError(e.code, e.message));
    } finally {
      requests.push({ method: req.method ?? '', path: rawPath, auth: signed?.auth ?? 'header', signedHeaders: signed?.signedHeaders ?? [], status: res.statusCode });
    }
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
