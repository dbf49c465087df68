import { AUTH_TOKEN_LIFETIMES, CHARACTER_FAVORITE_LIMIT } from '@fable/contracts';
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { ConfigError, DATABASE_POOL_MAX, DEV_SHUTDOWN_GRACE_SECONDS, SHUTDOWN_GRACE_SECONDS, IN_MEMORY, REPO_ROOT, loadConfig } from './config';
import { DEFAULT_SANDBOX_PAYMENTS } from './infra/payments/paymentsConfig';
import { SANDBOX_SUBSCRIBESTAR_CLIENT, subscribeStarConfigOf } from './modules/billing/supporterLink/subscribeStarConfig';

const SANDBOX_SUBSCRIBESTAR = { url: DEFAULT_SANDBOX_PAYMENTS.sandboxUrl, ...SANDBOX_SUBSCRIBESTAR_CLIENT };

describe('loadConfig', () => {
  it('has defaults that need nothing installed', () => {
    expect(loadConfig({})).toEqual({
      port: 3100,
      host: '127.0.0.1',
      databaseUrl: undefined,
      databasePoolMax: DATABASE_POOL_MAX,
      redisUrl: undefined,
      apiProcesses: 1,
      shutdownGraceSeconds: DEV_SHUTDOWN_GRACE_SECONDS,
      dataDir: path.join(REPO_ROOT, '.data'),
      nodeEnv: 'development',
      logLevel: 'info',
      jwtSecret: undefined,
      accessTokenTtlSeconds: AUTH_TOKEN_LIFETIMES.accessSeconds,
      characterFavoriteLimit: CHARACTER_FAVORITE_LIMIT,
      smtpUrl: undefined,
      mailFrom: 'Fable <no-reply@fable.example>',
      publicUrl: 'http://localhost:3000',
      partnerSecrets: {},
      oidcProviders: [],
      trustProxy: false,
      payments: DEFAULT_SANDBOX_PAYMENTS,
      subscribeStar: SANDBOX_SUBSCRIBESTAR,
      vapid: { publicKey: undefined, privateKey: undefined, subject: 'mailto:support@fable.example' },
    });
    expect(path.basename(REPO_ROOT)).not.toBe('api');
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        PORT: '8080',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://fable@db:5432/fable',
        DATABASE_POOL_MAX: '30',
        REDIS_URL: 'redis://cache:6379',
        DATA_DIR: '/var/lib/fable',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'j'.repeat(40),
        SMTP_URL: 'smtps://user:pass@mail.example:465',
        MAIL_FROM: 'Tales <hi@tales.example>',
        PUBLIC_URL: 'https://fable.example',
        PARTNER_SECRETS: 'storynest=abcdefghijklmnopqrstuvwxyz, other=0123456789abcdef0',
        CHARACTER_FAVORITE_LIMIT: '3',
        OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
        OIDC_GOOGLE_CLIENT_ID: 'gid',
        OIDC_GOOGLE_CLIENT_SECRET: 'gsecret',
      }),
    ).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://fable@db:5432/fable',
      databasePoolMax: 30,
      redisUrl: 'redis://cache:6379',
      apiProcesses: 1,
      shutdownGraceSeconds: SHUTDOWN_GRACE_SECONDS,
      dataDir: '/var/lib/fable',
      nodeEnv: 'production',
      logLevel: 'warn',
      jwtSecret: 'j'.repeat(40),
      accessTokenTtlSeconds: AUTH_TOKEN_LIFETIMES.accessSeconds,
      characterFavoriteLimit: 3,
      smtpUrl: 'smtps://user:pass@mail.example:465',
      mailFrom: 'Tales <hi@tales.example>',
      publicUrl: 'https://fable.example',
      partnerSecrets: { storynest: 'abcdefghijklmnopqrstuvwxyz', other: '0123456789abcdef0' },
      oidcProviders: [{ id: 'google', issuer: 'https://accounts.google.com', clientId: 'gid', clientSecret: 'gsecret' }],
      trustProxy: false,
      payments: DEFAULT_SANDBOX_PAYMENTS,
      subscribeStar: SANDBOX_SUBSCRIBESTAR,
      vapid: { publicKey: undefined, privateKey: undefined, subject: 'mailto:support@fable.example' },
    });
  });

  it('treats empty variables as unset and keeps the in-memory marker', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: '', DATA_DIR: IN_MEMORY, NODE_ENV: 'test' });
    expect(config).toMatchObject({ port: 3100, databaseUrl: undefined, redisUrl: undefined, dataDir: ':memory:' });
    expect(config.logLevel).toBe('silent');
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//);
      expect((err as Error).message).toMatch(/NODE_ENV/);
    }
  });

  it('needs JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required in production/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('turns the test-only billing control on only when asked, and refuses it in production', () => {
    expect(loadConfig({}).billingTestControl).toBeUndefined();
    expect(loadConfig({ BILLING_TEST_CONTROL: '0', NODE_ENV: 'test' }).billingTestControl).toBeUndefined();
    expect(loadConfig({ BILLING_TEST_CONTROL: '1', NODE_ENV: 'test' }).billingTestControl).toBe(true);
    expect(loadConfig({ BILLING_TEST_CONTROL: '1' }).billingTestControl).toBe(true);
    expect(() => loadConfig({ BILLING_TEST_CONTROL: 'yes' })).toThrow(/BILLING_TEST_CONTROL/);
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(production).billingTestControl).toBeUndefined();
    expect(() => loadConfig({ ...production, BILLING_TEST_CONTROL: '1' })).toThrow(/BILLING_TEST_CONTROL: a test-only control, refused in production/);
  });

  it('serves the metrics only on a METRICS_PORT given, and refuses one that is not a port', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT/);
  });

  it('refuses more than one API process without one database, one Redis and one bucket, naming each', () => {
    expect(loadConfig({ API_PROCESSES: '1' }).apiProcesses).toBe(1);
    expect(() => loadConfig({ API_PROCESSES: '3' })).toThrow(
      /DATABASE_URL: required when API_PROCESSES is 3 .*; REDIS_URL: required when API_PROCESSES is 3 .*; S3_BUCKET: required when API_PROCESSES is 3/,
    );
    const database = { DATABASE_URL: 'postgres://db/fable', REDIS_URL: 'redis://cache:6379' };
    expect(() => loadConfig({ API_PROCESSES: '2', ...database })).toThrow(/S3_BUCKET: required when API_PROCESSES is 2/);
    expect(() => loadConfig({ API_PROCESSES: '2', ...database })).not.toThrow(/DATABASE_URL|REDIS_URL/);
    const scaled = loadConfig({ API_PROCESSES: '2', ...database, S3_BUCKET: 'fable-images' });
    expect(scaled).toMatchObject({ apiProcesses: 2, redisUrl: 'redis://cache:6379', imageStorage: { kind: 's3' } });
    expect(() => loadConfig({ API_PROCESSES: '0' })).toThrow(/API_PROCESSES/);
    expect(() => loadConfig({ API_PROCESSES: 'two' })).toThrow(/API_PROCESSES/);
  });

  it('reads the shutdown grace of open chat streams', () => {
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '30' }).shutdownGraceSeconds).toBe(30);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).shutdownGraceSeconds).toBe(SHUTDOWN_GRACE_SECONDS);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });

  it('enables a social provider only with all three variables', () => {
    expect(loadConfig({ OIDC_DISCORD_ISSUER: '' }).oidcProviders).toEqual([]);
    expect(() => loadConfig({ OIDC_DISCORD_ISSUER: 'https://discord.example' })).toThrow(/OIDC_DISCORD_/);
  });

  it('rejects malformed partner secrets', () => {
    expect(() => loadConfig({ PARTNER_SECRETS: 'storynest' })).toThrow(/PARTNER_SECRETS/);
    expect(() => loadConfig({ PARTNER_SECRETS: 'storynest=short' })).toThrow(/PARTNER_SECRETS/);
  });
});

