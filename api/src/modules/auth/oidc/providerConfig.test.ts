import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig } from '../../../config';
import { makeAppleKey } from '../../../testing/fakeOidcProvider';

const apple = makeAppleKey('TEAMID1234', 'KEYID12345');
const APPLE_ENV = {
  OIDC_APPLE_CLIENT_ID: 'example.fable.signin',
  OIDC_APPLE_TEAM_ID: apple.teamId,
  OIDC_APPLE_KEY_ID: apple.keyId,
  OIDC_APPLE_PRIVATE_KEY: apple.privateKeyPem,
};

/** The message loadConfig throws for `env`. */
const problem = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
};

describe('social sign-in providers from OIDC_<PROVIDER>_*', () => {
  it('reads each provider with its own variables and the real issuers by default', () => {
    expect(
      loadConfig({
        OIDC_GOOGLE_CLIENT_ID: 'gid',
        OIDC_GOOGLE_CLIENT_SECRET: 'gsecret',
        ...APPLE_ENV,
        OIDC_X_CLIENT_ID: 'xid',
        OIDC_X_CLIENT_SECRET: 'xsecret',
        OIDC_DISCORD_CLIENT_ID: 'did',
        OIDC_DISCORD_CLIENT_SECRET: 'dsecret',
      }).oidcProviders,
    ).toEqual([
      { id: 'google', issuer: 'https://accounts.google.com', clientId: 'gid', clientSecret: 'gsecret' },
      { id: 'apple', issuer: 'https://appleid.apple.com', clientId: 'example.fable.signin', teamId: 'TEAMID1234', keyId: 'KEYID12345', privateKey: apple.privateKeyPem },
      { id: 'x', clientId: 'xid', clientSecret: 'xsecret' },
      { id: 'discord', clientId: 'did', clientSecret: 'dsecret' },
    ]);
  });

  it('accepts the Apple key as one line with \\n escapes', () => {
    const oneLine = apple.privateKeyPem.trim().replace(/\n/g, '\\n');
    expect(loadConfig({ ...APPLE_ENV, OIDC_APPLE_PRIVATE_KEY: oneLine }).oidcProviders).toEqual([
      expect.objectContaining({ id: 'apple', privateKey: apple.privateKeyPem }),
    ]);
  });

  it('refuses a partly configured provider, naming what is missing', () => {
    expect(problem({ OIDC_GOOGLE_CLIENT_ID: 'gid' })).toMatch(/Google sign-in is configured but OIDC_GOOGLE_CLIENT_SECRET is missing/);
    expect(problem({ OIDC_APPLE_CLIENT_ID: 'example.fable.signin', OIDC_APPLE_TEAM_ID: 'T' })).toMatch(
      /Apple sign-in is configured but OIDC_APPLE_KEY_ID, OIDC_APPLE_PRIVATE_KEY are missing/,
    );
    expect(problem({ OIDC_X_CLIENT_SECRET: 'xsecret' })).toMatch(/X sign-in is configured but OIDC_X_CLIENT_ID is missing/);
  });

  it('refuses variables a provider does not use', () => {
    expect(problem({ ...APPLE_ENV, OIDC_APPLE_CLIENT_SECRET: 'static' })).toMatch(
      /Apple sign-in does not use OIDC_APPLE_CLIENT_SECRET \(it reads OIDC_APPLE_CLIENT_ID, OIDC_APPLE_TEAM_ID, OIDC_APPLE_KEY_ID, OIDC_APPLE_PRIVATE_KEY, OIDC_APPLE_ISSUER\)/,
    );
    expect(problem({ OIDC_DISCORD_ISSUER: 'https://discord.com', OIDC_DISCORD_CLIENT_ID: 'd', OIDC_DISCORD_CLIENT_SECRET: 's' })).toMatch(
      /Discord sign-in does not use OIDC_DISCORD_ISSUER/,
    );
  });

  it('refuses an Apple key that is not a P-256 PEM private key', () => {
    expect(problem({ ...APPLE_ENV, OIDC_APPLE_PRIVATE_KEY: 'MIGTAgEAMBMGByqGSM49' })).toMatch(/OIDC_APPLE_PRIVATE_KEY is not a PEM private key/);
    const garbled = apple.privateKeyPem.replace(/\n[A-Za-z0-9+/]{10}/, '\n!!!!!!!!!!');
    expect(problem({ ...APPLE_ENV, OIDC_APPLE_PRIVATE_KEY: garbled })).toMatch(/OIDC_APPLE_PRIVATE_KEY is not a readable PEM private key/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(problem({ ...APPLE_ENV, OIDC_APPLE_PRIVATE_KEY: rsa })).toMatch(/OIDC_APPLE_PRIVATE_KEY must be an EC P-256 key/);
  });

  it('refuses an issuer that is not an http(s) URL', () => {
    expect(problem({ OIDC_GOOGLE_ISSUER: 'accounts.google.com', OIDC_GOOGLE_CLIENT_ID: 'g', OIDC_GOOGLE_CLIENT_SECRET: 's' })).toMatch(
      /OIDC_GOOGLE_ISSUER must be an http\(s\) URL/,
    );
  });
});
