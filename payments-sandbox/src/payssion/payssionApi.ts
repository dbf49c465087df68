// Payssion's API, served by the sandbox: POST /api/v1/payment/create, /api/v1/payment/getDetail, /api/v1/refunds
// (form-encoded, signed with api_sig), and the notification of each paid or cancelled payment to the notify URL of the
// merchant's settings (form-encoded, signed with notify_sig, retried until it answers 2xx). A payment is a redirect
// session of the sandbox (the hosted page /pay/:id) that announces itself this way instead of with Stripe events.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RetryConfig } from '../config';
import { newId } from '../api/ids';
import { openRedirectSession, type RedirectSession } from '../api/objects';
import { CURRENCIES } from '../api/paymentIntents';
import type { SandboxState } from '../api/state';
import { createMerchantNotifier, type NotificationAttempts } from '../webhooks/merchantNotifier';
import { AMOUNT, PAYSSION_PM_IDS, payssionSignature, RESULT, SIGNED_FIELDS, toAmount, toMinor } from './payssionProtocol';

export interface PayssionConfig {
  apiKey: string;
  secretKey: string;
  /** The merchant's notify URL (Payssion's app settings); null: payments are not announced. */
  notifyUrl: string | null;
}

export const DEFAULT_PAYSSION: PayssionConfig = { apiKey: 'sandbox_payssion_fable', secretKey: 'payssion_secret_fable', notifyUrl: null };

/** One notification and its attempts (for tests: "announced once, retried while refused"). */
export interface PayssionNotification extends NotificationAttempts {
  transaction_id: string;
  /** What was posted (signed). */
  form: Record<string, string>;
  state: string;
}

type Form = Record<string, string>;