describe('TRUST_PROXY and SECRETS_KEYS', () => {
  it('reads a hop count or addresses, and refuses "true" and bad keys by name', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ SECRETS_KEYS: `k2:${key},k1:${key}` }).secretsKeys?.map((k) => k.kid)).toEqual(['k2', 'k1']);
    expect(() => loadConfig({ SECRETS_KEYS: 'k1:short' })).toThrow(ConfigError);
  });
});

describe('ACCESS_TOKEN_TTL_SECONDS', () => {
  it('defaults to the contracts lifetime and accepts a shorter one', () => {
    expect(loadConfig({}).accessTokenTtlSeconds).toBe(AUTH_TOKEN_LIFETIMES.accessSeconds);
    expect(loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '4' }).accessTokenTtlSeconds).toBe(4);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '0' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
  });
});

describe('DATABASE_POOL_MAX', () => {
  it('defaults, reads and rejects what is not a pool size', () => {
    expect(loadConfig({ DATABASE_POOL_MAX: '' }).databasePoolMax).toBe(DATABASE_POOL_MAX);
    expect(loadConfig({ DATABASE_POOL_MAX: '40' }).databasePoolMax).toBe(40);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: 'lots' })).toThrow(/DATABASE_POOL_MAX/);
  });
});

describe('CHARACTER_FAVORITE_LIMIT', () => {
  it('defaults to the contracts limit and accepts a smaller one (e2e)', () => {
    expect(loadConfig({}).characterFavoriteLimit).toBe(CHARACTER_FAVORITE_LIMIT);
    expect(loadConfig({ CHARACTER_FAVORITE_LIMIT: '' }).characterFavoriteLimit).toBe(CHARACTER_FAVORITE_LIMIT);
    expect(loadConfig({ CHARACTER_FAVORITE_LIMIT: '2' }).characterFavoriteLimit).toBe(2);
    expect(() => loadConfig({ CHARACTER_FAVORITE_LIMIT: '0' })).toThrow(/CHARACTER_FAVORITE_LIMIT/);
    expect(() => loadConfig({ CHARACTER_FAVORITE_LIMIT: 'many' })).toThrow(/CHARACTER_FAVORITE_LIMIT/);
  });
});

