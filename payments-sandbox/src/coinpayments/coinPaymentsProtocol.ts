// CoinPayments' legacy merchant API as its documentation gives it (https://www.coinpayments.net/apidoc and
// /merchant-tools-ipn): form-encoded POSTs to /api.php with version=1, key (the public key), cmd and format=json,
// signed in the `HMAC` header (hex HMAC-SHA512 of the raw body with the private key); JSON answers
// `{ error: 'ok', result }`, any other `error` being the refusal in words; IPNs to the merchant's IPN URL, form-encoded,
// signed the same way with the IPN secret.
import { createHmac } from 'node:crypto';

/** The `HMAC` header of a call (private key) or an IPN (IPN secret). */
export const coinPaymentsHmac = (secret: string, rawBody: string): string => createHmac('sha512', secret).update(rawBody, 'utf8').digest('hex');

/** CoinPayments' words for what the sandbox refuses (the `error` of the answer). */
export const ERRORS = {
  noHmac: 'No HMAC signature sent.',
  badHmac: 'HMAC signature does not match',
  badKey: 'Invalid API public key passed!',
  badVersion: 'Invalid API version - no version passed or version not supported!',
  badFormat: 'Invalid format - the sandbox answers format=json only',
  badCommand: 'Invalid command!',
  badAmount: 'Invalid amount!',
  badCurrency1: 'Invalid currency1!',
  badCurrency2: 'Invalid currency2 - the coin is not accepted!',
  noEmail: 'buyer_email is required!',
  badUrl: 'Invalid URL - ipn_url, success_url and cancel_url must be http(s) URLs',
  badTxid: 'Invalid transaction ID!',
} as const;

/** Statuses the sandbox gives a payment (the IPN's and get_tx_info's `status`, `status_text`). */
export const STATUS = {
  waiting: { status: 0, text: 'Waiting for buyer funds...' },
  complete: { status: 100, text: 'Complete' },
  cancelled: { status: -1, text: 'Cancelled / Timed Out' },
} as const;

/** The coins the sandbox's merchant accepts, and how much of each one unit of any price currency buys (fixed rates). */
export const COIN_RATES: Record<string, number> = { LTCT: 0.01, BTC: 0.00001, LTC: 0.01, ETH: 0.0003, 'USDT.TRC20': 1 };

/** An amount in the price currency: major units, at most two decimals once trailing zeros are dropped ("15", "15.00000000"). */
export const AMOUNT = /^\d{1,9}(\.\d{1,2}0*)?$/;
export { toAmount, toMinor } from '../protocol/amounts';
/** An amount of coin, with CoinPayments' eight decimals. */
export const coinAmount = (minor: number, coin: string): string => ((minor / 100) * (COIN_RATES[coin] ?? 1)).toFixed(8);
