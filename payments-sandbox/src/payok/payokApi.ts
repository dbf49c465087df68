// PayOK, served by the sandbox (payokProtocol.ts). No create call: the payer comes with the merchant's link,
// `GET /pay?amount=…&payment=…&shop=…&desc=…&currency=…&sign=…` (or the same fields POSTed as a form), whose sign is
// checked as PayOK checks it (a bad one: a 400 page, nothing made); the first visit makes the payment (a redirect
// session of the sandbox, PayOK's `transaction` number in it) and every visit goes on to the shared hosted page
// /pay/:id (Pay: paid; Cancel: failed, the sandbox's way of showing a payer who gives up). A paid payment is notified,
// form-encoded and signed, to the notify URL of the shop's settings, retried by the shared notifier until the merchant
// answers 2xx with the body `OK`; a failed one is not (PayOK notifies successful payments only). `POST /api/transaction`
// reads the shop's transactions (API_ID, API_KEY). The payer goes back to the link's success_url, paid or not (the
// link has no other return address). No refund call: PayOK has no refund API.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RetryConfig } from '../config';
import { openRedirectSession, type PayokPaymentFields, type RedirectSession } from '../api/objects';
import type { SandboxState } from '../api/state';
import { escapeHtml, sendPage } from '../hosted/html';
import { toAmount, toMinor } from '../protocol/amounts';
import { createMerchantNotifier, type NotificationAttempts } from '../webhooks/merchantNotifier';
import {
  AMOUNT,
  API_ERRORS,
  COMMISSION_PERCENT,
  CURRENCIES,
  DEFAULT_CURRENCY,
  LINK_ERRORS,
  linkSignature,
  notificationSignature,
  PAYMENT_ID,
  payokDate,
  TRANSACTION_STATUS,
} from './payokProtocol';

export interface PayokConfig {
  /** The shop's id (`shop`). */
  shopId: string;
  /** The shop's secret key: it signs the links and the notifications. */
  secretKey: string;
  /** The account's API key pair (`API_ID`, `API_KEY`) for /api/transaction. */
  apiId: string;
  apiKey: string;
  /** The notification URL of the shop's settings; null: payments are not notified. */
  notifyUrl: string | null;
}

export const DEFAULT_PAYOK: PayokConfig = {
  shopId: '4242',
  secretKey: 'sandbox_payok_secret_fable',
  apiId: '1001',
  apiKey: 'sandbox_payok_api_key_fable',
  notifyUrl: null,
};

/** One notification and its attempts (for tests: "notified once per paid payment, retried until answered OK"). */
export interface PayokNotification extends NotificationAttempts {
  payment_id: string;
  transaction: number;
  /** What was posted (signed), and its exact body. */
  form: Record<string, string>;
  rawBody: string;
}

type Form = Record<string, string>;

class LinkRefusal extends Error {}
class ApiRefusal extends Error {
  constructor(readonly refusal: { error_code: string; text: string }) {
    super(refusal.text);
  }
}

const HTTP_URL = /^https?:\/\/\S+$/;
const profitOf = (minor: number) => toAmount(Math.round(minor * (1 - COMMISSION_PERCENT / 100)));

/** The transaction's status code: paid, failed (cancelled on the page), else waiting. */
const statusCodeOf = (session: RedirectSession) =>
  session.status === 'completed' || session.status === 'refunded' ? TRANSACTION_STATUS.paid : session.status === 'canceled' ? TRANSACTION_STATUS.failed : TRANSACTION_STATUS.waiting;

