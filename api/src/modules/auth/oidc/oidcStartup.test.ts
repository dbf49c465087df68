import { buildApp } from '../../../app';
import { testConfig } from '../../../config';
import { makeAppleKey, startFakeOidcProvider } from '../../../testing/fakeOidcProvider';
import { createOidcClients, OidcStartupError } from './oidcClient';

/** An address where nothing listens: a fake provider's, after it stopped. */
async function deadIssuer(): Promise<string> {
  const provider = await startFakeOidcProvider();
  await provider.close();
  return provider.issuer;
}

describe('a provider configured but unable to work is refused at start', () => {
  it('buildApp throws, naming the provider, when its discovery fails (before opening anything)', async () => {
    const issuer = await deadIssuer();
    await expect(buildApp(testConfig({ oidcProviders: [{ id: 'google', issuer, clientId: 'g', clientSecret: 's' }] }))).rejects.toThrow(
      new RegExp(`^Sign-in with Google \\(OIDC_GOOGLE_\\*\\) is configured but cannot work: discovery of ${issuer} failed`),
    );
  });

  it('refuses a discovery document that is not the issuer’s own', async () => {
    const provider = await startFakeOidcProvider();
    try {
      // Discovery answers for 127.0.0.1; asked as localhost, its issuer does not match.
      const asked = provider.issuer.replace('127.0.0.1', 'localhost');
      await expect(createOidcClients([{ id: 'google', issuer: asked, clientId: 'g', clientSecret: 's' }], { nodeEnv: 'test' })).rejects.toThrow(
        /Sign-in with Google \(OIDC_GOOGLE_\*\) is configured but cannot work: discovery of http:\/\/localhost:\d+ failed: .*issuer/,
      );
    } finally {
      await provider.close();
    }
  });

  it('refuses plain http in production, before any request', async () => {
    const key = makeAppleKey();
    await expect(
      createOidcClients(
        [
          { id: 'apple', issuer: 'http://127.0.0.1:9', clientId: 'c', teamId: key.teamId, keyId: key.keyId, privateKey: key.privateKeyPem },
          { id: 'x', clientId: 'x', clientSecret: 's', endpoints: { issuer: 'http://x.test', authorization: 'http://x.test/a', token: 'http://x.test/t', user: 'http://x.test/u' } },
        ],
        { nodeEnv: 'production' },
      ),
    ).rejects.toThrow(
      new OidcStartupError(
        'Sign-in with Apple (OIDC_APPLE_*) is configured but cannot work: its issuer http://127.0.0.1:9 is not https; ' +
          'Sign-in with X (OIDC_X_*) is configured but cannot work: http://x.test/a is not https',
      ),
    );
  });

  it('refuses an unusable Apple key given in the configuration', async () => {
    const provider = await startFakeOidcProvider({ kind: 'apple' });
    try {
      await expect(
        createOidcClients([{ id: 'apple', issuer: provider.issuer, clientId: provider.clientId, teamId: 'T', keyId: 'K', privateKey: 'not a key' }], {
          nodeEnv: 'test',
        }),
      ).rejects.toThrow(/^Sign-in with Apple \(OIDC_APPLE_\*\) is configured but cannot work: OIDC_APPLE_PRIVATE_KEY is not a PEM private key/);
    } finally {
      await provider.close();
    }
  });

  it('needs no network when no provider is configured, nor for X and Discord', async () => {
    const clients = await createOidcClients(
      [
        { id: 'x', clientId: 'x', clientSecret: 's' },
        { id: 'discord', clientId: 'd', clientSecret: 's' },
      ],
      { nodeEnv: 'production' },
    );
    expect(clients.list().map((c) => c.id)).toEqual(['x', 'discord']);
    expect((await createOidcClients([], { nodeEnv: 'production' })).list()).toEqual([]);
  });
});