describe('payments (PAYMENTS_PROVIDER, PAYMENTS_SANDBOX_*, STRIPE_*, PAYMENTS_WEBHOOK_SECRETS)', () => {
  const stripe = { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123', PAYMENTS_WEBHOOK_SECRETS: 'whsec_live_one' };

  it('defaults to the embedded sandbox and reads its variables', () => {
    expect(loadConfig({ PAYMENTS_PROVIDER: '' }).payments).toEqual(DEFAULT_SANDBOX_PAYMENTS);
    expect(
      loadConfig({
        PAYMENTS_PROVIDER: 'sandbox',
        PAYMENTS_SANDBOX_URL: 'http://sandbox.internal:3300/',
        PAYMENTS_SANDBOX_SECRET_KEY: 'sk_test_other',
        PAYMENTS_SANDBOX_PUBLISHABLE_KEY: 'pk_test_other',
        PAYMENTS_WEBHOOK_SECRETS: 'whsec_current_1, whsec_next_2222',
      }).payments,
    ).toEqual({
      provider: 'sandbox',
      sandboxUrl: 'http://sandbox.internal:3300',
      secretKey: 'sk_test_other',
      publishableKey: 'pk_test_other',
      webhookSecrets: ['whsec_current_1', 'whsec_next_2222'],
      // the sandbox's Payssion, on the same server
      payssion: { url: 'http://sandbox.internal:3300', apiKey: 'sandbox_payssion_fable', secretKey: 'payssion_secret_fable' },
      // and its CoinPayments, paid in its test coin; IPNs to the IPN URL of its merchant settings
      coinPayments: {
        url: 'http://sandbox.internal:3300',
        publicKey: 'sandbox_coinpayments_public_fable',
        privateKey: 'sandbox_coinpayments_private_fable',
        ipnSecret: 'sandbox_coinpayments_ipn_secret_fable',
        merchantId: 'sandbox_coinpayments_merchant_fable',
        coin: 'LTCT',
        ipnUrl: null,
      },
      // and its Volt, notifying the notification URL of its merchant settings
      volt: {
        url: 'http://sandbox.internal:3300',
        clientId: 'sandbox_volt_client_fable',
        clientSecret: 'sandbox_volt_client_secret_fable',
        username: 'api@fable.example',
        password: 'sandbox_volt_password_fable',
        notificationSecret: 'sandbox_volt_notification_secret_fable',
        notificationUrl: null,
      },
      // and its Directa24, notifying the Confirm URL of its Merchant Panel
      directa24: { url: 'http://sandbox.internal:3300', apiKey: 'sandbox_d24_login_fable', apiSignature: 'sandbox_d24_api_signature_fable', notificationUrl: null },
      // and its UpGate, posting back to the callback URL of its merchant account
      upgate: { url: 'http://sandbox.internal:3300', apiKey: 'sandbox_upgate_api_key_fable', secretKey: 'sandbox_upgate_secret_key_fable' },
      // and its Overpay, both of its hosts the sandbox; notifying no one unless told where (npm start tells it)
      overpay: {
        url: 'http://sandbox.internal:3300',
        apiUrl: 'http://sandbox.internal:3300',
        shopId: 'sandbox_overpay_shop_fable',
        secretKey: 'sandbox_overpay_secret_key_fable',
        notificationUrl: null,
        test: false,
        publicKey: null,
      },
      // and its PayOK, notifying the notification URL of its shop's settings
      payok: { url: 'http://sandbox.internal:3300', shopId: '4242', secretKey: 'sandbox_payok_secret_fable', apiId: '1001', apiKey: 'sandbox_payok_api_key_fable' },
    });
  });

  it('reads Stripe with all three variables; Payssion only with its keys', () => {
    expect(loadConfig(stripe).payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_live_abc123',
      publishableKey: 'pk_live_abc123',
      webhookSecrets: ['whsec_live_one'],
      payssion: null,
      coinPayments: null,
      volt: null,
      directa24: null,
      upgate: null,
      overpay: null,
      payok: null,
    });
    expect(loadConfig({ ...stripe, PAYSSION_API_KEY: 'live_key', PAYSSION_SECRET_KEY: 'live_secret' }).payments?.payssion).toEqual({
      url: 'https://www.payssion.com',
      apiKey: 'live_key',
      secretKey: 'live_secret',
    });
  });

  it('refuses a half-configured Payssion, naming the variable', () => {
    expect(() => loadConfig({ ...stripe, PAYSSION_API_KEY: 'live_key' })).toThrow(/PAYSSION_SECRET_KEY: required with PAYSSION_API_KEY/);
    expect(() => loadConfig({ PAYSSION_SECRET_KEY: 'secret' })).toThrow(/PAYSSION_API_KEY: required with PAYSSION_SECRET_KEY/);
    expect(() => loadConfig({ PAYSSION_URL: 'https://www.payssion.com' })).toThrow(/PAYSSION_API_KEY: required with PAYSSION_URL/);
    expect(() => loadConfig({ PAYSSION_URL: 'payssion', PAYSSION_API_KEY: 'k', PAYSSION_SECRET_KEY: 's' })).toThrow(/PAYSSION_URL: must be an origin/);
  });

  const coinPayments = {
    COINPAYMENTS_PUBLIC_KEY: 'live_public',
    COINPAYMENTS_PRIVATE_KEY: 'live_private',
    COINPAYMENTS_IPN_SECRET: 'live_ipn_secret',
    COINPAYMENTS_MERCHANT_ID: 'live_merchant',
  };

  it('reads CoinPayments with its four credentials: CoinPayments’ own API, BTC, the IPN URL when given', () => {
    expect(loadConfig({ ...stripe, ...coinPayments }).payments?.coinPayments).toEqual({
      url: 'https://www.coinpayments.net',
      publicKey: 'live_public',
      privateKey: 'live_private',
      ipnSecret: 'live_ipn_secret',
      merchantId: 'live_merchant',
      coin: 'BTC',
      ipnUrl: null,
    });
    expect(
      loadConfig({ ...stripe, ...coinPayments, COINPAYMENTS_COIN: 'USDT.TRC20', COINPAYMENTS_IPN_URL: 'https://fable.example/api/v2/payments/coinpayments/ipn' }).payments?.coinPayments,
    ).toMatchObject({ coin: 'USDT.TRC20', ipnUrl: 'https://fable.example/api/v2/payments/coinpayments/ipn' });
    // the sandbox's own CoinPayments (npm start passes the sandbox's credentials): its address and test coin
    expect(loadConfig({ ...coinPayments, PAYMENTS_SANDBOX_URL: 'http://127.0.0.1:3201' }).payments?.coinPayments).toMatchObject({ url: 'http://127.0.0.1:3201', coin: 'LTCT', merchantId: 'live_merchant' });
    expect(loadConfig({ ...coinPayments, COINPAYMENTS_URL: 'https://cp.example/' }).payments?.coinPayments).toMatchObject({ url: 'https://cp.example', coin: 'BTC' });
  });

  it('refuses a half-configured CoinPayments, naming each missing variable', () => {
    expect(() => loadConfig({ ...stripe, COINPAYMENTS_PUBLIC_KEY: 'k', COINPAYMENTS_PRIVATE_KEY: 'p' })).toThrow(
      /COINPAYMENTS_IPN_SECRET: required with COINPAYMENTS_PUBLIC_KEY, COINPAYMENTS_PRIVATE_KEY; COINPAYMENTS_MERCHANT_ID: required with/,
    );
    expect(() => loadConfig({ COINPAYMENTS_URL: 'https://www.coinpayments.net' })).toThrow(/COINPAYMENTS_PUBLIC_KEY, .*: required with COINPAYMENTS_URL/);
    expect(() => loadConfig({ ...coinPayments, COINPAYMENTS_URL: 'coinpayments' })).toThrow(/COINPAYMENTS_URL: must be an origin/);
    expect(() => loadConfig({ ...coinPayments, COINPAYMENTS_IPN_URL: 'ftp://x/ipn' })).toThrow(/COINPAYMENTS_IPN_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ ...coinPayments, COINPAYMENTS_COIN: 'bitcoin!' })).toThrow(/COINPAYMENTS_COIN: must be a coin ticker/);
  });

  const volt = {
    VOLT_CLIENT_ID: 'live_client',
    VOLT_CLIENT_SECRET: 'live_client_secret',
    VOLT_USERNAME: 'api@fable.example',
    VOLT_PASSWORD: 'live_password',
    VOLT_NOTIFICATION_SECRET: 'live_notification_secret',
  };

  it('reads Volt with its five credentials: Volt’s own API, the notification URL when given', () => {
    expect(loadConfig({ ...stripe, ...volt }).payments?.volt).toEqual({
      url: 'https://api.volt.io',
      clientId: 'live_client',
      clientSecret: 'live_client_secret',
      username: 'api@fable.example',
      password: 'live_password',
      notificationSecret: 'live_notification_secret',
      notificationUrl: null,
    });
    expect(loadConfig({ ...stripe, ...volt, VOLT_URL: 'https://api.sandbox.volt.io/', VOLT_NOTIFICATION_URL: 'https://fable.example/api/v2/payments/volt/notify' }).payments?.volt).toMatchObject({
      url: 'https://api.sandbox.volt.io',
      notificationUrl: 'https://fable.example/api/v2/payments/volt/notify',
    });
    // npm start passes the sandbox's credentials: its address
    expect(loadConfig({ ...volt, PAYMENTS_SANDBOX_URL: 'http://127.0.0.1:3201' }).payments?.volt).toMatchObject({ url: 'http://127.0.0.1:3201', clientId: 'live_client' });
    // none with Stripe: Volt is not configured (its payments answer 503)
    expect(loadConfig(stripe).payments?.volt).toBeNull();
  });

  it('refuses a half-configured Volt, naming each missing variable', () => {
    expect(() => loadConfig({ ...stripe, VOLT_CLIENT_ID: 'c', VOLT_CLIENT_SECRET: 's' })).toThrow(
      /VOLT_USERNAME: required with VOLT_CLIENT_ID, VOLT_CLIENT_SECRET; VOLT_PASSWORD: required with VOLT_CLIENT_ID, VOLT_CLIENT_SECRET; VOLT_NOTIFICATION_SECRET: required with/,
    );
    expect(() => loadConfig({ VOLT_URL: 'https://api.volt.io' })).toThrow(/VOLT_CLIENT_ID, VOLT_CLIENT_SECRET, VOLT_USERNAME, VOLT_PASSWORD, VOLT_NOTIFICATION_SECRET: required with VOLT_URL/);
    expect(() => loadConfig({ ...volt, VOLT_URL: 'volt' })).toThrow(/VOLT_URL: must be an origin like https:\/\/api\.volt\.io/);
    expect(() => loadConfig({ ...volt, VOLT_NOTIFICATION_URL: 'ftp://x/notify' })).toThrow(/VOLT_NOTIFICATION_URL: must be an http\(s\) URL/);
  });

  const d24 = { D24_API_KEY: 'live_login', D24_API_SIGNATURE: 'live_api_signature' };

  it('reads Directa24 with its deposit credentials (API Key, API Signature): D24’s own API, the notification URL when given', () => {
    expect(loadConfig({ ...stripe, ...d24 }).payments?.directa24).toEqual({ url: 'https://api.directa24.com', apiKey: 'live_login', apiSignature: 'live_api_signature', notificationUrl: null });
    expect(loadConfig({ ...stripe, ...d24, D24_URL: 'https://api-stg.directa24.com/', D24_NOTIFICATION_URL: 'https://fable.example/api/v2/payments/directa24/notify' }).payments?.directa24).toMatchObject({
      url: 'https://api-stg.directa24.com',
      notificationUrl: 'https://fable.example/api/v2/payments/directa24/notify',
    });
    // npm start passes the sandbox's credentials: its address
    expect(loadConfig({ ...d24, PAYMENTS_SANDBOX_URL: 'http://127.0.0.1:3201' }).payments?.directa24).toMatchObject({ url: 'http://127.0.0.1:3201', apiKey: 'live_login' });
    // none with Stripe: Directa24 is not configured (its deposits answer 503)
    expect(loadConfig(stripe).payments?.directa24).toBeNull();
  });

  it('refuses a half-configured Directa24, naming each missing variable', () => {
    expect(() => loadConfig({ ...stripe, D24_API_KEY: 'k' })).toThrow(/D24_API_SIGNATURE: required with D24_API_KEY/);
    expect(() => loadConfig({ D24_URL: 'https://api.directa24.com' })).toThrow(/D24_API_KEY, D24_API_SIGNATURE: required with D24_URL/);
    expect(() => loadConfig({ ...d24, D24_URL: 'directa24' })).toThrow(/D24_URL: must be an origin like https:\/\/api\.directa24\.com/);
    expect(() => loadConfig({ ...d24, D24_NOTIFICATION_URL: 'ftp://x/notify' })).toThrow(/D24_NOTIFICATION_URL: must be an http\(s\) URL/);
  });

  const upgate = { UPGATE_API_KEY: 'live_api_key', UPGATE_SECRET_KEY: 'live_secret_key' };

  it('reads UpGate with its API key and the postbacks\' secret key: UpGate\'s own API, or the URL given', () => {
    expect(loadConfig({ ...stripe, ...upgate }).payments?.upgate).toEqual({ url: 'https://api.upgate.com', apiKey: 'live_api_key', secretKey: 'live_secret_key' });
    expect(loadConfig({ ...stripe, ...upgate, UPGATE_URL: 'https://api.sandbox.upgate.com/' }).payments?.upgate).toMatchObject({ url: 'https://api.sandbox.upgate.com' });
    // npm start passes the sandbox's credentials: its address
    expect(loadConfig({ ...upgate, PAYMENTS_SANDBOX_URL: 'http://127.0.0.1:3201' }).payments?.upgate).toMatchObject({ url: 'http://127.0.0.1:3201', apiKey: 'live_api_key' });
    // none with Stripe: UpGate is not configured (its methods answer 503)
    expect(loadConfig(stripe).payments?.upgate).toBeNull();
  });

  it('refuses a half-configured UpGate, naming each missing variable', () => {
    expect(() => loadConfig({ ...stripe, UPGATE_API_KEY: 'k' })).toThrow(/UPGATE_SECRET_KEY: required with UPGATE_API_KEY/);
    expect(() => loadConfig({ ...stripe, UPGATE_SECRET_KEY: 's' })).toThrow(/UPGATE_API_KEY: required with UPGATE_SECRET_KEY/);
    expect(() => loadConfig({ UPGATE_URL: 'https://api.upgate.com' })).toThrow(/UPGATE_API_KEY, UPGATE_SECRET_KEY: required with UPGATE_URL/);
    expect(() => loadConfig({ ...upgate, UPGATE_URL: 'https://api.upgate.com/v1' })).toThrow(/UPGATE_URL: must be an origin like https:\/\/api\.upgate\.com/);
  });

  const overpay = { OVERPAY_SHOP_ID: '4021', OVERPAY_SECRET_KEY: 'live_secret_key', OVERPAY_NOTIFICATION_URL: 'https://api.fable.example/api/v2/payments/overpay/notify' };
  const rsaPublicKey = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;

  it('reads Overpay with its shop id and secret key and the notification URL: Overpay\'s own hosts, or the URLs given', () => {
    expect(loadConfig({ ...stripe, ...overpay }).payments?.overpay).toEqual({
      url: 'https://checkout.overpay.io',
      apiUrl: 'https://api.overpay.io',
      shopId: '4021',
      secretKey: 'live_secret_key',
      notificationUrl: 'https://api.fable.example/api/v2/payments/overpay/notify',
      test: false,
      publicKey: null,
    });
    expect(
      loadConfig({ ...stripe, ...overpay, OVERPAY_CHECKOUT_URL: 'https://checkout.example/', OVERPAY_API_URL: 'https://gateway.example', OVERPAY_TEST: 'true' }).payments?.overpay,
    ).toMatchObject({ url: 'https://checkout.example', apiUrl: 'https://gateway.example', test: true });
    // the shop's public key as Overpay's back office shows it (base64 DER), or PEM: Content-Signature is then checked
    const der = rsaPublicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const pem = rsaPublicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect(loadConfig({ ...stripe, ...overpay, OVERPAY_PUBLIC_KEY: der }).payments?.overpay?.publicKey).toBe(der);
    expect(loadConfig({ ...stripe, ...overpay, OVERPAY_PUBLIC_KEY: pem }).payments?.overpay?.publicKey).toBe(pem.trim());
    // npm start passes the sandbox's credentials and the API's notification path: the sandbox's address for both hosts
    expect(loadConfig({ ...overpay, PAYMENTS_SANDBOX_URL: 'http://127.0.0.1:3201' }).payments?.overpay).toMatchObject({ url: 'http://127.0.0.1:3201', apiUrl: 'http://127.0.0.1:3201', shopId: '4021' });
    // none with Stripe: Overpay is not configured (its method answers 503)
    expect(loadConfig(stripe).payments?.overpay).toBeNull();
  });

  it('refuses a half-configured Overpay, naming each missing or malformed variable', () => {
    expect(() => loadConfig({ ...stripe, OVERPAY_SHOP_ID: '4021', OVERPAY_NOTIFICATION_URL: overpay.OVERPAY_NOTIFICATION_URL })).toThrow(/OVERPAY_SECRET_KEY: required with OVERPAY_SHOP_ID/);
    expect(() => loadConfig({ ...stripe, OVERPAY_SECRET_KEY: 's' })).toThrow(/OVERPAY_SHOP_ID: required with OVERPAY_SECRET_KEY/);
    expect(() => loadConfig({ OVERPAY_CHECKOUT_URL: 'https://checkout.overpay.io' })).toThrow(/OVERPAY_SHOP_ID, OVERPAY_SECRET_KEY: required with OVERPAY_CHECKOUT_URL/);
    expect(() => loadConfig({ ...stripe, OVERPAY_API_URL: 'https://api.overpay.io' })).toThrow(/OVERPAY_SHOP_ID, OVERPAY_SECRET_KEY: required with OVERPAY_API_URL/);
    expect(() => loadConfig({ ...stripe, OVERPAY_PUBLIC_KEY: 'x' })).toThrow(/OVERPAY_SHOP_ID, OVERPAY_SECRET_KEY: required with OVERPAY_PUBLIC_KEY/);
    expect(() => loadConfig({ ...overpay, OVERPAY_CHECKOUT_URL: 'https://checkout.overpay.io/ctp' })).toThrow(/OVERPAY_CHECKOUT_URL: must be an origin like https:\/\/checkout\.overpay\.io/);
    expect(() => loadConfig({ ...overpay, OVERPAY_API_URL: 'api.overpay.io' })).toThrow(/OVERPAY_API_URL: must be an origin like https:\/\/api\.overpay\.io/);
    // Overpay notifies only the notification_url a checkout names: credentials without it would never hear of a payment
    expect(() => loadConfig({ ...stripe, OVERPAY_SHOP_ID: '4021', OVERPAY_SECRET_KEY: 's' })).toThrow(/OVERPAY_NOTIFICATION_URL: required with OVERPAY_SHOP_ID, OVERPAY_SECRET_KEY/);
    expect(() => loadConfig({ ...stripe, ...overpay, OVERPAY_NOTIFICATION_URL: 'ftp://x/notify' })).toThrow(/OVERPAY_NOTIFICATION_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ ...stripe, ...overpay, OVERPAY_TEST: 'yes' })).toThrow(/OVERPAY_TEST: must be true or false/);
    expect(() => loadConfig({ ...stripe, ...overpay, OVERPAY_PUBLIC_KEY: 'bm90IGEga2V5' })).toThrow(/OVERPAY_PUBLIC_KEY: must be the shop’s RSA public key/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    expect(() => loadConfig({ ...stripe, ...overpay, OVERPAY_PUBLIC_KEY: ec })).toThrow(/OVERPAY_PUBLIC_KEY: must be an RSA public key/);
  });

  const payok = { PAYOK_SHOP_ID: '12345', PAYOK_SECRET_KEY: 'live_secret', PAYOK_API_ID: '678', PAYOK_API_KEY: 'live_api_key' };

  it('reads PayOK with its shop, secret key and API key pair: PayOK itself, or the URL given', () => {
    expect(loadConfig({ ...stripe, ...payok }).payments?.payok).toEqual({ url: 'https://payok.io', shopId: '12345', secretKey: 'live_secret', apiId: '678', apiKey: 'live_api_key' });
    expect(loadConfig({ ...stripe, ...payok, PAYOK_URL: 'https://payok.example/' }).payments?.payok).toMatchObject({ url: 'https://payok.example' });
    // npm start passes the sandbox's credentials: its address
    expect(loadConfig({ ...payok, PAYMENTS_SANDBOX_URL: 'http://127.0.0.1:3201' }).payments?.payok).toMatchObject({ url: 'http://127.0.0.1:3201', shopId: '12345' });
    // none with Stripe: PayOK is not configured (its method answers 503)
    expect(loadConfig(stripe).payments?.payok).toBeNull();
  });

  it('refuses a half-configured PayOK, naming each missing variable, and ids that are not numbers', () => {
    expect(() => loadConfig({ ...stripe, PAYOK_SHOP_ID: '1', PAYOK_SECRET_KEY: 's' })).toThrow(
      /PAYOK_API_ID: required with PAYOK_SHOP_ID, PAYOK_SECRET_KEY; PAYOK_API_KEY: required with PAYOK_SHOP_ID, PAYOK_SECRET_KEY/,
    );
    expect(() => loadConfig({ ...stripe, PAYOK_API_KEY: 'k' })).toThrow(/PAYOK_SHOP_ID: required with PAYOK_API_KEY/);
    expect(() => loadConfig({ PAYOK_URL: 'https://payok.io' })).toThrow(/PAYOK_SHOP_ID, PAYOK_SECRET_KEY, PAYOK_API_ID, PAYOK_API_KEY: required with PAYOK_URL/);
    expect(() => loadConfig({ ...payok, PAYOK_URL: 'https://payok.io/pay' })).toThrow(/PAYOK_URL: must be an origin like https:\/\/payok\.io/);
    expect(() => loadConfig({ ...payok, PAYOK_SHOP_ID: 'my-shop' })).toThrow(/PAYOK_SHOP_ID: must be the shop number/);
    expect(() => loadConfig({ ...payok, PAYOK_API_ID: 'key' })).toThrow(/PAYOK_API_ID: must be the API key number/);
  });

  it('refuses a half-configured provider at start, naming each variable', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'paypal' })).toThrow(/PAYMENTS_PROVIDER: must be sandbox or stripe/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: required when PAYMENTS_PROVIDER is stripe; STRIPE_PUBLISHABLE_KEY: required .*; PAYMENTS_WEBHOOK_SECRETS: required/,
    );
    expect(() => loadConfig({ ...stripe, PAYMENTS_WEBHOOK_SECRETS: '' })).toThrow(/PAYMENTS_WEBHOOK_SECRETS: required when PAYMENTS_PROVIDER is stripe/);
    expect(() => loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toThrow(/one key is live and the other test/);
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_live_abc' })).toThrow(/STRIPE_SECRET_KEY: must be/);
    expect(() => loadConfig({ ...stripe, PAYMENTS_SANDBOX_URL: 'http://127.0.0.1:3200' })).toThrow(/PAYMENTS_SANDBOX_URL: set while PAYMENTS_PROVIDER is stripe/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc123' })).toThrow(/STRIPE_SECRET_KEY: set while PAYMENTS_PROVIDER is sandbox/);
    expect(() => loadConfig({ PAYMENTS_SANDBOX_SECRET_KEY: 'sk_live_abc' })).toThrow(/PAYMENTS_SANDBOX_SECRET_KEY: must be a sk_test_/);
    expect(() => loadConfig({ PAYMENTS_SANDBOX_URL: 'ftp://x' })).toThrow(/PAYMENTS_SANDBOX_URL/);
    expect(() => loadConfig({ PAYMENTS_WEBHOOK_SECRETS: 'whsec_one_1111,whsec_two_2222,whsec_three_333' })).toThrow(/PAYMENTS_WEBHOOK_SECRETS: must be one/);
    expect(() => loadConfig({ PAYMENTS_WEBHOOK_SECRETS: 'secret' })).toThrow(/PAYMENTS_WEBHOOK_SECRETS/);
  });
});

