// PayOK's protocol as its documentation (payok.io/cabinet/documentation: doc_main.php, doc_sendback.php,
// doc_api_transaction) and its public SDKs (kravetsone/payok, Badiboy/pyPayokAPI) give it. There is no create call:
// the merchant links the payer to `/pay` with the payment's fields and `sign`; PayOK posts a notification, signed the
// other way round, to the URL of the shop's settings once the payment is paid; `POST /api/transaction` (API_ID,
// API_KEY) reads the shop's transactions. What the sources do not settle is said where it is used.
import { md5OfParts } from '../protocol/md5';

/** The link's fields its sign covers. */
export interface LinkFields {
  amount: string;
  payment: string;
  shop: string;
  currency: string;
  desc: string;
}

/** The link's `sign`: md5 of amount|payment|shop|currency|desc|secret, lower-case hex. */
export const linkSignature = (secret: string, f: LinkFields): string => md5OfParts([f.amount, f.payment, f.shop, f.currency, f.desc, secret]);

/** The notification's `sign`: md5 of secret|desc|currency|shop|payment_id|amount (the link's order reversed, payment_id for payment). */
export const notificationSignature = (secret: string, f: { desc: string; currency: string; shop: string; payment_id: string; amount: string }): string =>
  md5OfParts([secret, f.desc, f.currency, f.shop, f.payment_id, f.amount]);

/** The currencies a link may name (the docs' list; RUB when none is given, as the docs and kravetsone/payok say). */
export const CURRENCIES = ['RUB', 'UAH', 'USD', 'EUR'] as const;
export const DEFAULT_CURRENCY = 'RUB';

/**
 * The merchant's payment id: kravetsone/payok says "up to 16 characters (a-z0-9-_)", pyPayokAPI "up to 36"; the
 * sandbox holds to the stricter one (capitals allowed: which case PayOK takes is not said).
 */
export const PAYMENT_ID = /^[A-Za-z0-9_-]{1,16}$/;

/** An amount in major units, at most two decimals. */
export const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * A transaction's `transaction_status`: 0 waiting, 1 paid (both in the docs' examples), 2 failed (pyPayokAPI's
 * PaymentStatus; the sandbox's for a payer who cancels on its page).
 */
export const TRANSACTION_STATUS = { waiting: '0', paid: '1', failed: '2' } as const;

/** The sandbox's commission (its own figure): `profit` and `amount_profit` are the amount less it. */
export const COMMISSION_PERCENT = 3.5;

/**
 * `POST /api/transaction`'s refusals: `{ status: 'error', text, error_code }`. 10 "No transactions" is pyPayokAPI's
 * reading of PayOK's answer for a shop or payment without any; the other codes and every text are the sandbox's own.
 */
export const API_ERRORS = {
  badKey: { error_code: '1', text: 'Invalid API_ID or API_KEY' },
  badShop: { error_code: '2', text: 'Shop not found' },
  noTransactions: { error_code: '10', text: 'No transactions' },
} as const;

/** The payment link's refusals (a page, 400), in the sandbox's words: what PayOK's page says is not documented. */
export const LINK_ERRORS = {
  missing: (name: string) => `The payment link lacks ${name}`,
  badShop: 'Shop not found',
  badCurrency: `currency must be one of ${CURRENCIES.join(', ')}`,
  badAmount: 'amount must be a positive amount with at most two decimals',
  badPayment: 'payment must be 1 to 16 characters: letters, digits, - and _',
  badUrl: 'success_url must be an http(s) URL',
  badSign: 'Invalid signature',
  paymentUsed: (payment: string) => `payment ${payment} is already used for another amount, currency or description`,
} as const;

/** A date as PayOK writes it ("2026-12-06 12:00:00"; the sandbox's in UTC, PayOK's time zone is not said). */
export const payokDate = (date: Date): string => date.toISOString().slice(0, 19).replace('T', ' ');
