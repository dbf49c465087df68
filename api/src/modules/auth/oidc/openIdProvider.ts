import { createPrivateKey } from 'node:crypto';
import * as client from 'openid-client';
import { appleClientSecret } from './appleClientSecret';
import { readApplePrivateKey, type AppleProviderConfig, type GoogleProviderConfig } from './providerConfig';
import {
  PROVIDER_TIMEOUT_SECONDS,
  httpOnlyForLocal,
  insecureAllowed,
  pkceChallenge,
  type OidcIdentity,
  type SocialProvider,
} from './socialProvider';

/** Scopes asked of each OpenID Connect provider (Apple's `name` comes once, in the form_post's `user` field). */
const SCOPES = { google: 'openid email profile', apple: 'openid name email' } as const;

/** A verified id_token's claims as an identity. Apple sends email_verified as the string "true". */
export function identityFromClaims(claims: client.IDToken): OidcIdentity {
  const email = typeof claims.email === 'string' && claims.email.trim() !== '' ? claims.email.trim().toLowerCase() : null;
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return {
    subject: claims.sub,
    email,
    emailVerified: email !== null && verified,
    name: typeof claims.name === 'string' ? claims.name : null,
    picture: typeof claims.picture === 'string' ? claims.picture : null,
  };
}

/** Apple's client authentication: client_secret_post with a freshly signed ES256 JWT as the secret. */
function appleClientAuth(config: AppleProviderConfig): client.ClientAuth {
  const read = readApplePrivateKey(config.privateKey);
  if ('problem' in read) throw new Error(`OIDC_APPLE_PRIVATE_KEY ${read.problem}`);
  const key = createPrivateKey(config.privateKey.replace(/\\n/g, '\n'));
  return (_as, clientMetadata, body) => {
    body.set('client_id', clientMetadata.client_id);
    body.set('client_secret', appleClientSecret(config, new Date(), key));
  };
}

/**
 * Google and Apple: OpenID Connect through openid-client. The discovery document is read now (at start), the
 * signing keys when an id_token needs them; the code exchange checks state, PKCE, and the id_token's signature,
 * issuer, audience, expiry and nonce.
 */
export async function openIdProvider(
  config: GoogleProviderConfig | AppleProviderConfig,
  options: { nodeEnv: string },
): Promise<SocialProvider> {
  if (new URL(config.issuer).protocol !== 'https:' && !insecureAllowed(config.issuer, options.nodeEnv)) {
    throw new Error(`its issuer ${config.issuer} is not https`);
  }
  const clientAuth = config.id === 'apple' ? appleClientAuth(config) : client.ClientSecretPost(config.clientSecret);
  let configuration: client.Configuration;
  try {
    configuration = await client.discovery(new URL(config.issuer), config.clientId, undefined, clientAuth, {
      execute: httpOnlyForLocal(config.issuer, options.nodeEnv),
      timeout: PROVIDER_TIMEOUT_SECONDS,
    });
  } catch (err) {
    throw new Error(`discovery of ${config.issuer} failed`, { cause: err });
  }
  configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
  // Also check the id_token's signature against the provider's keys (JWKS), not only TLS to its token endpoint.
  client.enableNonRepudiationChecks(configuration);
  const server = configuration.serverMetadata();
  const responseMode = config.id === 'apple' ? 'form_post' : 'query';
  if (server.response_types_supported && !server.response_types_supported.includes('code')) {
    throw new Error(`${config.issuer} does not offer the authorization code flow`);
  }
  if (responseMode === 'form_post' && server.response_modes_supported && !server.response_modes_supported.includes('form_post')) {
    throw new Error(`${config.issuer} does not offer response_mode=form_post`);
  }

  return {
    id: config.id,
    responseMode,
    authorizationUrl(redirectUri, checks) {
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: SCOPES[config.id],
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: pkceChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (responseMode === 'form_post') parameters.response_mode = 'form_post';
      return client.buildAuthorizationUrl(configuration, parameters);
    },
    async signIn(callback, checks) {
      const tokens = await client.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the token response has no id_token');
      return identityFromClaims(claims);
    },
  };
}
