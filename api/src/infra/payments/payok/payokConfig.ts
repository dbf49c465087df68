import { readProviderConfig } from '../providerConfig';

/**
 * Where the API finds PayOK (PayOK itself, or the payments sandbox's) and the merchant's credentials:
 * PaymentsConfig.payok, read from PAYOK_URL, PAYOK_SHOP_ID (the shop's number, `shop` of each link and notification),
 * PAYOK_SECRET_KEY (the shop's secret key: it signs each link and each notification), PAYOK_API_ID and PAYOK_API_KEY
 * (the account's API key pair, for the status read of /api/transaction). PayOK takes no notification URL with a
 * payment: it is the shop's setting at PayOK, pointing at the API's PAYOK_NOTIFY_PATH.
 */
export interface PayokConfig {
  /** https://payok.io, or the payments sandbox: the payment links go to `${url}/pay`, the API calls to `${url}/api/…`. */
  url: string;
  shopId: string;
  secretKey: string;
  apiId: string;
  apiKey: string;
}

/** The sandbox's PayOK shop (payments-sandbox/src/payok/payokApi.ts DEFAULT_PAYOK). */
export const SANDBOX_PAYOK_KEYS = {
  shopId: '4242',
  secretKey: 'sandbox_payok_secret_fable',
  apiId: '1001',
  apiKey: 'sandbox_payok_api_key_fable',
} as const;
export const PAYOK_LIVE_URL = 'https://payok.io';

/**
 * The four credentials together (PAYOK_URL optional: PayOK's own, or the sandbox's with the sandbox provider), or
 * none: the sandbox's PayOK on the sandbox provider, else none (PayOK then answers 503). Some without the others, a URL
 * that is not an origin, or a shop id or API id that is not a number (PayOK's are integers): problems naming each
 * variable (providerConfig.ts).
 */
export function readPayokConfig(env: NodeJS.ProcessEnv, sandboxUrl: string | null): { payok: PayokConfig | null; problems: string[] } {
  const read = readProviderConfig(env, sandboxUrl, {
    urlVariable: 'PAYOK_URL',
    liveUrl: PAYOK_LIVE_URL,
    variables: { shopId: 'PAYOK_SHOP_ID', secretKey: 'PAYOK_SECRET_KEY', apiId: 'PAYOK_API_ID', apiKey: 'PAYOK_API_KEY' },
    sandbox: { ...SANDBOX_PAYOK_KEYS },
  });
  const problems = [...read.problems];
  if (read.config && !/^\d+$/.test(read.config.shopId)) problems.push('PAYOK_SHOP_ID: must be the shop number (its ID in the PayOK cabinet)');
  if (read.config && !/^\d+$/.test(read.config.apiId)) problems.push('PAYOK_API_ID: must be the API key number (its ID in the PayOK cabinet)');
  return { payok: problems.length > 0 ? null : read.config, problems };
}
