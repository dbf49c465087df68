import { ManualRefundRequiredError, ProviderNoticeError, WebhookSignatureError, type RedirectSessionStatus } from '../paymentsGateway';
import { formOf, headerOf, hmacHex, minorOfAmount, postToProvider, redirectEventOf, signaturesMatch, toAmount } from '../providerApi';
import type { RedirectProviderClient } from '../redirectProviders';
import type { CoinPaymentsConfig } from './coinPaymentsConfig';

/**
 * CoinPayments' legacy merchant API as its documentation gives it (https://www.coinpayments.net/apidoc,
 * /apidoc-create-transaction, /apidoc-get-tx-info, /merchant-tools-ipn):
 *
 * - Calls: `POST <url>/api.php`, form-encoded, with `version=1`, `key` (the public key), `cmd`, `format=json` and the
 *   command's fields; header `HMAC` = the hex HMAC-SHA512 of the exact raw body with the private key. The answer is
 *   JSON `{ error, result }`: `error` is "ok" on success, else the reason in words ("HMAC signature does not match",
 *   "Invalid command!", …), which is a refusal.
 * - `create_transaction`: `amount` in `currency1` (our price currency), `currency2` (the coin the buyer sends),
 *   `buyer_email` (required), `item_name`, `invoice` (our order id), `custom` (our member id), `ipn_url`,
 *   `success_url`, `cancel_url` → `{ txn_id, checkout_url, status_url, qrcode_url, address, amount (in the coin),
 *   confirms_needed, timeout }`. No idempotency key: a repeated call makes another transaction (an unpaid one expires
 *   at its `timeout`; only the transaction the order recorded can pay it).
 * - `get_tx_info` (`txid`, `full=1`) → `{ status, status_text, amountf, … , checkout: { currency, amountf, invoice,
 *   custom } }`.
 * - Statuses: < 0 cancelled or timed out (-1) or reversed; 0–99 pending (0 waiting for funds, 1 funds seen, …);
 *   100 complete, and 2 (queued for nightly payout) counts as complete too.
 * - IPN: a form POST to the ipn_url (or the merchant's settings' IPN URL), header `HMAC` = hex HMAC-SHA512 of the raw
 *   body with the IPN secret; `ipn_version=1.0`, `ipn_type=api`, `ipn_mode=hmac`, `ipn_id`, `merchant` (ours),
 *   `txn_id`, `status`, `status_text`, `currency1`, `amount1`, `currency2`, `amount2`, `invoice`, `custom`. Retried
 *   up to 10 times until the merchant answers 2xx, not necessarily in order: kept once per ipn_id, and the order is
 *   paid once however many IPNs say complete.
 * - No refund call exists: a payment is paid back by hand from CoinPayments' dashboard (ManualRefundRequiredError).
 */

/** The checkout's page name for CoinPayments (document 2 §7; no payment options). */
export const COINPAYMENTS_PAGE = 'coinpayments';
export const isCoinPaymentsPage = (provider: string): boolean => provider === COINPAYMENTS_PAGE;

/** The `HMAC` header of a call (private key) or an IPN (IPN secret): hex HMAC-SHA512 of the raw body. */
export const coinPaymentsHmac = (secret: string, rawBody: string): string => hmacHex('sha512', secret, rawBody);

/** CoinPayments answered an `error` other than "ok" (its words): a bug of ours or a call it will not make. */
export class CoinPaymentsRefusal extends Error {
  constructor(readonly error: string) {
    super(`CoinPayments refused: ${error}`);
    this.name = 'CoinPaymentsRefusal';
  }
}

/** A payment's numeric status as a redirect session's: complete at 100 and above, and at 2 (queued for payout). */
export function coinPaymentsStatus(status: number): RedirectSessionStatus {
  if (status >= 100 || status === 2) return 'completed';
  if (status < 0) return 'canceled';
  return 'open';
}

interface TransactionInfo {
  status: number;
  status_text: string;
  checkout?: { currency?: string; amountf?: string; invoice?: string; custom?: string };
}