describe('SubscribeStar (SUBSCRIBESTAR_URL, SUBSCRIBESTAR_CLIENT_ID, SUBSCRIBESTAR_CLIENT_SECRET)', () => {
  const stripe = { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123', PAYMENTS_WEBHOOK_SECRETS: 'whsec_live_one' };

  it('uses the three variables together', () => {
    expect(
      loadConfig({ ...stripe, SUBSCRIBESTAR_URL: 'https://www.subscribestar.com/', SUBSCRIBESTAR_CLIENT_ID: 'id', SUBSCRIBESTAR_CLIENT_SECRET: 'secret' }).subscribeStar,
    ).toEqual({ url: 'https://www.subscribestar.com', clientId: 'id', clientSecret: 'secret' });
  });

  it('refuses a half configuration at start, naming what is missing, and a URL that is not an origin', () => {
    expect(() => loadConfig({ SUBSCRIBESTAR_CLIENT_ID: 'id' })).toThrow(ConfigError);
    expect(() => loadConfig({ SUBSCRIBESTAR_CLIENT_ID: 'id' })).toThrow(
      /SUBSCRIBESTAR_URL: required with SUBSCRIBESTAR_CLIENT_ID; SUBSCRIBESTAR_CLIENT_SECRET: required with SUBSCRIBESTAR_CLIENT_ID/,
    );
    expect(() => loadConfig({ SUBSCRIBESTAR_CLIENT_ID: 'id', SUBSCRIBESTAR_URL: 'https://x.example' })).toThrow(/SUBSCRIBESTAR_CLIENT_SECRET: required/);
    expect(() => loadConfig({ SUBSCRIBESTAR_URL: 'ftp://x', SUBSCRIBESTAR_CLIENT_ID: 'a', SUBSCRIBESTAR_CLIENT_SECRET: 'b' })).toThrow(/SUBSCRIBESTAR_URL: must be an origin/);
  });

  it('defaults to the payments sandbox (its URL), and to nothing when payments run on Stripe', () => {
    expect(loadConfig({}).subscribeStar).toEqual(SANDBOX_SUBSCRIBESTAR);
    expect(loadConfig({ PAYMENTS_SANDBOX_URL: 'http://sandbox.internal:3300' }).subscribeStar).toEqual({ ...SANDBOX_SUBSCRIBESTAR, url: 'http://sandbox.internal:3300' });
    expect(loadConfig({ ...stripe, SUBSCRIBESTAR_URL: '  ' }).subscribeStar).toBeNull();
  });

  it('the billing routes take the configuration, and a config without it (tests) the default for its payments', () => {
    expect(subscribeStarConfigOf({ subscribeStar: null })).toBeNull();
    expect(subscribeStarConfigOf({ subscribeStar: { url: 'https://s.example', clientId: 'a', clientSecret: 'b' } })).toEqual({ url: 'https://s.example', clientId: 'a', clientSecret: 'b' });
    expect(subscribeStarConfigOf({})).toEqual(SANDBOX_SUBSCRIBESTAR);
    expect(subscribeStarConfigOf({ payments: { provider: 'stripe', secretKey: 'sk_live_x', publishableKey: 'pk_live_x', webhookSecrets: ['whsec_xxxxxxxx'] } })).toBeNull();
  });
});
