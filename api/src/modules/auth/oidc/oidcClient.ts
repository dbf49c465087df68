import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import type { OidcProviderConfig, OidcProviderId } from '../../../config';
import type { Clock } from '../../../infra/clock';

/** Provider names as the sign-in buttons show them. */
export const PROVIDER_NAMES: Record<OidcProviderId, string> = {
  google: 'Google',
  apple: 'Apple',
  x: 'X',
  discord: 'Discord',
};

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
type Discovery = z.infer<typeof discoverySchema>;

const tokenResponseSchema = z.object({ id_token: z.string().min(1), token_type: z.string().optional() });

/** What we take from a verified id_token. */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

const FETCH_TIMEOUT_MS = 10_000;

/** base64url(SHA-256(verifier)): the S256 PKCE challenge. */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
export const randomToken = () => randomBytes(32).toString('base64url');

/** One configured provider: discovery (cached), the authorization URL, the code exchange and id_token checks. */
export class OidcClient {
  private discovery?: Promise<Discovery>;
  private jwks?: JWTVerifyGetKey;

  constructor(
    readonly config: OidcProviderConfig,
    private readonly clock: Clock,
  ) {}

  get id(): OidcProviderId {
    return this.config.id;
  }

  private async discover(): Promise<Discovery> {
    this.discovery ??= (async () => {
      const url = `${this.config.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`OIDC discovery of ${this.id} answered ${res.status}`);
      const doc = discoverySchema.parse(await res.json());
      // OpenID Connect Discovery §4.3: the issuer in the document must be the one configured.
      if (doc.issuer.replace(/\/$/, '') !== this.config.issuer.replace(/\/$/, '')) {
        throw new Error(`OIDC discovery of ${this.id}: issuer ${doc.issuer} is not ${this.config.issuer}`);
      }
      return doc;
    })();
    // A failed discovery is retried on the next sign-in.
    this.discovery.catch(() => {
      this.discovery = undefined;
    });
    return this.discovery;
  }

  /** Where to send the browser: authorization-code flow with state, nonce and PKCE (S256). */
  async authorizationUrl(params: { redirectUri: string; state: string; nonce: string; codeVerifier: string }): Promise<string> {
    const doc = await this.discover();
    const url = new URL(doc.authorization_endpoint);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.config.clientId);
    url.searchParams.set('redirect_uri', params.redirectUri);
    url.searchParams.set('scope', 'openid email profile');
    url.searchParams.set('state', params.state);
    url.searchParams.set('nonce', params.nonce);
    url.searchParams.set('code_challenge', pkceChallenge(params.codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
  }

  /** Exchanges the authorization code (with the PKCE verifier) and verifies the id_token it returns. */
  async exchangeCode(params: { code: string; redirectUri: string; codeVerifier: string; nonce: string }): Promise<OidcIdentity> {
    const doc = await this.discover();
    const res = await fetch(doc.token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: `Basic ${Buffer.from(
          `${encodeURIComponent(this.config.clientId)}:${encodeURIComponent(this.config.clientSecret)}`,
        ).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: params.code,
        redirect_uri: params.redirectUri,
        code_verifier: params.codeVerifier,
      }),
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`OIDC token endpoint of ${this.id} answered ${res.status}`);
    const { id_token } = tokenResponseSchema.parse(await res.json());
    this.jwks ??= createRemoteJWKSet(new URL(doc.jwks_uri));
    const { payload } = await jwtVerify(id_token, this.jwks, {
      issuer: doc.issuer,
      audience: this.config.clientId,
      currentDate: this.clock.now(),
      clockTolerance: 60,
    });
    if (payload.nonce !== params.nonce) throw new Error('id_token nonce does not match');
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('id_token has no subject');
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null;
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    return {
      subject: payload.sub,
      email,
      emailVerified: email !== null && verified,
      name: typeof payload.name === 'string' ? payload.name : null,
      picture: typeof payload.picture === 'string' ? payload.picture : null,
    };
  }
}

/** The configured providers by id. */
export interface OidcClients {
  list(): OidcClient[];
  get(id: string): OidcClient | undefined;
}

export function createOidcClients(configs: readonly OidcProviderConfig[], clock: Clock): OidcClients {
  const clients = new Map(configs.map((c) => [c.id as string, new OidcClient(c, clock)]));
  return {
    list: () => [...clients.values()],
    get: (id) => clients.get(id),
  };
}
