// UpGate's API v1.2, served by the sandbox (upgateProtocol.ts): POST /v1/checkout (Sale request), GET /v1/transaction
// (Fetch transactions by filters) and POST /v1/refund, each with `X-Api-Key` and refused in UpGate's
// `{ errors: [{ error_code, error_message }] }` when it is wrong; a POST's X-Idempotency-Key used before is refused, as
// UpGate documents ("any request after the first one with the same X-Idempotency-Key will return an error"). A
// checkout is a redirect session of the sandbox whose id is the payment_id and whose session.redirect_url is the
// hosted page /pay/:id (Pay: a SALE transaction SUCCESS; Cancel: a SALE DECLINE, the sandbox's way of showing a payer
// who gives up); each transaction (SALE, REFUND) is posted back to the merchant account's callback URL, signed in
// X-Signature, retried by the shared notifier until it answers 2xx; the payer goes back to success_url or failure_url.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RetryConfig } from '../config';
import { openRedirectSession, type RedirectSession, type UpgateCheckoutFields } from '../api/objects';
import { CURRENCIES } from '../api/paymentIntents';
import type { SandboxState } from '../api/state';
import { createMerchantNotifier, type MerchantNotifier, type NotificationAttempts } from '../webhooks/merchantNotifier';
import { toAmount } from '../protocol/amounts';
import { ERRORS, RESPONSE_CODES, upgateSignature } from './upgateProtocol';

export interface UpgateConfig {
  /** The merchant's API key (X-Api-Key). */
  apiKey: string;
  /** The secret key the postbacks are signed with. */
  secretKey: string;
  /** The merchant account's callback (postback) URL; null: postbacks are not sent. */
  postbackUrl: string | null;
}

export const DEFAULT_UPGATE: UpgateConfig = {
  apiKey: 'sandbox_upgate_api_key_fable',
  secretKey: 'sandbox_upgate_secret_key_fable',
  postbackUrl: null,
};

/** A transaction as postbacks and GET /v1/transaction show it. */
export interface UpgateTransaction {
  transaction_id: string;
  transaction_type: 'SALE' | 'REFUND';
  transaction_status: 'SUCCESS' | 'DECLINE';
  created_at: string;
  response_code: number;
  response_text: string;
  transaction_amount: string;
  transaction_currency_code: string;
  transaction_details: Record<string, never>;
  payment_details: { payment_method: string };
  payment: { payment_id: string; merchant_payment_id: string | null; merchant_customer_id: string; payment_type: 'SALE'; payment_method: string; amount: string; currency_code: string };
  version: number;
}

/** One postback and its attempts (for tests: "posted once per transaction, retried while refused"). */
export interface UpgatePostback extends NotificationAttempts {
  transaction_id: string;
  payment_id: string;
  transaction_type: string;
  transaction_status: string;
  rawBody: string;
  headers: Record<string, string>;
}

type UpgateErrorShape = { http: number; code: string; message: string };
class UpgateError extends Error {
  constructor(readonly shape: UpgateErrorShape) {
    super(shape.message);
  }
}

const HTTP_URL = /^https?:\/\/\S+$/;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A positive amount in major units with up to 2 decimals (16.09 * 100 is not exactly 1609 in floating point). */
const isMajorAmount = (value: number) => Number.isFinite(value) && value > 0 && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A checkout made from POST /v1/checkout's body (a field UpGate would refuse: INVALID_REQUEST_PARAMETER naming it), as a redirect session. */
function checkoutSessionOf(body: Record<string, unknown>, paymentId: string, baseUrl: string): RedirectSession {
  const invalid = (why: string) => new UpgateError(ERRORS.invalidParameter(why));
  const paymentData = body.payment_data;
  const customer = body.customer;
  const callback = body.callback;
  const products = body.products;
  if (!isObject(paymentData)) throw invalid('payment_data: required');
  if (paymentData.type !== 'SALE') throw invalid('payment_data.type: the sandbox serves SALE checkouts only');
  const amount = paymentData.amount;
  if (typeof amount !== 'number' || !isMajorAmount(amount)) throw invalid('payment_data.amount: must be a positive number with up to 2 decimals');
  const currency = paymentData.currency_code;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency) || !CURRENCIES.includes(currency.toLowerCase())) throw invalid('payment_data.currency_code: must be a supported ISO 4217 code');
  const methods = paymentData.methods ?? [];
  if (!Array.isArray(methods) || methods.some((m) => typeof m !== 'string')) throw invalid('payment_data.methods: must be a list of payment methods');
  const merchantPaymentId = paymentData.merchant_payment_id;
  if (merchantPaymentId !== undefined && (typeof merchantPaymentId !== 'string' || merchantPaymentId === '')) throw invalid('payment_data.merchant_payment_id: must be a string');
  if (!isObject(customer)) throw invalid('customer.merchant_customer_id: required');
  const customerId = customer.merchant_customer_id;
  const country = customer.country_code;
  if (typeof customerId !== 'string' || customerId === '') throw invalid('customer.merchant_customer_id: required');
  if (country !== undefined && (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country))) throw invalid('customer.country_code: must be an ISO 3166 code');
  const successUrl = isObject(callback) ? callback.success_url : undefined;
  const failureUrl = isObject(callback) ? callback.failure_url : undefined;
  if (typeof successUrl !== 'string' || !HTTP_URL.test(successUrl)) throw invalid('callback.success_url: required, an http(s) URL');
  if (typeof failureUrl !== 'string' || !HTTP_URL.test(failureUrl)) throw invalid('callback.failure_url: required, an http(s) URL');
  if (!Array.isArray(products) || products.length === 0) throw invalid('products: expected at least 1 product');
  for (const product of products) {
    if (!isObject(product) || product.type !== 'SALE' || typeof product.name !== 'string' || typeof product.price !== 'number') throw invalid('products: each needs type SALE, a name and a price');
  }
  const page = `${baseUrl}/pay/${paymentId}`;
  return openRedirectSession({
    id: paymentId,
    // the hosted page's heading: "Sandbox payment: upgate"
    provider: 'upgate',
    amount: Math.round(amount * 100),
    currency: currency.toLowerCase(),
    url: page,
    return_url: successUrl,
    cancel_url: failureUrl,
    upgate: {
      merchant_payment_id: (merchantPaymentId as string | undefined) ?? null,
      merchant_customer_id: customerId,
      email: typeof customer.email === 'string' ? customer.email : null,
      country_code: typeof country === 'string' ? country : null,
      methods: methods as string[],
      products: products as UpgateCheckoutFields['products'],
    },
  });
}

