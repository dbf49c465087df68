import * as client from 'openid-client';
import { z } from 'zod';
import type { OAuth2Endpoints, OAuth2ProviderConfig } from './providerConfig';
import {
  PROVIDER_TIMEOUT_SECONDS,
  httpOnlyForLocal,
  insecureAllowed,
  pkceChallenge,
  type OidcIdentity,
  type SocialProvider,
} from './socialProvider';

/** X's OAuth 2.0 (no OpenID Connect): authorize on x.com, token and the user on api.x.com. */
export const X_ENDPOINTS: OAuth2Endpoints = {
  issuer: 'https://x.com',
  authorization: 'https://x.com/i/oauth2/authorize',
  token: 'https://api.x.com/2/oauth2/token',
  user: 'https://api.x.com/2/users/me?user.fields=profile_image_url',
};

/** Discord's OAuth 2.0 (its metadata: discord.com/.well-known/oauth-authorization-server). */
export const DISCORD_ENDPOINTS: OAuth2Endpoints = {
  issuer: 'https://discord.com',
  authorization: 'https://discord.com/oauth2/authorize',
  token: 'https://discord.com/api/oauth2/token',
  user: 'https://discord.com/api/users/@me',
};

/** GET /2/users/me: X gives no email. */
const xUserSchema = z.object({
  data: z.object({ id: z.string().min(1), name: z.string().optional(), username: z.string().optional(), profile_image_url: z.string().optional() }),
});

/** GET /users/@me with the identify and email scopes. */
const discordUserSchema = z.object({
  id: z.string().min(1),
  username: z.string().optional(),
  global_name: z.string().nullish(),
  avatar: z.string().nullish(),
  email: z.string().nullish(),
  verified: z.boolean().optional(),
});

const PROFILES = {
  x: {
    endpoints: X_ENDPOINTS,
    scope: 'users.read tweet.read',
    identity(body: unknown): OidcIdentity {
      const { data } = xUserSchema.parse(body);
      return { subject: data.id, email: null, emailVerified: false, name: data.name ?? data.username ?? null, picture: data.profile_image_url ?? null };
    },
  },
  discord: {
    endpoints: DISCORD_ENDPOINTS,
    scope: 'identify email',
    identity(body: unknown): OidcIdentity {
      const user = discordUserSchema.parse(body);
      const email = user.email?.trim() ? user.email.trim().toLowerCase() : null;
      return {
        subject: user.id,
        email,
        emailVerified: email !== null && user.verified === true,
        name: user.global_name ?? user.username ?? null,
        picture: user.avatar ? `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.png` : null,
      };
    },
  },
} as const;

/**
 * X and Discord: OAuth 2.0 authorization code with PKCE (S256) and state through openid-client, the client
 * authenticated with HTTP Basic at the token endpoint (X requires it of confidential clients); who signed in comes
 * from the provider's user endpoint, called with the access token. Nothing is fetched at start.
 */
export async function oauth2Provider(config: OAuth2ProviderConfig, options: { nodeEnv: string }): Promise<SocialProvider> {
  const profile = PROFILES[config.id];
  const endpoints = config.endpoints ?? profile.endpoints;
  for (const url of [endpoints.authorization, endpoints.token, endpoints.user]) {
    if (new URL(url).protocol !== 'https:' && !insecureAllowed(url, options.nodeEnv)) throw new Error(`${url} is not https`);
  }
  const configuration = new client.Configuration(
    { issuer: endpoints.issuer, authorization_endpoint: endpoints.authorization, token_endpoint: endpoints.token },
    config.clientId,
    { client_secret: config.clientSecret },
    client.ClientSecretBasic(config.clientSecret),
  );
  for (const allow of httpOnlyForLocal(endpoints.token, options.nodeEnv)) allow(configuration);
  configuration.timeout = PROVIDER_TIMEOUT_SECONDS;

  return {
    id: config.id,
    responseMode: 'query',
    authorizationUrl(redirectUri, checks) {
      return client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: profile.scope,
        state: checks.state,
        code_challenge: pkceChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async signIn(callback, checks) {
      const tokens = await client.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
      });
      const res = await client.fetchProtectedResource(configuration, tokens.access_token, new URL(endpoints.user), 'GET');
      if (!res.ok) throw new Error(`the user endpoint answered ${res.status}`);
      return profile.identity(await res.json());
    },
  };
}
