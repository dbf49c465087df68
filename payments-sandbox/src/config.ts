// What a sandbox is started with. Tests pass it to startPaymentsSandbox; the CLI reads it from the environment.
import { DEFAULT_COINPAYMENTS, type CoinPaymentsConfig } from './coinpayments/coinPaymentsApi';
import { DEFAULT_PAYSSION, type PayssionConfig } from './payssion/payssionApi';
import { DEFAULT_VOLT, type VoltConfig } from './volt/voltApi';
import { DEFAULT_D24, type D24Config } from './directa24/d24Api';
import { DEFAULT_UPGATE, type UpgateConfig } from './upgate/upgateApi';
import { DEFAULT_OVERPAY, type OverpayConfig } from './overpay/overpayApi';
import { DEFAULT_PAYOK, type PayokConfig } from './payok/payokApi';

export interface WebhookEndpointConfig {
  url: string;
  /** One secret, or two while the secret is being rotated: every delivery is signed with each. */
  secrets: string[];
}

export interface RetryConfig {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Wait before the first retry; each next one waits `factor` times longer. */
  baseDelayMs: number;
  factor: number;
  /** How long one delivery may take before it counts as failed. */
  timeoutMs: number;
}

export interface SandboxConfig {
  /** 0 picks a free port. */
  port: number;
  host: string;
  secretKeys: string[];
  publishableKeys: string[];
  /** Origins allowed to embed the card fields and to receive their messages (and the 3-D Secure page's). */
  allowedOrigins: string[];
  webhooks: WebhookEndpointConfig[];
  retry: RetryConfig;
  /** A pause in every charge, like a real network's; lets tests overlap requests. */
  chargeLatencyMs: number;
  /** The public address when it differs from the bound one (behind a proxy). */
  publicUrl?: string;
  /** Payssion's API (payssion/payssionApi.ts): the merchant's keys and notify URL. */
  payssion: PayssionConfig;
  /** CoinPayments' API (coinpayments/coinPaymentsApi.ts): the merchant's keys, IPN secret, merchant id and IPN URL. */
  coinpayments: CoinPaymentsConfig;
  /** Volt's API (volt/voltApi.ts): the Fuzebox application, API user, notification secret and URL, token lifetime. */
  volt: VoltConfig;
  /** Directa24's Deposits API (directa24/d24Api.ts): the deposit credentials (API Key, API Signature) and Confirm URL. */
  directa24: D24Config;
  /** UpGate's API (upgate/upgateApi.ts): the API key, the postbacks' secret key and the merchant account's callback URL. */
  upgate: UpgateConfig;
  /** Overpay's API (overpay/overpayApi.ts): the shop id and secret key, and the key its notifications are signed with. */
  overpay: OverpayConfig;
  /** PayOK (payok/payokApi.ts): the shop's id and secret key, the API key pair and the shop's notification URL. */
  payok: PayokConfig;
}

export const DEFAULT_RETRY: RetryConfig = { attempts: 6, baseDelayMs: 2_000, factor: 3, timeoutMs: 10_000 };

