import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OAuth2Endpoints } from '../modules/auth/oidc/providerConfig';
import { clientCredentials, json, listenOnLoopback, pkceMatches, readBody } from './fakeProviderHttp';

/** Who signs in: X's user object (no email) or Discord's. */
export type FakeOAuth2User =
  | { id: string; name?: string; username?: string; profile_image_url?: string }
  | { id: string; username?: string; global_name?: string | null; avatar?: string | null; email?: string | null; verified?: boolean };

export interface FakeOAuth2Provider {
  kind: 'x' | 'discord';
  origin: string;
  clientId: string;
  clientSecret: string;
  /** Where the API should reach this fake (the config's `endpoints`). */
  endpoints: OAuth2Endpoints;
  /** The user the next authorize request signs in as. */
  user: FakeOAuth2User;
  requests: string[];
  /** While true every connection is dropped, as by a provider that is down. */
  outage: boolean;
  /** Why the token endpoint last refused a request, for assertions. */
  lastTokenError: string | null;
  close(): Promise<void>;
}

/** The paths each provider serves (as on x.com / api.x.com and discord.com). */
const PATHS = {
  x: { authorize: '/i/oauth2/authorize', token: '/2/oauth2/token', user: '/2/users/me' },
  discord: { authorize: '/oauth2/authorize', token: '/api/oauth2/token', user: '/api/users/@me' },
} as const;
/** The scopes each provider needs for the user endpoint. */
const NEEDED_SCOPES = { x: ['users.read', 'tweet.read'], discord: ['identify'] } as const;

/**
 * A fake OAuth 2.0 provider without OpenID Connect over a real socket, as X or Discord work: authorize (as if the
 * user had consented: a redirect back with code and state; Discord adds `iss`), the token endpoint (X: HTTP Basic
 * client authentication required, as for X's confidential clients; Discord: Basic or the form; redirect_uri and PKCE
 * S256 checks; single-use codes; an opaque bearer token) and the user endpoint (bearer token; X answers
 * `{ data: {...} }` and never an email, Discord the user object with email and verified).
 */
export async function startFakeOAuth2Provider(kind: 'x' | 'discord'): Promise<FakeOAuth2Provider> {
  const paths = PATHS[kind];
  const codes = new Map<string, { redirectUri: string; codeChallenge: string; scopes: string[]; user: FakeOAuth2User }>();
  const accessTokens = new Map<string, { scopes: string[]; user: FakeOAuth2User }>();

  const provider: FakeOAuth2Provider = {
    kind,
    origin: '',
    clientId: `fable-${kind}-client`,
    clientSecret: randomBytes(16).toString('hex'),
    endpoints: { issuer: '', authorization: '', token: '', user: '' },
    user: kind === 'x' ? { id: '1400000001', name: 'Xavier', username: 'xavier' } : { id: '800000001', username: 'dana', global_name: 'Dana', email: 'dana@example.com', verified: true },
    requests: [],
    outage: false,
    lastTokenError: null,
    close: async () => undefined,
  };

  const authorize = (url: URL, res: ServerResponse) => {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    if (q.get('client_id') !== provider.clientId || !redirectUri) return json(res, 400, { error: 'invalid_client' });
    if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge') || !q.get('state')) {
      return json(res, 400, { error: 'invalid_request' });
    }
    const code = randomBytes(16).toString('hex');
    codes.set(code, { redirectUri, codeChallenge: q.get('code_challenge') ?? '', scopes: (q.get('scope') ?? '').split(' '), user: { ...provider.user } });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state') ?? '');
    if (kind === 'discord') back.searchParams.set('iss', provider.endpoints.issuer);
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
    if (kind === 'x' && !client.basic) return refuse(401, 'unauthorized_client', 'Missing valid authorization header');
    if (client.id !== provider.clientId || client.secret !== provider.clientSecret) return refuse(401, 'invalid_client', 'wrong client credentials');
    const code = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (!code || form.get('grant_type') !== 'authorization_code' || form.get('redirect_uri') !== code.redirectUri) {
      return refuse(400, 'invalid_grant', 'unknown, used or mismatched code');
    }
    if (!pkceMatches(form.get('code_verifier'), code.codeChallenge)) return refuse(400, 'invalid_grant', 'PKCE verification failed');
    const accessToken = randomBytes(24).toString('hex');
    accessTokens.set(accessToken, { scopes: code.scopes, user: code.user });
    return json(res, 200, { token_type: kind === 'x' ? 'bearer' : 'Bearer', access_token: accessToken, expires_in: 7200, scope: code.scopes.join(' ') });
  };

  const user = (req: IncomingMessage, res: ServerResponse) => {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const grant = bearer ? accessTokens.get(bearer) : undefined;
    if (!grant) return json(res, 401, { message: '401: Unauthorized' });
    if (!NEEDED_SCOPES[kind].every((scope) => grant.scopes.includes(scope))) return json(res, 403, { message: 'Missing scopes' });
    if (kind === 'x') return json(res, 200, { data: grant.user });
    const answer: Record<string, unknown> = { ...grant.user };
    // Discord answers email and verified only with the email scope.
    if (!grant.scopes.includes('email')) {
      delete answer.email;
      delete answer.verified;
    }
    return json(res, 200, answer);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    await route(req, res);
  };
  const route = async (req: IncomingMessage, res: ServerResponse): Promise<unknown> => {
    const url = new URL(req.url ?? '/', provider.origin);
    provider.requests.push(`${req.method} ${url.pathname}`);
    if (provider.outage) return req.socket.destroy();
    if (req.method === 'GET' && url.pathname === paths.authorize) return authorize(url, res);
    if (req.method === 'POST' && url.pathname === paths.token) return token(req, res);
    if (req.method === 'GET' && url.pathname === paths.user) return user(req, res);
    return json(res, 404, { error: 'not_found' });
  };

  const server = await listenOnLoopback(handle);
  provider.origin = server.origin;
  provider.endpoints = {
    issuer: server.origin,
    authorization: `${server.origin}${paths.authorize}`,
    token: `${server.origin}${paths.token}`,
    user: `${server.origin}${paths.user}${kind === 'x' ? '?user.fields=profile_image_url' : ''}`,
  };
  provider.close = server.close;
  return provider;
}
