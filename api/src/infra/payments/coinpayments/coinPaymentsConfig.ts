import { envValue } from '../../envValue';
import { readProviderConfig } from '../providerConfig';

/**
 * Where the API finds CoinPayments (or the payments sandbox's CoinPayments) and the merchant's credentials:
 * PaymentsConfig.coinPayments, read from COINPAYMENTS_URL, COINPAYMENTS_PUBLIC_KEY, COINPAYMENTS_PRIVATE_KEY (the API
 * key pair of the merchant's API Keys page: the private key signs each call), COINPAYMENTS_IPN_SECRET (the IPN Secret
 * of the merchant's settings: it signs each IPN), COINPAYMENTS_MERCHANT_ID (every IPN names it), COINPAYMENTS_COIN (the
 * coin the buyer sends, create_transaction's currency2; default BTC) and COINPAYMENTS_IPN_URL (sent as each payment's
 * ipn_url; unset: the IPN URL of the merchant's settings, pointing at the API's COINPAYMENTS_IPN_PATH).
 */
export interface CoinPaymentsConfig {
  /** https://www.coinpayments.net, or the payments sandbox; the calls go to `${url}/api.php`. */
  url: string;
  publicKey: string;
  privateKey: string;
  ipnSecret: string;
  merchantId: string;
  /** currency2 of create_transaction: the coin the buyer pays with (the price stays in the order's currency). */
  coin: string;
  ipnUrl: string | null;
}

/** The sandbox's CoinPayments merchant (payments-sandbox/src/coinpayments/coinPaymentsApi.ts DEFAULT_COINPAYMENTS). */
export const SANDBOX_COINPAYMENTS_KEYS = {
  publicKey: 'sandbox_coinpayments_public_fable',
  privateKey: 'sandbox_coinpayments_private_fable',
  ipnSecret: 'sandbox_coinpayments_ipn_secret_fable',
  merchantId: 'sandbox_coinpayments_merchant_fable',
} as const;
export const COINPAYMENTS_LIVE_URL = 'https://www.coinpayments.net';
/** CoinPayments' test coin (Litecoin Testnet) in the sandbox; Bitcoin otherwise. */
const SANDBOX_COIN = 'LTCT';
const LIVE_COIN = 'BTC';

/**
 * The four credentials together (COINPAYMENTS_URL optional: CoinPayments' own, or the sandbox's with the sandbox
 * provider), or none: the sandbox's CoinPayments on the sandbox provider, else none (CoinPayments then answers 503).
 * Some credentials without the others, a URL that is not an origin, an IPN URL that is not http(s), or a coin that is
 * not a ticker: problems naming each variable (providerConfig.ts).
 */
export function readCoinPaymentsConfig(env: NodeJS.ProcessEnv, sandboxUrl: string | null): { coinPayments: CoinPaymentsConfig | null; problems: string[] } {
  const ipnUrl = envValue(env.COINPAYMENTS_IPN_URL) ?? null;
  const coin = envValue(env.COINPAYMENTS_COIN);
  const read = readProviderConfig(env, sandboxUrl, {
    urlVariable: 'COINPAYMENTS_URL',
    liveUrl: COINPAYMENTS_LIVE_URL,
    variables: { publicKey: 'COINPAYMENTS_PUBLIC_KEY', privateKey: 'COINPAYMENTS_PRIVATE_KEY', ipnSecret: 'COINPAYMENTS_IPN_SECRET', merchantId: 'COINPAYMENTS_MERCHANT_ID' },
    sandbox: { ...SANDBOX_COINPAYMENTS_KEYS },
  });
  const problems = [...read.problems];
  if (ipnUrl !== null && !/^https?:\/\/\S+$/.test(ipnUrl)) problems.push('COINPAYMENTS_IPN_URL: must be an http(s) URL');
  if (coin !== undefined && !/^[A-Z0-9]{2,12}(\.[A-Z0-9]{2,12})?$/.test(coin)) problems.push('COINPAYMENTS_COIN: must be a coin ticker like BTC, LTC or USDT.TRC20');
  if (problems.length > 0 || !read.config) return { coinPayments: null, problems };
  // the sandbox's own CoinPayments (its address, no COINPAYMENTS_URL) is paid in its test coin
  const sandboxCoin = sandboxUrl !== null && read.givenUrl === undefined;
  return { coinPayments: { ...read.config, coin: coin ?? (sandboxCoin ? SANDBOX_COIN : LIVE_COIN), ipnUrl }, problems };
}
