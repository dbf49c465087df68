import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake providers share: JSON answers, form bodies, client credentials, PKCE and a loopback server. */

export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

/** client_id and client_secret from HTTP Basic (RFC 6749 §2.3.1: form-url-encoded, then base64) or the form. */
export function clientCredentials(req: IncomingMessage, form: URLSearchParams): { id: string | null; secret: string | null; basic: boolean } {
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const decode = (v: string) => decodeURIComponent(v.replace(/\+/g, ' '));
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)), basic: true };
  }
  return { id: form.get('client_id'), secret: form.get('client_secret'), basic: false };
}

export const pkceMatches = (verifier: string | null, challenge: string) =>
  verifier !== null && createHash('sha256').update(verifier).digest('base64url') === challenge;

/** Starts `handle` on 127.0.0.1 (a free port); answers its origin and how to stop it. */
export async function listenOnLoopback(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: 'server_error', error_description: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** Escapes text for an HTML attribute value. */
export const htmlAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
