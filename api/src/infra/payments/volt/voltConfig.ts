import { envValue } from '../../envValue';
import { readProviderConfig } from '../providerConfig';

/**
 * Where the API finds Volt (or the payments sandbox's Volt) and the merchant's credentials: PaymentsConfig.volt, read
 * from VOLT_URL, VOLT_CLIENT_ID and VOLT_CLIENT_SECRET (the application made in Fuzebox, Volt's merchant portal),
 * VOLT_USERNAME and VOLT_PASSWORD (the API user of Fuzebox's merchant credentials: Volt's OAuth is a password grant
 * with the client's id and secret), VOLT_NOTIFICATION_SECRET (the application's notification secret: it signs each
 * notification) and VOLT_NOTIFICATION_URL (sent as each payment's notificationUrl; unset: the notification URL of the
 * application's settings in Fuzebox, pointing at the API's VOLT_NOTIFY_PATH).
 */
export interface VoltConfig {
  /** https://api.volt.io (https://api.sandbox.volt.io for Volt's own sandbox), or the payments sandbox. */
  url: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  notificationSecret: string;
  notificationUrl: string | null;
}

/** The sandbox's Volt merchant (payments-sandbox/src/volt/voltApi.ts DEFAULT_VOLT). */
export const SANDBOX_VOLT_KEYS = {
  clientId: 'sandbox_volt_client_fable',
  clientSecret: 'sandbox_volt_client_secret_fable',
  username: 'api@fable.example',
  password: 'sandbox_volt_password_fable',
  notificationSecret: 'sandbox_volt_notification_secret_fable',
} as const;
export const VOLT_LIVE_URL = 'https://api.volt.io';

/**
 * The five credentials together (VOLT_URL optional: Volt's own, or the sandbox's with the sandbox provider), or none:
 * the sandbox's Volt on the sandbox provider, else none (Volt then answers 503). Some without the others, a URL that
 * is not an origin, or a notification URL that is not http(s): problems naming each variable (providerConfig.ts).
 */
export function readVoltConfig(env: NodeJS.ProcessEnv, sandboxUrl: string | null): { volt: VoltConfig | null; problems: string[] } {
  const notificationUrl = envValue(env.VOLT_NOTIFICATION_URL) ?? null;
  const read = readProviderConfig(env, sandboxUrl, {
    urlVariable: 'VOLT_URL',
    liveUrl: VOLT_LIVE_URL,
    variables: {
      clientId: 'VOLT_CLIENT_ID',
      clientSecret: 'VOLT_CLIENT_SECRET',
      username: 'VOLT_USERNAME',
      password: 'VOLT_PASSWORD',
      notificationSecret: 'VOLT_NOTIFICATION_SECRET',
    },
    sandbox: { ...SANDBOX_VOLT_KEYS },
  });
  const problems = [...read.problems];
  if (notificationUrl !== null && !/^https?:\/\/\S+$/.test(notificationUrl)) problems.push('VOLT_NOTIFICATION_URL: must be an http(s) URL');
  if (problems.length > 0 || !read.config) return { volt: null, problems };
  return { volt: { ...read.config, notificationUrl }, problems };
}
