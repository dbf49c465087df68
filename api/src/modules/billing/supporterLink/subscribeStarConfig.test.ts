import { ConfigError } from '../../../config';
import { readSubscribeStarConfig, SANDBOX_SUBSCRIBESTAR_CLIENT, subscribeStarConfigOf } from './subscribeStarConfig';

const SANDBOX = { provider: 'sandbox' as const, sandboxUrl: 'http://127.0.0.1:3200', secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecrets: ['whsec_xxxxxxxx'] };
const STRIPE = { provider: 'stripe' as const, secretKey: 'sk_live_x', publishableKey: 'pk_live_x', webhookSecrets: ['whsec_xxxxxxxx'] };

describe('SubscribeStar configuration', () => {
  it('uses the three variables together', () => {
    expect(
      readSubscribeStarConfig({ SUBSCRIBESTAR_URL: 'https://www.subscribestar.com/', SUBSCRIBESTAR_CLIENT_ID: 'id', SUBSCRIBESTAR_CLIENT_SECRET: 'secret' }, STRIPE),
    ).toEqual({ url: 'https://www.subscribestar.com', clientId: 'id', clientSecret: 'secret' });
  });

  it('refuses a half configuration, naming what is missing, and a URL that is not an origin', () => {
    expect(() => readSubscribeStarConfig({ SUBSCRIBESTAR_CLIENT_ID: 'id' }, SANDBOX)).toThrow(ConfigError);
    expect(() => readSubscribeStarConfig({ SUBSCRIBESTAR_CLIENT_ID: 'id', SUBSCRIBESTAR_URL: 'https://x.example' }, SANDBOX)).toThrow(/SUBSCRIBESTAR_CLIENT_SECRET: required/);
    expect(() => readSubscribeStarConfig({ SUBSCRIBESTAR_URL: 'ftp://x', SUBSCRIBESTAR_CLIENT_ID: 'a', SUBSCRIBESTAR_CLIENT_SECRET: 'b' }, SANDBOX)).toThrow(/SUBSCRIBESTAR_URL/);
  });

  it('defaults to the payments sandbox, and to nothing when payments run on Stripe', () => {
    expect(readSubscribeStarConfig({}, SANDBOX)).toEqual({ url: 'http://127.0.0.1:3200', ...SANDBOX_SUBSCRIBESTAR_CLIENT });
    expect(readSubscribeStarConfig({ SUBSCRIBESTAR_URL: '  ' }, STRIPE)).toBeNull();
  });

  it('prefers the app configuration over the environment', () => {
    const config = { port: 0, host: '', dataDir: '', nodeEnv: 'test' as const, logLevel: 'silent' as const, subscribeStar: null };
    expect(subscribeStarConfigOf(config, { SUBSCRIBESTAR_CLIENT_ID: 'half' })).toBeNull();
    expect(() => subscribeStarConfigOf({ ...config, subscribeStar: undefined }, { SUBSCRIBESTAR_CLIENT_ID: 'half' })).toThrow(ConfigError);
  });
});
