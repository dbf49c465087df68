import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SignJWT, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, type JWK } from 'jose';
import { clientCredentials, htmlAttribute, json, listenOnLoopback, pkceMatches, readBody } from './fakeProviderHttp';

/** Who signs in at the fake provider's authorize step. */
export interface FakeOidcUser {
  sub: string;
  email?: string;
  /** Google sends a boolean, Apple the string "true" or "false". */
  email_verified?: boolean | 'true' | 'false';
  name?: string;
  picture?: string;
  /** Apple only: the name it posts (in `user`) on the first sign-in of this subject. */
  firstName?: string;
  lastName?: string;
}

interface IssuedCode {
  redirectUri: string;
  codeChallenge: string;
  nonce: string | null;
  user: FakeOidcUser;
}

/** Sign in with Apple's key as the team holds it: the .p8 PEM our API signs client secrets with. */
export interface FakeAppleKey {
  teamId: string;
  keyId: string;
  privateKeyPem: string;
  publicKey: KeyObject;
}

/** A fresh P-256 key like the .p8 file Apple hands out. */
export function makeAppleKey(teamId = 'TEAM123456', keyId = 'KEY1234567'): FakeAppleKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return { teamId, keyId, privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), publicKey };
}

export interface FakeOidcProvider {
  kind: 'google' | 'apple';
  /** http://127.0.0.1:<port> */
  issuer: string;
  clientId: string;
  /** Google: the shared client secret. Apple has none: the client secret is a JWT signed with `appleKey`. */
  clientSecret: string;
  /** Apple: the key whose public half checks the client-secret JWTs. */
  appleKey?: FakeAppleKey;
  /** The user the next authorize request signs in as. */
  user: FakeOidcUser;
  /** Tamper switches for negative tests. */
  tamper: { wrongNonce?: boolean; wrongAudience?: boolean; foreignKey?: boolean };
  /** Requests seen, for assertions ("GET /authorize", "POST /token", ...). */
  requests: string[];
  /** While true every connection is dropped, as by a provider that is down. */
  outage: boolean;
  /** Why the token endpoint last refused a request (invalid_client, invalid_grant …), for assertions. */
  lastTokenError: string | null;
  close(): Promise<void>;
}

/** Apple accepts client secrets that expire within six months of their issue. */
const APPLE_MAX_SECRET_SECONDS = 15_777_000;

/**
 * A tiny OpenID Connect provider speaking the real protocol over a real socket: discovery document, authorize (as
 * if the user had consented), token endpoint (client authentication, redirect_uri and PKCE S256 checks, single-use
 * codes) and JWKS; id_tokens are RS256-signed.
 *
 * kind google: the authorize step redirects back (GET) with code and state; the client authenticates with its
 * secret. kind apple (Sign in with Apple): response_mode=form_post is required and the authorize step answers the
 * HTML page that posts code, state and, on a subject's first sign-in, `user` (its name) to the redirect URI; the
 * client secret is an ES256 JWT (kid, iss = team, sub = client, aud = issuer, exp within six months) verified with
 * the team key's public half; email_verified is a string.
 */