export function registerUpgate(app: FastifyInstance, deps: { state: SandboxState; config: UpgateConfig; retry: RetryConfig; baseUrl: () => string }) {
  const { state, config } = deps;
  const notifier: MerchantNotifier<UpgatePostback> = createMerchantNotifier<UpgatePostback>(deps.retry);
  /** Every transaction, oldest first (GET /v1/transaction answers newest first). */
  const transactions: UpgateTransaction[] = [];
  const usedKeys = new Set<string>();
  // ids of UpGate's look (digits and capitals, all of one length), growing, so that prev_id's "ids less than" pages
  let sequence = 2 * 36 ** 9 + Math.floor(Math.random() * 36 ** 8);
  const nextId = () => `2${(++sequence).toString(36).toUpperCase()}`;

  const send = (reply: FastifyReply, run: () => object) => {
    try {
      return reply.code(200).send(run());
    } catch (error) {
      if (!(error instanceof UpgateError)) throw error;
      const { http, code, message } = error.shape;
      return reply.code(http).send({ errors: [{ error_code: code, error_message: message }] });
    }
  };

  const authenticate = (request: FastifyRequest) => {
    if (header(request, 'x-api-key') !== config.apiKey) throw new UpgateError(ERRORS.invalidApiKey);
  };

  /** A POST with an X-Idempotency-Key: refused when the key was used before (by any request). */
  const once = (request: FastifyRequest, run: () => object) => {
    const key = header(request, 'x-idempotency-key');
    if (key === undefined || key === '') return run();
    if (usedKeys.has(key)) throw new UpgateError(ERRORS.duplicateRequest(key));
    const answer = run();
    usedKeys.add(key);
    return answer;
  };

  /** Records a transaction of the checkout and posts it back to the merchant account's callback URL (signed, retried). */
  const transact = (session: RedirectSession, type: UpgateTransaction['transaction_type'], status: UpgateTransaction['transaction_status'], amountMinor: number): UpgateTransaction => {
    const checkout = session.upgate as UpgateCheckoutFields;
    const method = checkout.methods[0] ?? 'CARD';
    const outcome = status === 'SUCCESS' ? RESPONSE_CODES.success : RESPONSE_CODES.decline;
    const transaction: UpgateTransaction = {
      transaction_id: nextId(),
      transaction_type: type,
      transaction_status: status,
      created_at: new Date().toISOString(),
      response_code: outcome.code,
      response_text: outcome.text,
      transaction_amount: toAmount(amountMinor),
      transaction_currency_code: session.currency.toUpperCase(),
      transaction_details: {},
      payment_details: { payment_method: method },
      payment: {
        payment_id: session.id,
        merchant_payment_id: checkout.merchant_payment_id,
        merchant_customer_id: checkout.merchant_customer_id,
        payment_type: 'SALE',
        payment_method: method,
        amount: toAmount(session.amount),
        currency_code: session.currency.toUpperCase(),
      },
      version: 1,
    };
    transactions.push(transaction);
    if (config.postbackUrl) {
      const rawBody = JSON.stringify({ type: 'TRANSACTION', data: transaction });
      const headers = { 'content-type': 'application/json', 'x-signature': upgateSignature(config.secretKey, rawBody) };
      notifier.send(config.postbackUrl, { headers, body: rawBody }, { transaction_id: transaction.transaction_id, payment_id: session.id, transaction_type: type, transaction_status: status, rawBody, headers, attempts: [], delivered: false });
    }
    return transaction;
  };

  const createCheckout = (body: Record<string, unknown>) => {
    let id = nextId();
    while (state.redirectSessions.has(id)) id = nextId();
    const session = checkoutSessionOf(body, id, deps.baseUrl());
    state.redirectSessions.set(session.id, session);
    const created = new Date(session.created * 1000).toISOString();
    return {
      id: session.id,
      created_at: created,
      merchant_id: 'fable-sandbox',
      session: { created_at: created, expires_at: new Date(session.created * 1000 + 3600_000).toISOString(), redirect_url: session.url },
      payment_data: body.payment_data,
      customer: body.customer,
      callback: body.callback,
      products: body.products,
    };
  };

  const createRefund = (body: Record<string, unknown>) => {
    const sale = transactions.find((t) => t.transaction_id === body.transaction_id);
    if (typeof body.transaction_id !== 'string' || !sale) throw new UpgateError(ERRORS.notFound('Transaction'));
    const session = state.redirectSessions.get(sale.payment.payment_id) as RedirectSession;
    if (sale.transaction_type !== 'SALE' || sale.transaction_status !== 'SUCCESS') throw new UpgateError(ERRORS.notRefundable);
    const left = session.amount - session.amount_refunded;
    let amount = left;
    if (body.amount !== undefined) {
      const given = typeof body.amount === 'string' || typeof body.amount === 'number' ? Number(body.amount) : NaN;
      if (!isMajorAmount(given)) throw new UpgateError(ERRORS.invalidParameter('amount: must be a positive amount with up to 2 decimals'));
      if (body.currency_code !== sale.transaction_currency_code) throw new UpgateError(ERRORS.invalidParameter('currency_code: required with amount, the transaction’s currency'));
      amount = Math.round(given * 100);
    }
    if (left === 0 || amount > left) throw new UpgateError(ERRORS.refundTooLarge);
    session.amount_refunded += amount;
    if (session.amount_refunded === session.amount) session.status = 'refunded';
    const refund = transact(session, 'REFUND', 'SUCCESS', amount);
    return {
      type: 'REFUND',
      data: { transaction_id: refund.transaction_id, ...(typeof body.reason === 'string' ? { reason: body.reason } : {}), ...(typeof body.initiated_by === 'string' ? { initiated_by: body.initiated_by } : {}) },
    };
  };

  const listTransactions = (query: Record<string, string | undefined>) => {
    const limit = query.limit === undefined ? 100 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UpgateError(ERRORS.invalidParameter('limit: must be from 1 to 1000'));
    const types = query.transaction_type ? new Set(query.transaction_type.split(',').map((t) => t.trim())) : null;
    const codes = query.response_code ? new Set(query.response_code.split(',').map((c) => Number(c.trim()))) : null;
    const from = query.created_at_from ? Date.parse(query.created_at_from) : -Infinity;
    const to = query.created_at_to ? Date.parse(query.created_at_to) : Infinity;
    const matching = [...transactions]
      .reverse()
      .filter((t) => (query.prev_id ? t.transaction_id < query.prev_id : true))
      .filter((t) => (!types || types.has(t.transaction_type)) && (!codes || codes.has(t.response_code)))
      .filter((t) => Date.parse(t.created_at) >= from && Date.parse(t.created_at) <= to);
    const page = matching.slice(0, limit);
    return { type: 'TRANSACTION', data: page, meta: { next_prev_id: matching.length > limit ? (page.at(-1)?.transaction_id ?? null) : null } };
  };

  const jsonBody = (request: FastifyRequest): Record<string, unknown> => {
    if (!isObject(request.body)) throw new UpgateError(ERRORS.invalidParameter('the body must be a JSON object'));
    return request.body;
  };

  app.post('/v1/checkout', (request, reply) =>
    send(reply, () => {
      authenticate(request);
      return once(request, () => createCheckout(jsonBody(request)));
    }),
  );

  app.get('/v1/transaction', (request, reply) =>
    send(reply, () => {
      authenticate(request);
      return listTransactions(request.query as Record<string, string | undefined>);
    }),
  );

  app.post('/v1/refund', (request, reply) =>
    send(reply, () => {
      authenticate(request);
      return once(request, () => createRefund(jsonBody(request)));
    }),
  );

  // the payer's choice on the hosted page: a SALE transaction, posted back; back to success_url or failure_url
  state.providerNotifiers.set('upgate', (session) => {
    transact(session, 'SALE', session.status === 'completed' ? 'SUCCESS' : 'DECLINE', session.amount);
    return session.status === 'completed' ? session.return_url : session.cancel_url;
  });

  return {
    postbacks: notifier.sent,
    transactions,
    close: () => notifier.close(),
  };
}
