import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { OidcProviderId } from './providerConfig';

/** What a provider tells us about the person who signed in. */
export interface OidcIdentity {
  subject: string;
  /** Lower-cased; null when the provider gives none (X). */
  email: string | null;
  /** Only a provider-verified email may match or create an account with that email. */
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** The per-sign-in secrets the callback checks: state (CSRF), nonce (id_token replay) and the PKCE verifier. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** One configured provider, as the routes use it. */
export interface SocialProvider {
  readonly id: OidcProviderId;
  /** form_post: the provider posts the authorization response to the callback (Apple); query: a GET redirect. */
  readonly responseMode: 'query' | 'form_post';
  /** Where to send the browser: authorization code with state, nonce (OpenID Connect) and PKCE S256. */
  authorizationUrl(redirectUri: string, checks: SignInChecks): URL;
  /**
   * Checks the authorization response (`callback`: the redirect URI with its parameters), exchanges the code and
   * answers who signed in; throws when anything does not check out.
   */
  signIn(callback: URL, checks: SignInChecks): Promise<OidcIdentity>;
}

/** Seconds any one request to a provider may take (discovery at start, code exchange, user endpoint). */
export const PROVIDER_TIMEOUT_SECONDS = 10;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether plain http may be used to reach `url`: only a provider on this machine (the tests' fake providers), and
 * never in production. Anything else must be https (openid-client refuses http otherwise).
 */
export function insecureAllowed(url: string, nodeEnv: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname) && nodeEnv !== 'production';
}

/** Applies openid-client's http permission where insecureAllowed says so. */
export const httpOnlyForLocal = (url: string, nodeEnv: string): Array<(config: client.Configuration) => void> =>
  // allowInsecureRequests is marked deprecated only to stand out: here it serves loopback fakes in tests.
  insecureAllowed(url, nodeEnv) ? [client.allowInsecureRequests] : [];


/** The S256 PKCE challenge, base64url(SHA-256(verifier)), computed synchronously (openid-client's is async). */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
