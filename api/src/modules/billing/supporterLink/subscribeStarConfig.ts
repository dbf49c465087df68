import { ConfigError, type AppConfig } from '../../../config';

/** Where the API finds SubscribeStar (or our sandbox of it) and its OAuth client. */
export interface SubscribeStarConfig {
  /** The provider's origin: https://www.subscribestar.com, or the payments sandbox. */
  url: string;
  clientId: string;
  clientSecret: string;
}

declare module '../../../config' {
  interface AppConfig {
    /**
     * SubscribeStar linking (SUBSCRIBESTAR_URL, SUBSCRIBESTAR_CLIENT_ID, SUBSCRIBESTAR_CLIENT_SECRET; see
     * modules/billing/supporterLink). null: not configured (linking answers 503). Unset: read from the environment
     * when the billing routes start.
     */
    subscribeStar?: SubscribeStarConfig | null;
  }
}

/** The sandbox SubscribeStar's client (payments-sandbox/src/subscribestar/subscribeStarConfig.ts defaults). */
export const SANDBOX_SUBSCRIBESTAR_CLIENT = { clientId: 'fable_subscribestar_sandbox', clientSecret: 'fable_subscribestar_sandbox_secret' } as const;

const VARIABLES = ['SUBSCRIBESTAR_URL', 'SUBSCRIBESTAR_CLIENT_ID', 'SUBSCRIBESTAR_CLIENT_SECRET'] as const;
const value = (env: NodeJS.ProcessEnv, name: string) => (env[name]?.trim() ? env[name]?.trim() : undefined);

/**
 * The three SUBSCRIBESTAR_* variables together, or none: then the payments sandbox's SubscribeStar (same server,
 * default client) when payments run on the sandbox, else not configured (null). Some but not all: a ConfigError
 * naming the missing ones (a half-configured provider never starts).
 */
export function readSubscribeStarConfig(env: NodeJS.ProcessEnv, payments: AppConfig['payments']): SubscribeStarConfig | null {
  const set = VARIABLES.filter((name) => value(env, name) !== undefined);
  if (set.length === 0) {
    const sandboxUrl = payments === undefined || payments.provider === 'sandbox' ? (payments?.sandboxUrl ?? 'http://127.0.0.1:3200') : null;
    return sandboxUrl ? { url: sandboxUrl, ...SANDBOX_SUBSCRIBESTAR_CLIENT } : null;
  }
  if (set.length < VARIABLES.length) {
    const missing = VARIABLES.filter((name) => !set.includes(name));
    throw new ConfigError(`Invalid environment: ${missing.map((name) => `${name}: required with ${set.join(', ')}`).join('; ')}`);
  }
  const url = value(env, 'SUBSCRIBESTAR_URL') as string;
  if (!/^https?:\/\/[^/\s]+\/?$/.test(url)) throw new ConfigError('Invalid environment: SUBSCRIBESTAR_URL: must be an origin like https://www.subscribestar.com');
  return { url: url.replace(/\/$/, ''), clientId: value(env, 'SUBSCRIBESTAR_CLIENT_ID') as string, clientSecret: value(env, 'SUBSCRIBESTAR_CLIENT_SECRET') as string };
}

/** The configuration's SubscribeStar, else the environment's. */
export function subscribeStarConfigOf(config: AppConfig, env: NodeJS.ProcessEnv = process.env): SubscribeStarConfig | null {
  return config.subscribeStar !== undefined ? config.subscribeStar : readSubscribeStarConfig(env, config.payments);
}