export function registerPayok(app: FastifyInstance, deps: { state: SandboxState; config: PayokConfig; retry: RetryConfig; baseUrl: () => string }) {
  const { state, config } = deps;
  // PayOK's word for a notification taken: a 2xx answering `OK` (as kravetsone/payok's handler answers; that PayOK
  // retries until it reads it is not documented)
  const notifier = createMerchantNotifier<PayokNotification>(deps.retry, (answer) => answer.ok && answer.body.trim() === 'OK');
  /** The shop's payments by the merchant's payment id, oldest first. */
  const byPayment = new Map<string, RedirectSession>();
  let transactions = 1_000_000;

  /** The link's fields, checked as PayOK checks them: a payment to show, made on the first visit. */
  const openLink = (fields: Form): RedirectSession => {
    const required = (name: string) => {
      const value = fields[name];
      if (value === undefined || value === '') throw new LinkRefusal(LINK_ERRORS.missing(name));
      return value;
    };
    const amount = required('amount');
    const payment = required('payment');
    const shop = required('shop');
    const desc = required('desc');
    const sign = required('sign');
    const currency = fields.currency || DEFAULT_CURRENCY;
    if (shop !== config.shopId) throw new LinkRefusal(LINK_ERRORS.badShop);
    if (!(CURRENCIES as readonly string[]).includes(currency)) throw new LinkRefusal(LINK_ERRORS.badCurrency);
    if (!AMOUNT.test(amount) || toMinor(amount) < 1) throw new LinkRefusal(LINK_ERRORS.badAmount);
    if (!PAYMENT_ID.test(payment)) throw new LinkRefusal(LINK_ERRORS.badPayment);
    if (sign.toLowerCase() !== linkSignature(config.secretKey, { amount, payment, shop, currency, desc })) throw new LinkRefusal(LINK_ERRORS.badSign);
    const successUrl = fields.success_url || null;
    if (successUrl !== null && !HTTP_URL.test(successUrl)) throw new LinkRefusal(LINK_ERRORS.badUrl);

    const known = byPayment.get(payment);
    if (known) {
      // the same link again (the payer back, or another tab): its payment; the id with other details is refused (the
      // docs say the id is unique in the shop; what PayOK answers to a reuse is not said)
      const made = known.payok as PayokPaymentFields;
      if (known.amount !== toMinor(amount) || made.currency !== currency || made.desc !== desc) throw new LinkRefusal(LINK_ERRORS.paymentUsed(payment));
      return known;
    }
    const transaction = ++transactions;
    const id = `payok_${transaction}`;
    const page = `${deps.baseUrl()}/pay/${id}`;
    const session = openRedirectSession({
      id,
      // the hosted page's heading: "Sandbox payment: payok"
      provider: 'payok',
      amount: toMinor(amount),
      currency: currency.toLowerCase(),
      url: page,
      // one return address, paid or not; without one the payer stays on PayOK's page, which shows the outcome
      return_url: successUrl ?? page,
      cancel_url: successUrl ?? page,
      payok: { transaction, shop, payment, amount, currency, desc, email: fields.email || null, method: fields.method || null, date: payokDate(new Date()), pay_date: null },
    });
    state.redirectSessions.set(id, session);
    byPayment.set(payment, session);
    return session;
  };

  const link = (reply: FastifyReply, fields: Form) => {
    try {
      return reply.redirect(openLink(fields).url, 303);
    } catch (error) {
      if (!(error instanceof LinkRefusal)) throw error;
      return sendPage(reply, { title: 'Payment refused', body: `<main class="panel"><p class="error" role="alert">${escapeHtml(error.message)}</p></main>` }, 400);
    }
  };

  app.get('/pay', (request, reply) => link(reply, Object.fromEntries(new URLSearchParams(request.url.split('?')[1] ?? ''))));
  app.post('/pay', (request, reply) => link(reply, Object.fromEntries(new URLSearchParams(typeof request.body === 'string' ? request.body : ''))));

  /** A transaction as /api/transaction shows it (pyPayokAPI's Transaction fields). */
  const transactionOf = (session: RedirectSession) => {
    const made = session.payok as PayokPaymentFields;
    const notified = notifier.sent.find((n) => n.transaction === made.transaction);
    return {
      transaction: String(made.transaction),
      email: made.email ?? '',
      amount: toAmount(session.amount),
      currency: made.currency,
      currency_amount: toAmount(session.amount),
      comission_percent: String(COMMISSION_PERCENT),
      comission_fixed: '0',
      amount_profit: profitOf(session.amount),
      method: made.method ?? 'cd',
      payment_id: made.payment,
      description: made.desc,
      date: made.date,
      pay_date: made.pay_date ?? '',
      transaction_status: statusCodeOf(session),
      custom_fields: '[]',
      webhook_status: notified?.delivered ? '1' : '0',
      webhook_amount: String(notified?.attempts.length ?? 0),
    };
  };

  /** The shop's transactions, newest first, 100 a page from `offset`; or the one of `payment`. */
  const listTransactions = (form: Form) => {
    if (form.API_ID !== config.apiId || form.API_KEY !== config.apiKey) throw new ApiRefusal(API_ERRORS.badKey);
    if (form.shop !== config.shopId) throw new ApiRefusal(API_ERRORS.badShop);
    const offset = Math.max(0, Number.parseInt(form.offset ?? '0', 10) || 0);
    const all = form.payment ? [byPayment.get(form.payment)].filter((s): s is RedirectSession => s !== undefined) : [...byPayment.values()].reverse();
    const page = all.slice(offset, offset + 100);
    if (page.length === 0) throw new ApiRefusal(API_ERRORS.noTransactions);
    return { status: 'success', ...Object.fromEntries(page.map((session, i) => [String(i + 1), transactionOf(session)])) };
  };

  app.post('/api/transaction', (request, reply) => {
    try {
      return reply.send(listTransactions(Object.fromEntries(new URLSearchParams(typeof request.body === 'string' ? request.body : ''))));
    } catch (error) {
      if (!(error instanceof ApiRefusal)) throw error;
      // PayOK answers its refusals in the JSON, not with an HTTP error (as both SDKs read them)
      return reply.send({ status: 'error', ...error.refusal });
    }
  });

  // the payer's choice on the hosted page: a paid payment is notified, signed, until the merchant answers OK
  state.providerNotifiers.set('payok', (session) => {
    const made = session.payok as PayokPaymentFields;
    if (session.status !== 'completed') return;
    made.pay_date = payokDate(new Date());
    if (!config.notifyUrl) return;
    const amount = toAmount(session.amount);
    const signed = { desc: made.desc, currency: made.currency, shop: made.shop, payment_id: made.payment, amount };
    const form: Form = {
      payment_id: made.payment,
      shop: made.shop,
      amount,
      profit: profitOf(session.amount),
      desc: made.desc,
      currency: made.currency,
      currency_amount: amount,
      sign: notificationSignature(config.secretKey, signed),
      email: made.email ?? '',
      date: made.pay_date,
      method: made.method ?? 'cd',
    };
    const rawBody = new URLSearchParams(form).toString();
    notifier.send(config.notifyUrl, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: rawBody }, { payment_id: made.payment, transaction: made.transaction, form, rawBody, attempts: [], delivered: false });
  });

  return { notifications: notifier.sent, close: () => notifier.close() };
}
