import { WebhookSignatureError, type RedirectSessionRef, type RedirectSessionStatus } from '../paymentsGateway';
import { formOf, md5OfParts, postToProvider, redirectEventOf, signaturesMatch, toAmount } from '../providerApi';
import type { RedirectProviderClient } from '../redirectProviders';
import { toMinor } from '@fable/rules/billing';
import type { PayssionConfig } from './payssionConfig';

/**
 * Payssion's API as its documentation gives it (https://www.payssion.com/en/docs): POST /api/v1/payment/create,
 * /api/v1/payment/getDetail and /api/v1/refunds, form-encoded and signed with `api_sig` (the MD5 of fixed fields and
 * the secret key joined by '|'), answered in JSON with `result_code` 200 on success; the payment's outcome arrives at
 * the merchant's notify URL, signed with `notify_sig`. Payssion takes no idempotency key: a payment is one per
 * `order_id` (ours), and a create repeated for the same order answers the same payment.
 */

/** Our payment methods (document 2 §7, the checkout's page names) and Payssion's pm_id for each. */
export const PAYSSION_PM_IDS: Record<string, string> = {
  payssion_gcash: 'gcash_ph',
  payssion_paymaya: 'paymaya_ph',
  payssion_russian_card: 'bankcard_ru',
  payssion_sbp: 'sbp_ru',
  payssion_tbank: 'tinkoff_ru',
  payssion_yoomoney: 'yoomoney_ru',
  payssion_sberpay: 'sberpay_ru',
};

export const isPayssionPage = (provider: string): boolean => provider in PAYSSION_PM_IDS;

const SIGNED = {
  create: ['api_key', 'pm_id', 'amount', 'currency', 'order_id'],
  details: ['api_key', 'transaction_id', 'order_id'],
  refund: ['api_key', 'transaction_id', 'amount', 'currency'],
  notify: ['api_key', 'pm_id', 'amount', 'currency', 'order_id', 'state'],
} as const;

/** An amount as Payssion writes it (toAmount: major units with two decimals, "12.50"), and back. */
const minorOf = (amount: string) => toMinor(Number(amount));

/** A payment's state at Payssion as a redirect session's. */
function statusOf(state: string): RedirectSessionStatus {
  if (state === 'completed') return 'completed';
  if (state === 'refunded') return 'refunded';
  if (state === 'cancelled' || state === 'failed' || state === 'expired') return 'canceled';
  return 'open';
}

/** Payssion refused a call (its result_code and description): a bug of ours or a refund it will not make. */
export class PayssionRefusal extends Error {
  constructor(
    readonly resultCode: number,
    message: string,
  ) {
    super(`Payssion refused (${resultCode}): ${message}`);
    this.name = 'PayssionRefusal';
  }
}

interface Transaction {
  transaction_id: string;
  order_id: string;
  pm_id: string;
  state: string;
  amount: string;
  refunded?: string;
  currency: string;
}

/** Payssion's calls as a redirect provider's (redirectProviders.ts); its refund is Payssion's refund call. */
export function createPayssionClient(config: PayssionConfig): RedirectProviderClient {
  async function post<T>(path: string, fields: Record<string, string>, signed: readonly string[]): Promise<T> {
    const form: Record<string, string> = { api_key: config.apiKey, ...fields };
    form.api_sig = md5OfParts([...signed.map((name) => form[name] ?? ''), config.secretKey]);
    const answer = await postToProvider<T & { result_code?: number; description?: string }>('Payssion', `${config.url}${path}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    if (answer.result_code !== 200) throw new PayssionRefusal(answer.result_code ?? 0, answer.description ?? 'no description');
    return answer;
  }

  const detailsOf = async (session: RedirectSessionRef) =>
    (await post<{ transaction: Transaction }>('/api/v1/payment/getDetail', { transaction_id: session.sessionId, order_id: session.orderId }, SIGNED.details)).transaction;

  return {
    async create(input) {
      const pmId = PAYSSION_PM_IDS[input.provider];
      const orderId = input.metadata.order_id;
      if (!pmId || !orderId) throw new Error(`Payssion: no pm_id for ${input.provider}, or no order_id`);
      const made = await post<{ transaction: Transaction; redirect_url: string }>(
        '/api/v1/payment/create',
        {
          pm_id: pmId,
          amount: toAmount(input.amountMinor),
          currency: input.currency.toUpperCase(),
          order_id: orderId,
          description: `Fable ${input.metadata.plan_id ?? 'subscription'}`,
          return_url: input.returnUrl,
        },
        SIGNED.create,
      );
      return { sessionId: made.transaction.transaction_id, url: made.redirect_url };
    },

    async details(session) {
      const transaction = await detailsOf(session);
      return { status: statusOf(transaction.state), amountMinor: minorOf(transaction.amount), currency: transaction.currency.toUpperCase(), metadata: { order_id: transaction.order_id } };
    },

    async refund(session, amountMinor) {
      const transaction = await detailsOf(session);
      const left = minorOf(transaction.amount) - minorOf(transaction.refunded ?? '0');
      if (amountMinor === null && transaction.state === 'refunded') return { refundId: `${transaction.transaction_id}:refunded` };
      const refunded = await post<{ refund: { refund_id: string } }>(
        '/api/v1/refunds',
        { transaction_id: session.sessionId, amount: toAmount(amountMinor ?? left), currency: transaction.currency },
        SIGNED.refund,
      );
      return { refundId: refunded.refund.refund_id };
    },

    notification(notice, receivedAt) {
      const form = formOf(notice);
      const expected = md5OfParts([...SIGNED.notify.map((name) => (name === 'api_key' ? config.apiKey : (form[name] ?? ''))), config.secretKey]);
      if (!signaturesMatch(form.notify_sig, expected)) throw new WebhookSignatureError('The Payssion notify_sig does not verify');
      const state = form.state ?? '';
      return redirectEventOf(
        'payssion',
        // one event per payment and state: a repeated notification is the same event
        { id: form.transaction_id ?? '', status: statusOf(state), state, amountMinor: minorOf(form.amount ?? '0'), currency: form.currency ?? '', metadata: { order_id: form.order_id ?? '' } },
        receivedAt,
      );
    },
  };
}
