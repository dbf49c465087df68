import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWK, type KeyLike } from 'jose';

/** Who signs in at the fake provider's authorize step. */
export interface FakeOidcUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | null;
  user: FakeOidcUser;
}

export interface FakeOidcProvider {
  /** http://127.0.0.1:<port> */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The user the next authorize request signs in as. */
  user: FakeOidcUser;
  /** Tamper switches for negative tests. */
  tamper: { wrongNonce?: boolean; wrongAudience?: boolean; foreignKey?: boolean };
  /** Requests seen, for assertions ("GET /authorize", "POST /token", ...). */
  requests: string[];
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

/**
 * A tiny OpenID Connect provider speaking the real protocol over a real socket: discovery document, authorize
 * (redirects straight back with a code, as if the user had consented), token endpoint (client authentication,
 * redirect_uri and PKCE S256 checks, single-use codes) and JWKS; id_tokens are RS256-signed.
 */
export async function startFakeOidcProvider(options: { clientId?: string; clientSecret?: string } = {}): Promise<FakeOidcProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const kid = randomBytes(8).toString('hex');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();

  const provider: FakeOidcProvider = {
    issuer: '',
    clientId: options.clientId ?? 'fable-test-client',
    clientSecret: options.clientSecret ?? randomBytes(16).toString('hex'),
    user: { sub: 'fake-user-1', email: 'someone@example.com', email_verified: true, name: 'Someone' },
    tamper: {},
    requests: [],
    close: async () => undefined,
  };

  const signIdToken = (code: IssuedCode) => {
    const key: KeyLike = provider.tamper.foreignKey ? foreign.privateKey : privateKey;
    const claims: Record<string, unknown> = { ...code.user };
    delete claims.sub;
    claims.nonce = provider.tamper.wrongNonce ? 'not-the-nonce' : code.nonce;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(provider.issuer)
      .setSubject(code.user.sub)
      .setAudience(provider.tamper.wrongAudience ? 'someone-else' : code.clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', provider.issuer);
    provider.requests.push(`${req.method} ${url.pathname}`);
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer: provider.issuer,
        authorization_endpoint: `${provider.issuer}/authorize`,
        token_endpoint: `${provider.issuer}/token`,
        jwks_uri: `${provider.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri');
      if (q.get('client_id') !== provider.clientId || !redirectUri) return json(res, 400, { error: 'invalid_client' });
      if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
        return json(res, 400, { error: 'invalid_request' });
      }
      if (!(q.get('scope') ?? '').split(' ').includes('openid')) return json(res, 400, { error: 'invalid_scope' });
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        clientId: provider.clientId,
        redirectUri,
        codeChallenge: q.get('code_challenge') ?? '',
        nonce: q.get('nonce'),
        user: { ...provider.user },
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      if (q.get('state') !== null) back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(req));
      let clientId = form.get('client_id');
      let clientSecret = form.get('client_secret');
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (basic) {
        const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
        clientId = id ?? null;
        clientSecret = secret ?? null;
      }
      if (clientId !== provider.clientId || clientSecret !== provider.clientSecret) return json(res, 401, { error: 'invalid_client' });
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code || form.get('grant_type') !== 'authorization_code' || form.get('redirect_uri') !== code.redirectUri) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== code.codeChallenge) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
      }
      return json(res, 200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: await signIdToken(code),
      });
    }
    return json(res, 404, { error: 'not_found' });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((err) => (err ? reject(err) : resolve()));
    });
  return provider;
}
