import { envValue } from '../../envValue';
import { readProviderConfig } from '../providerConfig';

/**
 * Where the API finds Directa24 (D24's Deposits API v3, or the payments sandbox's) and the merchant's credentials:
 * PaymentsConfig.directa24, read from D24_URL, D24_API_KEY (the deposit credentials' API Key, sent as `X-Login`),
 * D24_API_SIGNATURE (the deposit credentials' API Signature: the HMAC key of each call's `Authorization: D24 …`), both
 * from D24's Merchant Panel (Settings → API Access → Deposit credentials), and D24_NOTIFICATION_URL (sent as each
 * deposit's notification_url; unset: the Confirm URL of the Merchant Panel's settings, pointing at the API's
 * D24_NOTIFY_PATH).
 */
export interface D24Config {
  /** https://api.directa24.com (https://api-stg.directa24.com for D24's staging), or the payments sandbox. */
  url: string;
  apiKey: string;
  apiSignature: string;
  notificationUrl: string | null;
}

/** The sandbox's D24 merchant (payments-sandbox/src/directa24/d24Api.ts DEFAULT_D24). */
export const SANDBOX_D24_KEYS = {
  apiKey: 'sandbox_d24_login_fable',
  apiSignature: 'sandbox_d24_api_signature_fable',
} as const;
export const D24_LIVE_URL = 'https://api.directa24.com';

/**
 * The two credentials together (D24_URL optional: D24's own, or the sandbox's with the sandbox provider), or none:
 * the sandbox's D24 on the sandbox provider, else none (Directa24 then answers 503). One without the other, a URL that
 * is not an origin, or a notification URL that is not http(s): problems naming each variable (providerConfig.ts).
 */
export function readD24Config(env: NodeJS.ProcessEnv, sandboxUrl: string | null): { directa24: D24Config | null; problems: string[] } {
  const notificationUrl = envValue(env.D24_NOTIFICATION_URL) ?? null;
  const read = readProviderConfig(env, sandboxUrl, {
    urlVariable: 'D24_URL',
    liveUrl: D24_LIVE_URL,
    variables: { apiKey: 'D24_API_KEY', apiSignature: 'D24_API_SIGNATURE' },
    sandbox: { ...SANDBOX_D24_KEYS },
  });
  const problems = [...read.problems];
  if (notificationUrl !== null && !/^https?:\/\/\S+$/.test(notificationUrl)) problems.push('D24_NOTIFICATION_URL: must be an http(s) URL');
  if (problems.length > 0 || !read.config) return { directa24: null, problems };
  return { directa24: { ...read.config, notificationUrl }, problems };
}
