import type { PaymentsProvider } from './paymentsGateway';
import { readCoinPaymentsConfig, SANDBOX_COINPAYMENTS_KEYS, type CoinPaymentsConfig } from './coinpayments/coinPaymentsConfig';
import { readPayssionConfig, SANDBOX_PAYSSION_KEYS, type PayssionConfig } from './payssion/payssionConfig';
import { readVoltConfig, SANDBOX_VOLT_KEYS, type VoltConfig } from './volt/voltConfig';
import { readD24Config, SANDBOX_D24_KEYS, type D24Config } from './directa24/d24Config';
import { readUpgateConfig, SANDBOX_UPGATE_KEYS, type UpgateConfig } from './upgate/upgateConfig';
import { readOverpayConfig, SANDBOX_OVERPAY_KEYS, type OverpayConfig } from './overpay/overpayConfig';
import { readPayokConfig, SANDBOX_PAYOK_KEYS, type PayokConfig } from './payok/payokConfig';
import { envValue } from '../envValue';

/** The redirect providers with an API of their own, the same beside either card provider (null: not configured). */
export type RedirectProviderConfigs = {
  payssion?: PayssionConfig | null;
  coinPayments?: CoinPaymentsConfig | null;
  volt?: VoltConfig | null;
  directa24?: D24Config | null;
  upgate?: UpgateConfig | null;
  overpay?: OverpayConfig | null;
  payok?: PayokConfig | null;
};

/**
 * Which payments provider the API uses (issue 15; payments-sandbox/README.md "The API's side"):
 * - PAYMENTS_PROVIDER=sandbox (the default): our sandbox at PAYMENTS_SANDBOX_URL with PAYMENTS_SANDBOX_SECRET_KEY and
 *   PAYMENTS_SANDBOX_PUBLISHABLE_KEY (test keys only); each unset one takes the sandbox's own default, so a bare
 *   `npm start` works;
 * - PAYMENTS_PROVIDER=stripe: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and PAYMENTS_WEBHOOK_SECRETS are all required.
 * PAYMENTS_WEBHOOK_SECRETS: one `whsec_…` secret, or two (comma-separated) while rotating. A variable of the other
 * provider, a missing one or a malformed one is a start-up error naming it: a half-configured provider never starts.
 * Beside the card provider, the redirect providers with an API of their own: Payssion (payssion/payssionConfig.ts),
 * CoinPayments (coinpayments/coinPaymentsConfig.ts), Volt (volt/voltConfig.ts), Directa24 (directa24/d24Config.ts),
 * UpGate (upgate/upgateConfig.ts), Overpay (overpay/overpayConfig.ts) and PayOK (payok/payokConfig.ts).
 */
export type SandboxPaymentsConfig = {
  provider: 'sandbox';
  sandboxUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecrets: readonly string[];
} & RedirectProviderConfigs;
export type StripePaymentsConfig = {
  provider: 'stripe';
  secretKey: string;
  publishableKey: string;
  webhookSecrets: readonly string[];
} & RedirectProviderConfigs;
export type PaymentsConfig = SandboxPaymentsConfig | StripePaymentsConfig;

/** The sandbox as `npm start` runs it (payments-sandbox/src/config.ts configFromEnv defaults). */
export const DEFAULT_SANDBOX_PAYMENTS: SandboxPaymentsConfig = {
  provider: 'sandbox',
  sandboxUrl: 'http://127.0.0.1:3200',
  secretKey: 'sk_test_fable_sandbox',
  publishableKey: 'pk_test_fable_sandbox',
  webhookSecrets: ['whsec_fable_sandbox'],
  payssion: { url: 'http://127.0.0.1:3200', ...SANDBOX_PAYSSION_KEYS },
  coinPayments: { url: 'http://127.0.0.1:3200', ...SANDBOX_COINPAYMENTS_KEYS, coin: 'LTCT', ipnUrl: null },
  volt: { url: 'http://127.0.0.1:3200', ...SANDBOX_VOLT_KEYS, notificationUrl: null },
  directa24: { url: 'http://127.0.0.1:3200', ...SANDBOX_D24_KEYS, notificationUrl: null },
  upgate: { url: 'http://127.0.0.1:3200', ...SANDBOX_UPGATE_KEYS },
  // npm start passes OVERPAY_NOTIFICATION_URL (siteSandbox.ts): without it the sandbox's checkouts notify no one
  overpay: { url: 'http://127.0.0.1:3200', apiUrl: 'http://127.0.0.1:3200', ...SANDBOX_OVERPAY_KEYS, notificationUrl: null, test: false, publicKey: null },
  payok: { url: 'http://127.0.0.1:3200', ...SANDBOX_PAYOK_KEYS },
};

