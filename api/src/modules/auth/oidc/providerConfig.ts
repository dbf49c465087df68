import { createPrivateKey, type KeyObject } from 'node:crypto';

/** The social sign-in providers the sign-in overlay offers. */
export const OIDC_PROVIDER_IDS = ['google', 'apple', 'x', 'discord'] as const;
export type OidcProviderId = (typeof OIDC_PROVIDER_IDS)[number];

/** Provider names as the sign-in buttons show them. */
export const PROVIDER_NAMES: Record<OidcProviderId, string> = {
  google: 'Google',
  apple: 'Apple',
  x: 'X',
  discord: 'Discord',
};

/** Where each provider lives; configurable only to point tests at their fake providers. */
export const DEFAULT_ISSUERS = { google: 'https://accounts.google.com', apple: 'https://appleid.apple.com' } as const;

/** Google: OpenID Connect with discovery, client_secret_post. */
export interface GoogleProviderConfig {
  id: 'google';
  /** Issuer URL; its /.well-known/openid-configuration is read at start. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Apple: OpenID Connect with discovery, response_mode=form_post and a client secret that is an ES256 JWT we sign. */
export interface AppleProviderConfig {
  id: 'apple';
  issuer: string;
  /** The Services ID. */
  clientId: string;
  teamId: string;
  /** The id of the Sign in with Apple key (the JWT's kid). */
  keyId: string;
  /** That key's PKCS#8 PEM (the .p8 file). */
  privateKey: string;
}

/** The endpoints of an OAuth 2.0 provider without OpenID Connect. */
export interface OAuth2Endpoints {
  /** Its issuer identifier (checked against an `iss` in the authorization response when there is one). */
  issuer: string;
  authorization: string;
  token: string;
  /** The user endpoint, called with the access token. */
  user: string;
}

/** X and Discord: OAuth 2.0 authorization code with PKCE, the user from the provider's user endpoint. */
export interface OAuth2ProviderConfig {
  id: 'x' | 'discord';
  clientId: string;
  clientSecret: string;
  /** The provider's real endpoints unless given (tests). */
  endpoints?: OAuth2Endpoints;
}

export type OidcProviderConfig = GoogleProviderConfig | AppleProviderConfig | OAuth2ProviderConfig;

/** The variables each provider reads (after OIDC_<PROVIDER>_); required ones first. */
const VARIABLES: Record<OidcProviderId, { required: string[]; optional: string[] }> = {
  google: { required: ['CLIENT_ID', 'CLIENT_SECRET'], optional: ['ISSUER'] },
  apple: { required: ['CLIENT_ID', 'TEAM_ID', 'KEY_ID', 'PRIVATE_KEY'], optional: ['ISSUER'] },
  x: { required: ['CLIENT_ID', 'CLIENT_SECRET'], optional: [] },
  discord: { required: ['CLIENT_ID', 'CLIENT_SECRET'], optional: [] },
};
/** Variables a provider might be given by mistake (another provider's); named in the error. */
const KNOWN_SUFFIXES = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET', 'TEAM_ID', 'KEY_ID', 'PRIVATE_KEY'];

/**
 * Apple's .p8 key as a key object, or why it is not one. Accepts the PEM with real newlines or with "\n"
 * escapes (one-line environment variables).
 */
export function readApplePrivateKey(pem: string): { key: KeyObject } | { problem: string } {
  const text = pem.includes('\\n') ? pem.replace(/\\n/g, '\n') : pem;
  if (!/-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----/.test(text)) {
    return { problem: 'is not a PEM private key (the .p8 file from Apple, BEGIN PRIVATE KEY … END PRIVATE KEY)' };
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: text, format: 'pem' });
  } catch {
    return { problem: 'is not a readable PEM private key (the .p8 file from Apple)' };
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    return { problem: 'must be an EC P-256 key (the .p8 file from Apple signs ES256)' };
  }
  return { key };
}

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * The configured providers from OIDC_<PROVIDER>_* variables, and every problem found: a provider with none of
 * its variables is off; one with some but not all, an unreadable value or a variable it does not use is a problem
 * (the API refuses to start rather than offer a button that cannot work).
 */
export function readOidcProviders(env: NodeJS.ProcessEnv): { providers: OidcProviderConfig[]; problems: string[] } {
  const providers: OidcProviderConfig[] = [];
  const problems: string[] = [];
  for (const id of OIDC_PROVIDER_IDS) {
    const prefix = `OIDC_${id.toUpperCase()}_`;
    const get = (suffix: string) => env[`${prefix}${suffix}`]?.trim() || undefined;
    const { required, optional } = VARIABLES[id];
    const set = KNOWN_SUFFIXES.filter((suffix) => get(suffix) !== undefined);
    if (set.length === 0) continue;
    const name = PROVIDER_NAMES[id];
    const unused = set.filter((suffix) => !required.includes(suffix) && !optional.includes(suffix));
    const missing = required.filter((suffix) => get(suffix) === undefined);
    if (unused.length > 0) {
      problems.push(`${name} sign-in does not use ${unused.map((s) => prefix + s).join(', ')} (it reads ${[...required, ...optional].map((s) => prefix + s).join(', ')})`);
    }
    if (missing.length > 0) {
      problems.push(`${name} sign-in is configured but ${missing.map((s) => prefix + s).join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`);
    }
    if (unused.length > 0 || missing.length > 0) continue;

    const issuer = get('ISSUER');
    if (issuer !== undefined && !isHttpUrl(issuer)) {
      problems.push(`${prefix}ISSUER must be an http(s) URL`);
      continue;
    }
    const clientId = get('CLIENT_ID') as string;
    if (id === 'google') {
      providers.push({ id, issuer: issuer ?? DEFAULT_ISSUERS.google, clientId, clientSecret: get('CLIENT_SECRET') as string });
    } else if (id === 'apple') {
      const privateKey = get('PRIVATE_KEY') as string;
      const read = readApplePrivateKey(privateKey);
      if ('problem' in read) {
        problems.push(`${prefix}PRIVATE_KEY ${read.problem}`);
        continue;
      }
      providers.push({
        id,
        issuer: issuer ?? DEFAULT_ISSUERS.apple,
        clientId,
        teamId: get('TEAM_ID') as string,
        keyId: get('KEY_ID') as string,
        privateKey: read.key.export({ format: 'pem', type: 'pkcs8' }).toString(),
      });
    } else {
      providers.push({ id, clientId, clientSecret: get('CLIENT_SECRET') as string });
    }
  }
  return { providers, problems };
}
