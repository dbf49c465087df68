import type { PaymentsConfig } from '../../../infra/payments/paymentsConfig';
import { envValue } from '../../../infra/envValue';

/**
 * Where the API finds SubscribeStar (or our sandbox of it) and its OAuth client: AppConfig.subscribeStar, read from
 * SUBSCRIBESTAR_URL, SUBSCRIBESTAR_CLIENT_ID and SUBSCRIBESTAR_CLIENT_SECRET by loadConfig (config.ts).
 */
export interface SubscribeStarConfig {
  /** The provider's origin: https://www.subscribestar.com, or the payments sandbox. */
  url: string;
  clientId: string;
  clientSecret: string;
}

/** The sandbox SubscribeStar's client (payments-sandbox/src/subscribestar/subscribeStarConfig.ts defaults). */
export const SANDBOX_SUBSCRIBESTAR_CLIENT = { clientId: 'fable_subscribestar_sandbox', clientSecret: 'fable_subscribestar_sandbox_secret' } as const;

const VARIABLES = ['SUBSCRIBESTAR_URL', 'SUBSCRIBESTAR_CLIENT_ID', 'SUBSCRIBESTAR_CLIENT_SECRET'] as const;

/** Without SUBSCRIBESTAR_*: the payments sandbox's SubscribeStar (same server, default client) when payments run on the sandbox, else none. */
export function defaultSubscribeStar(payments: PaymentsConfig | undefined): SubscribeStarConfig | null {
  if (payments !== undefined && payments.provider !== 'sandbox') return null;
  return { url: payments?.sandboxUrl ?? 'http://127.0.0.1:3200', ...SANDBOX_SUBSCRIBESTAR_CLIENT };
}

/**
 * The three SUBSCRIBESTAR_* variables together, or none: then defaultSubscribeStar (null: not configured, linking
 * answers 503). Some but not all, or a URL that is not an origin: problems naming each variable, which loadConfig
 * turns into a ConfigError (a half-configured provider never starts).
 */
export function readSubscribeStarConfig(env: NodeJS.ProcessEnv, payments: PaymentsConfig | undefined): { subscribeStar?: SubscribeStarConfig | null; problems: string[] } {
  const set = VARIABLES.filter((name) => envValue(env[name]) !== undefined);
  if (set.length === 0) return { subscribeStar: defaultSubscribeStar(payments), problems: [] };
  if (set.length < VARIABLES.length) {
    const missing = VARIABLES.filter((name) => !set.includes(name));
    return { problems: missing.map((name) => `${name}: required with ${set.join(', ')}`) };
  }
  const url = envValue(env.SUBSCRIBESTAR_URL) as string;
  if (!/^https?:\/\/[^/\s]+\/?$/.test(url)) return { problems: ['SUBSCRIBESTAR_URL: must be an origin like https://www.subscribestar.com'] };
  return {
    subscribeStar: { url: url.replace(/\/$/, ''), clientId: envValue(env.SUBSCRIBESTAR_CLIENT_ID) as string, clientSecret: envValue(env.SUBSCRIBESTAR_CLIENT_SECRET) as string },
    problems: [],
  };
}

/** The configuration's SubscribeStar; unset (tests' configs), the default for its payments. */
export function subscribeStarConfigOf(config: { subscribeStar?: SubscribeStarConfig | null; payments?: PaymentsConfig }): SubscribeStarConfig | null {
  return config.subscribeStar !== undefined ? config.subscribeStar : defaultSubscribeStar(config.payments);
}
