// Overpay's API (the BeGateway platform), served by the sandbox (overpayProtocol.ts): POST /ctp/api/checkouts ("Create
// a payment token", X-API-Version 2), GET /ctp/api/checkouts/:token (the checkout read) and POST
// /beyag/transactions/refunds, each with the shop's HTTP Basic credentials and refused in BeGateway's `{ message,
// errors }` when they are wrong. A checkout is a redirect session of the sandbox whose id is the token and whose
// redirect_url is the hosted page /pay/:token (Pay: a payment transaction `successful`; Cancel: one `failed`, the
// sandbox's way of showing a payer who gives up). Each transaction (the payment, each refund) is notified to the
// checkout's settings.notification_url (none: not notified, as Overpay notifies only the URL a checkout names) as
// `{ transaction }` with the shop's Basic credentials (and Content-Signature when the sandbox has a signing key),
// retried by the shared notifier until it answers 2xx; the payer goes back to success_url, or decline_url.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RetryConfig } from '../config';

import { openRedirectSession, type OverpayCheckoutFields, type RedirectSession } from '../api/objects';
import { CURRENCIES } from '../api/paymentIntents';
import type { SandboxState } from '../api/state';
import { createMerchantNotifier, type MerchantNotifier, type NotificationAttempts } from '../webhooks/merchantNotifier';
import { ERRORS, isShopAuthorization, MESSAGES, overpayBasicAuth, overpaySignature } from './overpayProtocol';

export interface OverpayConfig {
  /** The shop id (the Basic user of every call and notification). */
  shopId: string;
  /** The shop's secret key (the Basic password). */
  secretKey: string;
  /** The shop's RSA private key (PEM) the notifications' Content-Signature is made with; null: none sent. */
  signingKey: string | null;
}

export const DEFAULT_OVERPAY: OverpayConfig = {
  shopId: 'sandbox_overpay_shop_fable',
  secretKey: 'sandbox_overpay_secret_key_fable',
  signingKey: null,
};

/** A transaction as notifications and the refund's answer show it (the subset of BeGateway's transaction the sandbox keeps). */
export interface OverpayTransaction {
  uid: string;
  /** A refund's payment. */
  parent_uid?: string;
  type: 'payment' | 'refund';
  status: 'successful' | 'failed';
  message: string;
  amount: number;
  currency: string;
  description: string;
  tracking_id: string | null;
  test: boolean;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  method_type: string;
  receipt_url: string;
}

/** One notification and its attempts (for tests: "notified once per transaction, retried while refused"). */
export interface OverpayNotification extends NotificationAttempts {
  uid: string;
  /** The checkout the transaction is of (not in the notification: Overpay's names the transaction and tracking_id). */
  token: string;
  type: string;
  status: string;
  rawBody: string;
  headers: Record<string, string>;
}

type OverpayErrorShape = { http: number; message: string; errors: Record<string, readonly string[]> };
class OverpayError extends Error {
  constructor(readonly shape: OverpayErrorShape) {
    super(shape.message);
  }
}

const HTTP_URL = /^https?:\/\/\S+$/;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;
const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A checkout made from POST /ctp/api/checkouts' body (a field Overpay would refuse: 422 naming it), as a redirect session. */
function checkoutSessionOf(body: unknown, token: string, baseUrl: string): RedirectSession {
  const invalid = (field: string, why: string) => new OverpayError(ERRORS.invalid(field, why));
  const checkout = isObject(body) ? body.checkout : undefined;
  if (!isObject(checkout)) throw invalid('checkout', 'is required');
  if (checkout.transaction_type !== 'payment') throw invalid('checkout.transaction_type', 'the sandbox serves payment checkouts only');
  if (checkout.test !== undefined && typeof checkout.test !== 'boolean') throw invalid('checkout.test', 'must be true or false');
  const order = checkout.order;
  if (!isObject(order)) throw invalid('checkout.order', 'is required');
  if (!isAmount(order.amount)) throw invalid('checkout.order.amount', 'must be a positive integer in minimal currency units');
  const currency = order.currency;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency) || !CURRENCIES.includes(currency.toLowerCase())) throw invalid('checkout.order.currency', 'must be a supported ISO 4217 alpha-3 code');
  if (typeof order.description !== 'string' || order.description.trim() === '') throw invalid('checkout.order.description', 'is required');
  if (order.tracking_id !== undefined && typeof order.tracking_id !== 'string') throw invalid('checkout.order.tracking_id', 'must be a string');
  const settings = checkout.settings ?? {};
  if (!isObject(settings)) throw invalid('checkout.settings', 'must be an object');
  const url = (name: string): string | null => {
    const value = settings[name];
    if (value === undefined) return null;
    if (typeof value !== 'string' || !HTTP_URL.test(value)) throw invalid(`checkout.settings.${name}`, 'must be an http(s) URL');
    return value;
  };
  const urls = { success: url('success_url'), decline: url('decline_url'), fail: url('fail_url'), cancel: url('cancel_url'), notification: url('notification_url') };
  const customer = checkout.customer ?? {};
  if (!isObject(customer) || (customer.email !== undefined && typeof customer.email !== 'string')) throw invalid('checkout.customer.email', 'must be a string');
  const page = `${baseUrl}/pay/${token}`;
  return openRedirectSession({
    id: token,
    // the hosted page's heading: "Sandbox payment: overpay"
    provider: 'overpay',
    amount: order.amount,
    currency: currency.toLowerCase(),
    url: page,
    return_url: urls.success ?? page,
    cancel_url: urls.cancel ?? urls.decline ?? page,
    overpay: {
      tracking_id: typeof order.tracking_id === 'string' ? order.tracking_id : null,
      description: order.description,
      test: checkout.test === true,
      language: typeof settings.language === 'string' ? settings.language : null,
      email: typeof customer.email === 'string' ? customer.email : null,
      decline_url: urls.decline,
      fail_url: urls.fail,
      notification_url: urls.notification,
      payment_uid: null,
    },
  });
}