export function withDefaults(config: Partial<SandboxConfig>): SandboxConfig {
  const secretKeys = config.secretKeys ?? [];
  const publishableKeys = config.publishableKeys ?? [];
  if (!secretKeys.length || !secretKeys.every((k) => k.startsWith('sk_test_'))) throw new Error('payments sandbox: secretKeys must be one or more sk_test_… keys');
  if (!publishableKeys.length || !publishableKeys.every((k) => k.startsWith('pk_test_')))
    throw new Error('payments sandbox: publishableKeys must be one or more pk_test_… keys');
  for (const endpoint of config.webhooks ?? []) {
    if (!/^https?:\/\//.test(endpoint.url)) throw new Error(`payments sandbox: webhook url must be http(s): ${endpoint.url}`);
    if (endpoint.secrets.length < 1 || endpoint.secrets.length > 2) throw new Error('payments sandbox: a webhook endpoint has one or two secrets');
  }
  return {
    port: config.port ?? 0,
    host: config.host ?? '127.0.0.1',
    secretKeys,
    publishableKeys,
    allowedOrigins: (config.allowedOrigins ?? []).map((o) => new URL(o).origin),
    webhooks: config.webhooks ?? [],
    retry: { ...DEFAULT_RETRY, ...config.retry },
    chargeLatencyMs: config.chargeLatencyMs ?? 0,
    publicUrl: config.publicUrl,
    payssion: { ...DEFAULT_PAYSSION, ...config.payssion },
    coinpayments: { ...DEFAULT_COINPAYMENTS, ...config.coinpayments },
    volt: { ...DEFAULT_VOLT, ...config.volt },
    directa24: { ...DEFAULT_D24, ...config.directa24 },
    upgate: { ...DEFAULT_UPGATE, ...config.upgate },
    overpay: { ...DEFAULT_OVERPAY, ...config.overpay },
    payok: { ...DEFAULT_PAYOK, ...config.payok },
  };
}

const list = (value: string | undefined) => (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/**
 * A provider's merchant settings: each of `fields` from PAYMENTS_SANDBOX_<PROVIDER>_<FIELD> (the field's name in
 * capitals and underscores, notifyUrl as NOTIFY_URL), unset the sandbox's default (for a URL null: nothing announced).
 */
function providerFromEnv<C extends object>(env: NodeJS.ProcessEnv, provider: string, defaults: C, fields: ReadonlyArray<keyof C & string>): C {
  const variable = (field: string) => `PAYMENTS_SANDBOX_${provider}_${field.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
  return { ...defaults, ...Object.fromEntries(fields.map((field) => [field, env[variable(field)] ?? defaults[field]])) };
}

/**
 * From the environment (see README.md): PAYMENTS_SANDBOX_PORT, PAYMENTS_SANDBOX_SECRET_KEYS,
 * PAYMENTS_SANDBOX_PUBLISHABLE_KEYS, PAYMENTS_SANDBOX_ALLOWED_ORIGINS, PAYMENTS_SANDBOX_WEBHOOK_URL,
 * PAYMENTS_SANDBOX_WEBHOOK_SECRETS (one or two, comma-separated), PAYMENTS_SANDBOX_RETRY_BASE_MS,
 * PAYMENTS_SANDBOX_CHARGE_LATENCY_MS, PAYMENTS_SANDBOX_PUBLIC_URL, PAYMENTS_SANDBOX_PAYSSION_API_KEY,
 * PAYMENTS_SANDBOX_PAYSSION_SECRET_KEY, PAYMENTS_SANDBOX_PAYSSION_NOTIFY_URL, PAYMENTS_SANDBOX_COINPAYMENTS_PUBLIC_KEY,
 * PAYMENTS_SANDBOX_COINPAYMENTS_PRIVATE_KEY, PAYMENTS_SANDBOX_COINPAYMENTS_IPN_SECRET,
 * PAYMENTS_SANDBOX_COINPAYMENTS_MERCHANT_ID, PAYMENTS_SANDBOX_COINPAYMENTS_IPN_URL, PAYMENTS_SANDBOX_VOLT_CLIENT_ID,
 * PAYMENTS_SANDBOX_VOLT_CLIENT_SECRET, PAYMENTS_SANDBOX_VOLT_USERNAME, PAYMENTS_SANDBOX_VOLT_PASSWORD,
 * PAYMENTS_SANDBOX_VOLT_NOTIFICATION_SECRET, PAYMENTS_SANDBOX_VOLT_NOTIFICATION_URL, PAYMENTS_SANDBOX_D24_API_KEY,
 * PAYMENTS_SANDBOX_D24_API_SIGNATURE, PAYMENTS_SANDBOX_D24_NOTIFICATION_URL, PAYMENTS_SANDBOX_UPGATE_API_KEY,
 * PAYMENTS_SANDBOX_UPGATE_SECRET_KEY, PAYMENTS_SANDBOX_UPGATE_POSTBACK_URL, PAYMENTS_SANDBOX_OVERPAY_SHOP_ID,
 * PAYMENTS_SANDBOX_OVERPAY_SECRET_KEY, PAYMENTS_SANDBOX_OVERPAY_SIGNING_KEY.
 * PAYMENTS_SANDBOX_UPGATE_SECRET_KEY, PAYMENTS_SANDBOX_UPGATE_POSTBACK_URL, PAYMENTS_SANDBOX_PAYOK_SHOP_ID,
 * PAYMENTS_SANDBOX_PAYOK_SECRET_KEY, PAYMENTS_SANDBOX_PAYOK_API_ID, PAYMENTS_SANDBOX_PAYOK_API_KEY,
 * PAYMENTS_SANDBOX_PAYOK_NOTIFY_URL.
 */
export function configFromEnv(env: NodeJS.ProcessEnv): Partial<SandboxConfig> {
  const webhookUrl = env.PAYMENTS_SANDBOX_WEBHOOK_URL;
  return {
    port: Number(env.PAYMENTS_SANDBOX_PORT ?? 3200),
    host: env.PAYMENTS_SANDBOX_HOST ?? '127.0.0.1',
    secretKeys: list(env.PAYMENTS_SANDBOX_SECRET_KEYS ?? 'sk_test_fable_sandbox'),
    publishableKeys: list(env.PAYMENTS_SANDBOX_PUBLISHABLE_KEYS ?? 'pk_test_fable_sandbox'),
    allowedOrigins: list(env.PAYMENTS_SANDBOX_ALLOWED_ORIGINS ?? 'http://127.0.0.1:3000,http://localhost:3000'),
    webhooks: webhookUrl ? [{ url: webhookUrl, secrets: list(env.PAYMENTS_SANDBOX_WEBHOOK_SECRETS ?? 'whsec_fable_sandbox') }] : [],
    retry: env.PAYMENTS_SANDBOX_RETRY_BASE_MS ? { ...DEFAULT_RETRY, baseDelayMs: Number(env.PAYMENTS_SANDBOX_RETRY_BASE_MS) } : undefined,
    publicUrl: env.PAYMENTS_SANDBOX_PUBLIC_URL,
    chargeLatencyMs: env.PAYMENTS_SANDBOX_CHARGE_LATENCY_MS ? Number(env.PAYMENTS_SANDBOX_CHARGE_LATENCY_MS) : undefined,
    payssion: providerFromEnv(env, 'PAYSSION', DEFAULT_PAYSSION, ['apiKey', 'secretKey', 'notifyUrl']),
    coinpayments: providerFromEnv(env, 'COINPAYMENTS', DEFAULT_COINPAYMENTS, ['publicKey', 'privateKey', 'ipnSecret', 'merchantId', 'ipnUrl']),
    // tokenTtlSeconds has no variable: the default's (tests pass their own)
    volt: providerFromEnv(env, 'VOLT', DEFAULT_VOLT, ['clientId', 'clientSecret', 'username', 'password', 'notificationSecret', 'notificationUrl']),
    directa24: providerFromEnv(env, 'D24', DEFAULT_D24, ['apiKey', 'apiSignature', 'notificationUrl']),
    upgate: providerFromEnv(env, 'UPGATE', DEFAULT_UPGATE, ['apiKey', 'secretKey', 'postbackUrl']),
    // Overpay has no notification URL of the shop's: each checkout names its own
    overpay: providerFromEnv(env, 'OVERPAY', DEFAULT_OVERPAY, ['shopId', 'secretKey', 'signingKey']),
    payok: providerFromEnv(env, 'PAYOK', DEFAULT_PAYOK, ['shopId', 'secretKey', 'apiId', 'apiKey', 'notifyUrl']),
  };
}