class PayssionRefusal extends Error {
  constructor(
    readonly resultCode: number,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (code: number, message: string) => new PayssionRefusal(code, message);

/** The transaction as Payssion shows it. */
function transactionOf(session: RedirectSession) {
  const payssion = session.payssion as NonNullable<RedirectSession['payssion']>;
  const state = session.status === 'open' ? 'pending' : session.status === 'canceled' ? 'cancelled' : session.status;
  return {
    transaction_id: session.id,
    order_id: payssion.order_id,
    pm_id: payssion.pm_id,
    state,
    amount: toAmount(session.amount),
    paid: toAmount(session.status === 'completed' || session.status === 'refunded' ? session.amount : 0),
    refunded: toAmount(session.amount_refunded),
    currency: session.currency.toUpperCase(),
    description: payssion.description,
  };
}

export function registerPayssion(app: FastifyInstance, deps: { state: SandboxState; config: PayssionConfig; retry: RetryConfig; baseUrl: () => string }) {
  const { state, config } = deps;
  const notifier = createMerchantNotifier<PayssionNotification>(deps.retry);
  const byOrder = new Map<string, RedirectSession>();

  const field = (form: Form, name: string): string => {
    const value = form[name];
    if (value === undefined || value === '') throw refuse(RESULT.invalidParameter, `${name} is required`);
    return value;
  };
  /** The caller's key and signature over `fields`. */
  const authenticate = (form: Form, fields: readonly string[]) => {
    if (form.api_key !== config.apiKey) throw refuse(RESULT.invalidMerchant, 'Invalid api_key');
    const expected = payssionSignature([...fields.map((name) => form[name] ?? ''), config.secretKey]);
    if (form.api_sig !== expected) throw refuse(RESULT.invalidSignature, 'Invalid api signature');
  };
  const transaction = (form: Form): RedirectSession => {
    const session = state.redirectSessions.get(field(form, 'transaction_id'));
    if (!session?.payssion || session.payssion.order_id !== form.order_id) throw refuse(RESULT.invalidTransaction, 'Invalid transaction id');
    return session;
  };

  const answer = async (reply: FastifyReply, body: unknown, run: (form: Form) => object) => {
    const form = Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
    try {
      return reply.send({ result_code: RESULT.ok, ...run(form) });
    } catch (error) {
      if (!(error instanceof PayssionRefusal)) throw error;
      return reply.send({ result_code: error.resultCode, description: error.message });
    }
  };

  app.post('/api/v1/payment/create', (request, reply) =>
    answer(reply, request.body, (form) => {
      authenticate(form, SIGNED_FIELDS.create);
      const pmId = field(form, 'pm_id');
      if (!(PAYSSION_PM_IDS as readonly string[]).includes(pmId)) throw refuse(RESULT.invalidMethod, `Invalid pm_id: ${pmId}`);
      const amount = field(form, 'amount');
      if (!AMOUNT.test(amount) || toMinor(amount) < 1) throw refuse(RESULT.invalidAmount, 'Invalid amount');
      const currency = field(form, 'currency').toLowerCase();
      if (!CURRENCIES.includes(currency)) throw refuse(RESULT.invalidCurrency, 'Invalid currency');
      const orderId = field(form, 'order_id');
      const returnUrl = field(form, 'return_url');
      if (!/^https?:\/\//.test(returnUrl)) throw refuse(RESULT.invalidUrl, 'Invalid return_url');
      const known = byOrder.get(orderId);
      if (known) {
        // The same order again (a retry whose answer was lost): its payment, when it is the same payment.
        if (known.amount !== toMinor(amount) || known.currency !== currency || known.payssion?.pm_id !== pmId) throw refuse(RESULT.invalidParameter, 'order_id is already used');
        return { transaction: transactionOf(known), redirect_url: known.url };
      }
      const id = newId('ps');
      const session = openRedirectSession({
        id,
        provider: `Payssion ${pmId}`,
        amount: toMinor(amount),
        currency,
        url: `${deps.baseUrl()}/pay/${id}`,
        return_url: returnUrl,
        cancel_url: returnUrl,
        payssion: { order_id: orderId, pm_id: pmId, description: form.description ?? '' },
      });
      state.redirectSessions.set(id, session);
      byOrder.set(orderId, session);
      return { transaction: transactionOf(session), redirect_url: session.url };
    }),
  );

  app.post('/api/v1/payment/getDetail', (request, reply) =>
    answer(reply, request.body, (form) => {
      authenticate(form, SIGNED_FIELDS.details);
      return { transaction: transactionOf(transaction(form)) };
    }),
  );

  app.post('/api/v1/refunds', (request, reply) =>
    answer(reply, request.body, (form) => {
      authenticate(form, SIGNED_FIELDS.refund);
      const session = state.redirectSessions.get(field(form, 'transaction_id'));
      if (!session?.payssion) throw refuse(RESULT.invalidTransaction, 'Invalid transaction id');
      if (session.status !== 'completed') throw refuse(RESULT.invalidTransaction, `The payment is ${transactionOf(session).state}, not completed`);
      const amount = field(form, 'amount');
      if (!AMOUNT.test(amount) || toMinor(amount) < 1 || toMinor(amount) > session.amount - session.amount_refunded) throw refuse(RESULT.invalidAmount, 'Invalid amount');
      if (field(form, 'currency').toLowerCase() !== session.currency) throw refuse(RESULT.invalidCurrency, 'Invalid currency');
      session.amount_refunded += toMinor(amount);
      if (session.amount_refunded === session.amount) session.status = 'refunded';
      return { refund: { refund_id: newId('psr'), transaction_id: session.id, amount, currency: session.currency.toUpperCase(), state: 'completed' }, transaction: transactionOf(session) };
    }),
  );

  state.providerNotifiers.set('payssion', (session) => {
    if (!config.notifyUrl) return;
    const shown = transactionOf(session);
    const form: Form = {
      app_name: 'fable',
      pm_id: shown.pm_id,
      transaction_id: shown.transaction_id,
      order_id: shown.order_id,
      amount: shown.amount,
      paid: shown.paid,
      net: shown.paid,
      currency: shown.currency,
      description: shown.description,
      state: shown.state,
    };
    form.notify_sig = payssionSignature([...SIGNED_FIELDS.notify.map((name) => (name === 'api_key' ? config.apiKey : (form[name] ?? ''))), config.secretKey]);
    // posted until the notify URL answers 2xx, with the retry schedule of the Stripe webhooks
    notifier.send(
      config.notifyUrl,
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() },
      { transaction_id: session.id, form, state: shown.state, attempts: [], delivered: false },
    );
  });

  return { notifications: notifier.sent, close: () => notifier.close() };
}