/** CoinPayments' calls as a redirect provider's (redirectProviders.ts); it has no refund call. */
export function createCoinPaymentsClient(config: CoinPaymentsConfig): RedirectProviderClient {
  async function call<T>(cmd: string, fields: Record<string, string>): Promise<T> {
    const body = new URLSearchParams({ version: '1', key: config.publicKey, cmd, format: 'json', ...fields }).toString();
    const answer = await postToProvider<{ error?: string; result?: T }>('CoinPayments', `${config.url}/api.php`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', hmac: coinPaymentsHmac(config.privateKey, body) },
      body,
    });
    if (answer.error !== 'ok' || answer.result === undefined) throw new CoinPaymentsRefusal(answer.error ?? 'no error text');
    return answer.result;
  }

  return {
    async create(input) {
      const orderId = input.metadata.order_id;
      if (!orderId || !input.buyerEmail) throw new Error('CoinPayments: a payment needs the order id and the buyer email');
      const made = await call<{ txn_id: string; checkout_url: string }>('create_transaction', {
        amount: toAmount(input.amountMinor),
        currency1: input.currency.toUpperCase(),
        currency2: config.coin,
        buyer_email: input.buyerEmail,
        item_name: `Fable ${input.metadata.plan_id ?? 'subscription'}`,
        invoice: orderId,
        custom: input.metadata.user_id ?? '',
        ...(config.ipnUrl ? { ipn_url: config.ipnUrl } : {}),
        success_url: input.returnUrl,
        cancel_url: input.cancelUrl,
      });
      return { sessionId: made.txn_id, url: made.checkout_url };
    },

    async details(session) {
      const info = await call<TransactionInfo>('get_tx_info', { txid: session.sessionId, full: '1' });
      const metadata: Record<string, string> = { order_id: info.checkout?.invoice ?? '' };
      if (info.checkout?.custom) metadata.user_id = info.checkout.custom;
      return { status: coinPaymentsStatus(Number(info.status)), amountMinor: minorOfAmount(info.checkout?.amountf) ?? 0, currency: (info.checkout?.currency ?? '').toUpperCase(), metadata };
    },

    refund(session) {
      return Promise.reject(
        new ManualRefundRequiredError(
          `CoinPayments has no refund call: refund the payment ${session.sessionId} of order ${session.orderId} by hand from the CoinPayments dashboard`,
        ),
      );
    },

    notification(notice, receivedAt) {
      const hmac = headerOf(notice, 'hmac');
      if (!hmac) throw new WebhookSignatureError('No HMAC signature sent');
      if (!signaturesMatch(hmac, coinPaymentsHmac(config.ipnSecret, notice.rawBody))) throw new WebhookSignatureError('The CoinPayments IPN HMAC signature does not match');
      const form = formOf(notice);
      if (form.ipn_mode !== 'hmac') throw new ProviderNoticeError(`ipn_mode must be hmac, not ${form.ipn_mode ?? 'missing'}`);
      if (form.merchant !== config.merchantId) throw new ProviderNoticeError('The IPN is for another merchant');
      if (form.ipn_type !== 'api') throw new ProviderNoticeError(`ipn_type ${form.ipn_type ?? 'missing'} is not a payment made through the API`);
      const status = Number(form.status);
      const amountMinor = minorOfAmount(form.amount1);
      if (!form.ipn_id || !form.txn_id || !form.invoice || !form.currency1 || form.status === undefined || !/^-?\d+$/.test(form.status)) {
        throw new ProviderNoticeError('The IPN lacks ipn_id, txn_id, invoice, currency1 or a numeric status');
      }
      if (amountMinor === null) throw new ProviderNoticeError(`amount1 is not an amount in cents: ${form.amount1 ?? 'missing'}`);
      const sessionStatus = coinPaymentsStatus(status);
      const metadata: Record<string, string> = { order_id: form.invoice };
      if (form.custom) metadata.user_id = form.custom;
      return redirectEventOf(
        'coinpayments',
        // one event per IPN (its ipn_id: a retry of it is the same event); two IPNs of one outcome (2, then 100) complete once
        {
          id: form.txn_id,
          status: sessionStatus,
          state: sessionStatus === 'completed' ? 'complete' : sessionStatus === 'canceled' ? 'cancelled' : `status_${status}`,
          notice: form.ipn_id,
          amountMinor,
          currency: form.currency1,
          metadata,
        },
        receivedAt,
      );
    },
  };
}
