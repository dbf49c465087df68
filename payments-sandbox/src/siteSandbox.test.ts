import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import {
  API_COINPAYMENTS_IPN_PATH,
  API_D24_NOTIFY_PATH,
  API_OVERPAY_NOTIFY_PATH,
  API_PAYOK_NOTIFY_PATH,
  API_PAYSSION_NOTIFY_PATH,
  API_UPGATE_POSTBACK_PATH,
  API_VOLT_NOTIFY_PATH,
  API_WEBHOOK_PATH,
  startSiteSandbox,
} from './siteSandbox';

describe('the sandbox npm start runs', () => {
  it('starts with the default keys, the site as the allowed origin and the API as the webhook endpoint, and tells the API', async () => {
    const site = await startSiteSandbox({ siteOrigins: ['http://127.0.0.1:3000'], apiUrl: 'http://127.0.0.1:3100', env: { PAYMENTS_SANDBOX_PORT: '0' } });
    if (!site) throw new Error('expected a sandbox');
    try {
      expect(site.sandbox.config).toMatchObject({
        allowedOrigins: ['http://127.0.0.1:3000'],
        webhooks: [{ url: `http://127.0.0.1:3100${API_WEBHOOK_PATH}`, secrets: ['whsec_fable_sandbox'] }],
        payssion: { notifyUrl: `http://127.0.0.1:3100${API_PAYSSION_NOTIFY_PATH}` },
        coinpayments: { ipnUrl: `http://127.0.0.1:3100${API_COINPAYMENTS_IPN_PATH}` },
        volt: { notificationUrl: `http://127.0.0.1:3100${API_VOLT_NOTIFY_PATH}` },
        directa24: { notificationUrl: `http://127.0.0.1:3100${API_D24_NOTIFY_PATH}` },
        upgate: { postbackUrl: `http://127.0.0.1:3100${API_UPGATE_POSTBACK_PATH}` },
        payok: { notifyUrl: `http://127.0.0.1:3100${API_PAYOK_NOTIFY_PATH}` },
      });
      expect(site.apiEnv).toEqual({
        PAYMENTS_PROVIDER: 'sandbox',
        PAYMENTS_SANDBOX_URL: site.sandbox.url,
        PAYMENTS_SANDBOX_SECRET_KEY: 'sk_test_fable_sandbox',
        PAYMENTS_SANDBOX_PUBLISHABLE_KEY: 'pk_test_fable_sandbox',
        PAYMENTS_WEBHOOK_SECRETS: 'whsec_fable_sandbox',
        PAYSSION_API_KEY: 'sandbox_payssion_fable',
        PAYSSION_SECRET_KEY: 'payssion_secret_fable',
        COINPAYMENTS_PUBLIC_KEY: 'sandbox_coinpayments_public_fable',
        COINPAYMENTS_PRIVATE_KEY: 'sandbox_coinpayments_private_fable',
        COINPAYMENTS_IPN_SECRET: 'sandbox_coinpayments_ipn_secret_fable',
        COINPAYMENTS_MERCHANT_ID: 'sandbox_coinpayments_merchant_fable',
        VOLT_CLIENT_ID: 'sandbox_volt_client_fable',
        VOLT_CLIENT_SECRET: 'sandbox_volt_client_secret_fable',
        VOLT_USERNAME: 'api@fable.example',
        VOLT_PASSWORD: 'sandbox_volt_password_fable',
        VOLT_NOTIFICATION_SECRET: 'sandbox_volt_notification_secret_fable',
        D24_API_KEY: 'sandbox_d24_login_fable',
        D24_API_SIGNATURE: 'sandbox_d24_api_signature_fable',
        UPGATE_API_KEY: 'sandbox_upgate_api_key_fable',
        UPGATE_SECRET_KEY: 'sandbox_upgate_secret_key_fable',
        // Overpay notifies the URL each checkout names: the API is told its own
        OVERPAY_SHOP_ID: 'sandbox_overpay_shop_fable',
        OVERPAY_SECRET_KEY: 'sandbox_overpay_secret_key_fable',
        OVERPAY_NOTIFICATION_URL: `http://127.0.0.1:3100${API_OVERPAY_NOTIFY_PATH}`,
        PAYOK_SHOP_ID: '4242',
        PAYOK_SECRET_KEY: 'sandbox_payok_secret_fable',
        PAYOK_API_ID: '1001',
        PAYOK_API_KEY: 'sandbox_payok_api_key_fable',
      });
      expect((await fetch(`${site.sandbox.url}/_sandbox/health`)).status).toBe(200);
    } finally {
      await site.sandbox.close();
    }
  });

  it('takes two webhook secrets during rotation and stays off when another provider is configured', async () => {
    const site = await startSiteSandbox({
      siteOrigins: [],
      apiUrl: 'http://127.0.0.1:3100',
      env: { PAYMENTS_SANDBOX_PORT: '0', PAYMENTS_SANDBOX_WEBHOOK_SECRETS: 'whsec_old,whsec_new', PAYMENTS_SANDBOX_ALLOWED_ORIGINS: 'https://fable.example' },
    });
    try {
      expect(site?.sandbox.config.allowedOrigins).toEqual(['https://fable.example']);
      expect(site?.apiEnv.PAYMENTS_WEBHOOK_SECRETS).toBe('whsec_old,whsec_new');
    } finally {
      await site?.sandbox.close();
    }
    await expect(startSiteSandbox({ siteOrigins: [], apiUrl: 'x', env: { PAYMENTS_PROVIDER: 'stripe' } })).resolves.toBeUndefined();
  });

  it('tells the API the public half of the key its Overpay signs notifications with, when given one', async () => {
    const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const site = await startSiteSandbox({ siteOrigins: [], apiUrl: 'http://127.0.0.1:3100', env: { PAYMENTS_SANDBOX_PORT: '0', PAYMENTS_SANDBOX_OVERPAY_SIGNING_KEY: signingKey } });
    try {
      const expected = createPublicKey(signingKey).export({ format: 'der', type: 'spki' }).toString('base64');
      expect(site?.apiEnv).toMatchObject({ OVERPAY_PUBLIC_KEY: expected, OVERPAY_NOTIFICATION_URL: `http://127.0.0.1:3100${API_OVERPAY_NOTIFY_PATH}` });
    } finally {
      await site?.sandbox.close();
    }
  });

  it('refuses keys that are not test keys', async () => {
    await expect(startSiteSandbox({ siteOrigins: [], apiUrl: 'http://a', env: { PAYMENTS_SANDBOX_PORT: '0', PAYMENTS_SANDBOX_SECRET_KEYS: 'sk_live_x' } })).rejects.toThrow(/sk_test_/);
  });
});
