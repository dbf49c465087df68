// The sandbox as `npm start` runs it (scripts/startSite.ts): started before the API, which is told where it is and
// how to talk to it through the environment (README.md, "The API's side"). Skipped when PAYMENTS_PROVIDER names
// another provider.
import { createPublicKey } from 'node:crypto';
import { configFromEnv } from './config';
import { type PaymentsSandbox, startPaymentsSandbox } from './server';

/** Where the sandbox sends webhooks unless PAYMENTS_SANDBOX_WEBHOOK_URL says otherwise: the API's receiver. */
export const API_WEBHOOK_PATH = '/api/v2/payments/webhook';
/** Where its Payssion notifies unless PAYMENTS_SANDBOX_PAYSSION_NOTIFY_URL says otherwise: the API's Payssion receiver. */
export const API_PAYSSION_NOTIFY_PATH = '/api/v2/payments/payssion/notify';
/** Where its CoinPayments sends IPNs unless PAYMENTS_SANDBOX_COINPAYMENTS_IPN_URL says otherwise: the API's IPN receiver. */
export const API_COINPAYMENTS_IPN_PATH = '/api/v2/payments/coinpayments/ipn';
/** Where its Volt notifies unless PAYMENTS_SANDBOX_VOLT_NOTIFICATION_URL says otherwise: the API's Volt receiver. */
export const API_VOLT_NOTIFY_PATH = '/api/v2/payments/volt/notify';
/** Where its Directa24 notifies unless PAYMENTS_SANDBOX_D24_NOTIFICATION_URL says otherwise: the API's D24 receiver. */
export const API_D24_NOTIFY_PATH = '/api/v2/payments/directa24/notify';
/** Where its UpGate posts back unless PAYMENTS_SANDBOX_UPGATE_POSTBACK_URL says otherwise: the API's UpGate receiver. */
export const API_UPGATE_POSTBACK_PATH = '/api/v2/payments/upgate/postback';
/** Where the API has its Overpay checkouts notified (OVERPAY_NOTIFICATION_URL: Overpay notifies the URL each checkout names). */
export const API_OVERPAY_NOTIFY_PATH = '/api/v2/payments/overpay/notify';
/** Where its PayOK notifies unless PAYMENTS_SANDBOX_PAYOK_NOTIFY_URL says otherwise: the API's PayOK receiver. */
export const API_PAYOK_NOTIFY_PATH = '/api/v2/payments/payok/notify';

export interface SiteSandbox {
  sandbox: PaymentsSandbox;
  /** Variables for the API's process. */
  apiEnv: Record<string, string>;
}

export async function startSiteSandbox(options: { siteOrigins: string[]; apiUrl: string; env: NodeJS.ProcessEnv }): Promise<SiteSandbox | undefined> {
  const { env } = options;
  if (env.PAYMENTS_PROVIDER && env.PAYMENTS_PROVIDER !== 'sandbox') return undefined;
  const fromEnv = configFromEnv({
    PAYMENTS_SANDBOX_WEBHOOK_URL: `${options.apiUrl}${API_WEBHOOK_PATH}`,
    PAYMENTS_SANDBOX_PAYSSION_NOTIFY_URL: `${options.apiUrl}${API_PAYSSION_NOTIFY_PATH}`,
    PAYMENTS_SANDBOX_COINPAYMENTS_IPN_URL: `${options.apiUrl}${API_COINPAYMENTS_IPN_PATH}`,
    PAYMENTS_SANDBOX_VOLT_NOTIFICATION_URL: `${options.apiUrl}${API_VOLT_NOTIFY_PATH}`,
    PAYMENTS_SANDBOX_D24_NOTIFICATION_URL: `${options.apiUrl}${API_D24_NOTIFY_PATH}`,
    PAYMENTS_SANDBOX_UPGATE_POSTBACK_URL: `${options.apiUrl}${API_UPGATE_POSTBACK_PATH}`,
    PAYMENTS_SANDBOX_PAYOK_NOTIFY_URL: `${options.apiUrl}${API_PAYOK_NOTIFY_PATH}`,
    ...env,
  });
  const config = { ...fromEnv, allowedOrigins: env.PAYMENTS_SANDBOX_ALLOWED_ORIGINS ? fromEnv.allowedOrigins : options.siteOrigins };
  const sandbox = await startPaymentsSandbox(config);
  return {
    sandbox,
    apiEnv: {
      PAYMENTS_PROVIDER: 'sandbox',
      PAYMENTS_SANDBOX_URL: sandbox.url,
      PAYMENTS_SANDBOX_SECRET_KEY: sandbox.config.secretKeys[0] ?? '',
      PAYMENTS_SANDBOX_PUBLISHABLE_KEY: sandbox.config.publishableKeys[0] ?? '',
      PAYMENTS_WEBHOOK_SECRETS: (sandbox.config.webhooks[0]?.secrets ?? []).join(','),
      PAYSSION_API_KEY: sandbox.config.payssion.apiKey,
      PAYSSION_SECRET_KEY: sandbox.config.payssion.secretKey,
      COINPAYMENTS_PUBLIC_KEY: sandbox.config.coinpayments.publicKey,
      COINPAYMENTS_PRIVATE_KEY: sandbox.config.coinpayments.privateKey,
      COINPAYMENTS_IPN_SECRET: sandbox.config.coinpayments.ipnSecret,
      COINPAYMENTS_MERCHANT_ID: sandbox.config.coinpayments.merchantId,
      VOLT_CLIENT_ID: sandbox.config.volt.clientId,
      VOLT_CLIENT_SECRET: sandbox.config.volt.clientSecret,
      VOLT_USERNAME: sandbox.config.volt.username,
      VOLT_PASSWORD: sandbox.config.volt.password,
      VOLT_NOTIFICATION_SECRET: sandbox.config.volt.notificationSecret,
      D24_API_KEY: sandbox.config.directa24.apiKey,
      D24_API_SIGNATURE: sandbox.config.directa24.apiSignature,
      UPGATE_API_KEY: sandbox.config.upgate.apiKey,
      UPGATE_SECRET_KEY: sandbox.config.upgate.secretKey,
      OVERPAY_SHOP_ID: sandbox.config.overpay.shopId,
      OVERPAY_SECRET_KEY: sandbox.config.overpay.secretKey,
      OVERPAY_NOTIFICATION_URL: `${options.apiUrl}${API_OVERPAY_NOTIFY_PATH}`,
      // the sandbox signs Overpay's notifications when given a key: the API checks them with its public half
      ...(sandbox.config.overpay.signingKey ? { OVERPAY_PUBLIC_KEY: createPublicKey(sandbox.config.overpay.signingKey).export({ format: 'der', type: 'spki' }).toString('base64') } : {}),
      PAYOK_SHOP_ID: sandbox.config.payok.shopId,
      PAYOK_SECRET_KEY: sandbox.config.payok.secretKey,
      PAYOK_API_ID: sandbox.config.payok.apiId,
      PAYOK_API_KEY: sandbox.config.payok.apiKey,
    },
  };
}
