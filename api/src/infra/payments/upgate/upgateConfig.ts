import { readProviderConfig } from '../providerConfig';

/**
 * Where the API finds UpGate (UpGate's API, or the payments sandbox's) and the merchant's credentials:
 * PaymentsConfig.upgate, read from UPGATE_URL, UPGATE_API_KEY (sent as `X-Api-Key` on every call) and
 * UPGATE_SECRET_KEY (the secret key UpGate provides for the postbacks' HMAC-SHA256 signature). UpGate takes no
 * notification URL with a payment: the postback URL is the merchant account's (set at registration or in UpGate's
 * back office), pointing at the API's UPGATE_POSTBACK_PATH.
 */
export interface UpgateConfig {
  /** https://api.upgate.com (https://api.sandbox.upgate.com for UpGate's own sandbox), or the payments sandbox; the API is under /v1. */
  url: string;
  apiKey: string;
  secretKey: string;
}

/** The sandbox's UpGate merchant (payments-sandbox/src/upgate/upgateApi.ts DEFAULT_UPGATE). */
export const SANDBOX_UPGATE_KEYS = {
  apiKey: 'sandbox_upgate_api_key_fable',
  secretKey: 'sandbox_upgate_secret_key_fable',
} as const;
export const UPGATE_LIVE_URL = 'https://api.upgate.com';

/**
 * The two credentials together (UPGATE_URL optional: UpGate's own, or the sandbox's with the sandbox provider), or
 * none: the sandbox's UpGate on the sandbox provider, else none (UpGate's methods then answer 503). One without the
 * other, or a URL that is not an origin: problems naming each variable (providerConfig.ts).
 */
export function readUpgateConfig(env: NodeJS.ProcessEnv, sandboxUrl: string | null): { upgate: UpgateConfig | null; problems: string[] } {
  const read = readProviderConfig(env, sandboxUrl, {
    urlVariable: 'UPGATE_URL',
    liveUrl: UPGATE_LIVE_URL,
    variables: { apiKey: 'UPGATE_API_KEY', secretKey: 'UPGATE_SECRET_KEY' },
    sandbox: { ...SANDBOX_UPGATE_KEYS },
  });
  return { upgate: read.problems.length > 0 ? null : read.config, problems: read.problems };
}