/** The redirect providers with an API of their own, each configured alone (sandboxUrl: their sandbox defaults). */
function readOwnApiProviders(env: NodeJS.ProcessEnv, sandboxUrl: string | null, problems: string[]) {
  const { payssion, problems: payssionProblems } = readPayssionConfig(env, sandboxUrl);
  const { coinPayments, problems: coinPaymentsProblems } = readCoinPaymentsConfig(env, sandboxUrl);
  const { volt, problems: voltProblems } = readVoltConfig(env, sandboxUrl);
  const { directa24, problems: d24Problems } = readD24Config(env, sandboxUrl);
  const { upgate, problems: upgateProblems } = readUpgateConfig(env, sandboxUrl);
  const { overpay, problems: overpayProblems } = readOverpayConfig(env, sandboxUrl);
  const { payok, problems: payokProblems } = readPayokConfig(env, sandboxUrl);
  problems.push(...payssionProblems, ...coinPaymentsProblems, ...voltProblems, ...d24Problems, ...upgateProblems, ...overpayProblems, ...payokProblems);
  return { payssion, coinPayments, volt, directa24, upgate, overpay, payok };
}

const SANDBOX_VARIABLES = ['PAYMENTS_SANDBOX_URL', 'PAYMENTS_SANDBOX_SECRET_KEY', 'PAYMENTS_SANDBOX_PUBLISHABLE_KEY'] as const;
const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const;


function readWebhookSecrets(value: string | undefined, problems: string[]): string[] {
  if (value === undefined) return [];
  const secrets = value.split(',').map((s) => s.trim());
  if (secrets.length > 2 || secrets.some((s) => !/^whsec_\S{8,}$/.test(s))) {
    problems.push('PAYMENTS_WEBHOOK_SECRETS: must be one whsec_… secret, or two separated by a comma while rotating');
  }
  return secrets;
}

/** Reads the payments variables; problems are reported by name, like every other setting. */
export function readPaymentsConfig(env: NodeJS.ProcessEnv): { payments?: PaymentsConfig; problems: string[] } {
  const problems: string[] = [];
  const provider = envValue(env.PAYMENTS_PROVIDER) ?? 'sandbox';
  if (provider !== 'sandbox' && provider !== 'stripe') return { problems: ['PAYMENTS_PROVIDER: must be sandbox or stripe'] };
  const webhookValue = envValue(env.PAYMENTS_WEBHOOK_SECRETS);
  const webhookSecrets = readWebhookSecrets(webhookValue, problems);

  if ((provider as PaymentsProvider) === 'stripe') {
    for (const name of SANDBOX_VARIABLES) if (envValue(env[name])) problems.push(`${name}: set while PAYMENTS_PROVIDER is stripe`);
    const secretKey = envValue(env.STRIPE_SECRET_KEY);
    const publishableKey = envValue(env.STRIPE_PUBLISHABLE_KEY);
    if (!secretKey) problems.push('STRIPE_SECRET_KEY: required when PAYMENTS_PROVIDER is stripe');
    else if (!/^(sk|rk)_(live|test)_\S+$/.test(secretKey)) problems.push('STRIPE_SECRET_KEY: must be a sk_live_/sk_test_ (or rk_) key');
    if (!publishableKey) problems.push('STRIPE_PUBLISHABLE_KEY: required when PAYMENTS_PROVIDER is stripe');
    else if (!/^pk_(live|test)_\S+$/.test(publishableKey)) problems.push('STRIPE_PUBLISHABLE_KEY: must be a pk_live_ or pk_test_ key');
    if (secretKey && publishableKey && secretKey.includes('_live_') !== publishableKey.includes('_live_')) {
      problems.push('STRIPE_PUBLISHABLE_KEY: one key is live and the other test');
    }
    if (!webhookValue) problems.push('PAYMENTS_WEBHOOK_SECRETS: required when PAYMENTS_PROVIDER is stripe');
    const own = readOwnApiProviders(env, null, problems);
    if (problems.length > 0 || !secretKey || !publishableKey) return { problems };
    return { payments: { provider: 'stripe', secretKey, publishableKey, webhookSecrets, ...own }, problems };
  }

  for (const name of STRIPE_VARIABLES) if (envValue(env[name])) problems.push(`${name}: set while PAYMENTS_PROVIDER is sandbox (set PAYMENTS_PROVIDER=stripe)`);
  const defaults = DEFAULT_SANDBOX_PAYMENTS;
  const sandboxUrl = envValue(env.PAYMENTS_SANDBOX_URL) ?? defaults.sandboxUrl;
  const secretKey = envValue(env.PAYMENTS_SANDBOX_SECRET_KEY) ?? defaults.secretKey;
  const publishableKey = envValue(env.PAYMENTS_SANDBOX_PUBLISHABLE_KEY) ?? defaults.publishableKey;
  if (!/^https?:\/\/[^/\s]+\/?$/.test(sandboxUrl)) problems.push('PAYMENTS_SANDBOX_URL: must be an origin like http://127.0.0.1:3200');
  if (!/^sk_test_\S+$/.test(secretKey)) problems.push('PAYMENTS_SANDBOX_SECRET_KEY: must be a sk_test_… key');
  if (!/^pk_test_\S+$/.test(publishableKey)) problems.push('PAYMENTS_SANDBOX_PUBLISHABLE_KEY: must be a pk_test_… key');
  const origin = sandboxUrl.replace(/\/$/, '');
  const own = readOwnApiProviders(env, origin, problems);
  if (problems.length > 0) return { problems };
  return {
    payments: { provider: 'sandbox', sandboxUrl: origin, secretKey, publishableKey, webhookSecrets: webhookValue ? webhookSecrets : defaults.webhookSecrets, ...own },
    problems,
  };
}