export function registerOverpay(app: FastifyInstance, deps: { state: SandboxState; config: OverpayConfig; retry: RetryConfig; baseUrl: () => string }) {
  const { state, config } = deps;
  const notifier: MerchantNotifier<OverpayNotification> = createMerchantNotifier<OverpayNotification>(deps.retry);
  /** Every transaction, oldest first, and the checkout (token) each is of. */
  const transactions: OverpayTransaction[] = [];
  const tokenOf = new Map<string, string>();
  let sequence = 1000 + Math.floor(Math.random() * 1000);
  const nextUid = () => `${++sequence}-${randomBytes(5).toString('hex')}`;

  const send = (reply: FastifyReply, run: () => object) => {
    try {
      return reply.code(200).send(run());
    } catch (error) {
      if (!(error instanceof OverpayError)) throw error;
      const { http, message, errors } = error.shape;
      return reply.code(http).send({ message, errors });
    }
  };

  const authenticate = (request: FastifyRequest) => {
    if (!isShopAuthorization(header(request, 'authorization'), config.shopId, config.secretKey)) throw new OverpayError(ERRORS.unauthorized);
  };
  const checkoutApi = (request: FastifyRequest) => {
    authenticate(request);
    if (header(request, 'x-api-version') !== '2') throw new OverpayError(ERRORS.apiVersion);
  };

  /** Records a transaction of the checkout and notifies it to the checkout's notification_url (Basic, signed when a key is set; retried). */
  const transact = (session: RedirectSession, fields: Pick<OverpayTransaction, 'type' | 'status' | 'amount'> & { parent_uid?: string; tracking_id?: string | null }): OverpayTransaction => {
    const checkout = session.overpay as OverpayCheckoutFields;
    const now = new Date().toISOString();
    const uid = nextUid();
    const transaction: OverpayTransaction = {
      uid,
      ...(fields.parent_uid ? { parent_uid: fields.parent_uid } : {}),
      type: fields.type,
      status: fields.status,
      message: MESSAGES[fields.status],
      amount: fields.amount,
      currency: session.currency.toUpperCase(),
      description: checkout.description,
      tracking_id: fields.tracking_id === undefined ? checkout.tracking_id : fields.tracking_id,
      test: checkout.test,
      created_at: now,
      updated_at: now,
      paid_at: fields.status === 'successful' ? now : null,
      method_type: 'sandbox',
      receipt_url: `${deps.baseUrl()}/pay/${session.id}`,
    };
    transactions.push(transaction);
    tokenOf.set(uid, session.id);
    if (checkout.notification_url) {
      const rawBody = JSON.stringify({ transaction });
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        authorization: overpayBasicAuth(config.shopId, config.secretKey),
        ...(config.signingKey ? { 'content-signature': overpaySignature(config.signingKey, rawBody) } : {}),
      };
      notifier.send(checkout.notification_url, { headers, body: rawBody }, { uid, token: session.id, type: fields.type, status: fields.status, rawBody, headers, attempts: [], delivered: false });
    }
    return transaction;
  };

  /** The checkout as GET /ctp/api/checkouts/:token shows it (its payment's transaction once there is one). */
  const checkoutOf = (session: RedirectSession) => {
    const checkout = session.overpay as OverpayCheckoutFields;
    const payment = transactions.find((t) => t.uid === checkout.payment_uid) ?? null;
    return {
      checkout: {
        token: session.id,
        shop_id: config.shopId,
        transaction_type: 'payment',
        test: checkout.test,
        // unpaid: incomplete (the sandbox's word: Overpay's documentation does not list a checkout's statuses)
        status: payment?.status ?? 'incomplete',
        finished: payment !== null,
        expired: false,
        order: { amount: session.amount, currency: session.currency.toUpperCase(), description: checkout.description, tracking_id: checkout.tracking_id },
        settings: {
          success_url: session.return_url,
          decline_url: checkout.decline_url,
          fail_url: checkout.fail_url,
          cancel_url: session.cancel_url,
          notification_url: checkout.notification_url,
          language: checkout.language,
        },
        customer: { email: checkout.email },
        gateway_response: payment ? { payment: { uid: payment.uid, status: payment.status, message: payment.message, amount: payment.amount, currency: payment.currency } } : null,
      },
    };
  };

  const createCheckout = (body: unknown) => {
    let token = randomBytes(32).toString('hex');
    while (state.redirectSessions.has(token)) token = randomBytes(32).toString('hex');
    const session = checkoutSessionOf(body, token, deps.baseUrl());
    state.redirectSessions.set(session.id, session);
    return { checkout: { token, redirect_url: session.url } };
  };

  const createRefund = (body: unknown) => {
    const request = isObject(body) ? body.request : undefined;
    if (!isObject(request)) throw new OverpayError(ERRORS.invalid('request', 'is required'));
    if (typeof request.parent_uid !== 'string' || request.parent_uid === '') throw new OverpayError(ERRORS.invalid('request.parent_uid', 'is required'));
    if (typeof request.reason !== 'string' || request.reason.trim() === '') throw new OverpayError(ERRORS.invalid('request.reason', 'is required'));
    if (request.amount !== undefined && !isAmount(request.amount)) throw new OverpayError(ERRORS.invalid('request.amount', 'must be a positive integer in minimal currency units'));
    if (request.tracking_id !== undefined && typeof request.tracking_id !== 'string') throw new OverpayError(ERRORS.invalid('request.tracking_id', 'must be a string'));
    const payment = transactions.find((t) => t.uid === request.parent_uid);
    const session = payment ? state.redirectSessions.get(tokenOf.get(payment.uid) ?? '') : undefined;
    if (!payment || !session) throw new OverpayError(ERRORS.notFound('Parent transaction'));
    if (payment.type !== 'payment' || payment.status !== 'successful') throw new OverpayError(ERRORS.notRefundable);
    const left = session.amount - session.amount_refunded;
    // no amount: what is left (the sandbox's reading: Overpay's documentation gives amount without saying)
    const amount = (request.amount as number | undefined) ?? left;
    if (left === 0 || amount > left) throw new OverpayError(ERRORS.refundTooLarge);
    session.amount_refunded += amount;
    if (session.amount_refunded === session.amount) session.status = 'refunded';
    const refund = transact(session, { type: 'refund', status: 'successful', amount, parent_uid: payment.uid, tracking_id: (request.tracking_id as string | undefined) ?? payment.tracking_id });
    return { transaction: refund };
  };

  app.post('/ctp/api/checkouts', (request, reply) =>
    send(reply, () => {
      checkoutApi(request);
      return createCheckout(request.body);
    }),
  );

  app.get('/ctp/api/checkouts/:token', (request, reply) =>
    send(reply, () => {
      checkoutApi(request);
      const session = state.redirectSessions.get((request.params as { token: string }).token);
      if (!session?.overpay) throw new OverpayError(ERRORS.notFound('Checkout'));
      return checkoutOf(session);
    }),
  );

  app.post('/beyag/transactions/refunds', (request, reply) =>
    send(reply, () => {
      authenticate(request);
      return createRefund(request.body);
    }),
  );

  // the payer's choice on the hosted page: the checkout's payment transaction, notified; back to success_url or decline_url
  state.providerNotifiers.set('overpay', (session) => {
    const checkout = session.overpay as OverpayCheckoutFields;
    const paid = session.status === 'completed';
    checkout.payment_uid = transact(session, { type: 'payment', status: paid ? 'successful' : 'failed', amount: session.amount }).uid;
    return paid ? session.return_url : (checkout.decline_url ?? session.cancel_url);
  });

  return {
    notifications: notifier.sent,
    transactions,
    close: () => notifier.close(),
  };
}