export async function startFakeOidcProvider(
  options: { kind?: 'google' | 'apple'; clientId?: string; clientSecret?: string; appleKey?: FakeAppleKey } = {},
): Promise<FakeOidcProvider> {
  const kind = options.kind ?? 'google';
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const kid = randomBytes(8).toString('hex');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  const namedSubjects = new Set<string>();

  const provider: FakeOidcProvider = {
    kind,
    issuer: '',
    clientId: options.clientId ?? (kind === 'apple' ? 'example.fable.signin' : 'fable-test-client'),
    clientSecret: options.clientSecret ?? randomBytes(16).toString('hex'),
    appleKey: kind === 'apple' ? (options.appleKey ?? makeAppleKey()) : undefined,
    user: { sub: 'fake-user-1', email: 'someone@example.com', email_verified: true, name: 'Someone' },
    tamper: {},
    requests: [],
    outage: false,
    lastTokenError: null,
    close: async () => undefined,
  };

  const signIdToken = (code: IssuedCode) => {
    const key = provider.tamper.foreignKey ? foreign.privateKey : privateKey;
    const { sub, firstName: _f, lastName: _l, name, ...claims } = code.user;
    const payload: Record<string, unknown> = { ...claims, nonce: provider.tamper.wrongNonce ? 'not-the-nonce' : code.nonce };
    // Apple's id_token never carries the name.
    if (kind === 'google' && name !== undefined) payload.name = name;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(provider.issuer)
      .setSubject(sub)
      .setAudience(provider.tamper.wrongAudience ? 'someone-else' : provider.clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  };

  /** Why an Apple client secret is refused, or null when it is good. */
  const appleSecretProblem = async (secret: string | null): Promise<string | null> => {
    const appleKey = provider.appleKey!;
    if (!secret) return 'no client_secret';
    try {
      const header = decodeProtectedHeader(secret);
      if (header.alg !== 'ES256' || header.kid !== appleKey.keyId) return 'wrong alg or kid';
      const { payload } = await jwtVerify(secret, appleKey.publicKey, {
        algorithms: ['ES256'],
        issuer: appleKey.teamId,
        subject: provider.clientId,
        audience: provider.issuer,
        requiredClaims: ['iat', 'exp'],
      });
      if ((payload.exp ?? 0) - (payload.iat ?? 0) > APPLE_MAX_SECRET_SECONDS) return 'expires more than six months after issue';
      return null;
    } catch (err) {
      return `bad client secret JWT: ${(err as Error).message}`;
    }
  };

  const authorize = (url: URL, res: ServerResponse) => {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    if (q.get('client_id') !== provider.clientId || !redirectUri) return json(res, 400, { error: 'invalid_client' });
    if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
      return json(res, 400, { error: 'invalid_request' });
    }
    const scopes = (q.get('scope') ?? '').split(' ');
    if (!scopes.includes('openid')) return json(res, 400, { error: 'invalid_scope' });
    // Apple: asking for name or email requires the form post.
    if (kind === 'apple' && q.get('response_mode') !== 'form_post') {
      return json(res, 400, { error: 'invalid_request', error_description: 'response_mode must be form_post' });
    }
    const code = randomBytes(16).toString('hex');
    const user = { ...provider.user };
    codes.set(code, { redirectUri, codeChallenge: q.get('code_challenge') ?? '', nonce: q.get('nonce'), user });
    const response: Record<string, string> = { code };
    if (q.get('state') !== null) response.state = q.get('state') ?? '';

    if (kind === 'apple') {
      if (!namedSubjects.has(user.sub) && scopes.includes('name')) {
        namedSubjects.add(user.sub);
        response.user = JSON.stringify({ name: { firstName: user.firstName, lastName: user.lastName }, email: user.email });
      }
      const inputs = Object.entries(response)
        .map(([name, value]) => `<input type="hidden" name="${htmlAttribute(name)}" value="${htmlAttribute(value)}">`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(
        `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${htmlAttribute(redirectUri)}">${inputs}</form></body></html>`,
      );
    }
    const back = new URL(redirectUri);
    for (const [name, value] of Object.entries(response)) back.searchParams.set(name, value);
    res.writeHead(302, { location: back.toString() });
    return res.end();
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    const refuse = (status: number, error: string, description: string) => {
      provider.lastTokenError = `${error}: ${description}`;
      return json(res, status, { error, error_description: description });
    };
    const form = new URLSearchParams(await readBody(req));
    const client = clientCredentials(req, form);
    if (client.id !== provider.clientId) return refuse(401, 'invalid_client', 'unknown client');
    if (kind === 'apple') {
      const problem = await appleSecretProblem(client.secret);
      if (problem) return refuse(400, 'invalid_client', problem);
    } else if (client.secret !== provider.clientSecret) {
      return refuse(401, 'invalid_client', 'wrong client secret');
    }
    const code = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (!code || form.get('grant_type') !== 'authorization_code' || form.get('redirect_uri') !== code.redirectUri) {
      return refuse(400, 'invalid_grant', 'unknown, used or mismatched code');
    }
    if (!pkceMatches(form.get('code_verifier'), code.codeChallenge)) return refuse(400, 'invalid_grant', 'PKCE verification failed');
    return json(res, 200, {
      access_token: randomBytes(16).toString('hex'),
      token_type: 'Bearer',
      expires_in: 300,
      id_token: await signIdToken(code),
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    await route(req, res);
  };
  const route = async (req: IncomingMessage, res: ServerResponse): Promise<unknown> => {
    const url = new URL(req.url ?? '/', provider.issuer);
    provider.requests.push(`${req.method} ${url.pathname}`);
    if (provider.outage) return req.socket.destroy();
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer: provider.issuer,
        authorization_endpoint: `${provider.issuer}/authorize`,
        token_endpoint: `${provider.issuer}/token`,
        jwks_uri: `${provider.issuer}/jwks`,
        response_types_supported: ['code'],
        response_modes_supported: kind === 'apple' ? ['query', 'fragment', 'form_post'] : ['query', 'fragment'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: kind === 'apple' ? ['client_secret_post'] : ['client_secret_basic', 'client_secret_post'],
        scopes_supported: kind === 'apple' ? ['openid', 'email', 'name'] : ['openid', 'email', 'profile'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    if (req.method === 'GET' && url.pathname === '/authorize') return authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/token') return token(req, res);
    return json(res, 404, { error: 'not_found' });
  };

  const server = await listenOnLoopback(handle);
  provider.issuer = server.origin;
  provider.close = server.close;
  return provider;
}
