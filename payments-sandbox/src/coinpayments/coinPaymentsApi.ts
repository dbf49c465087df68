// CoinPayments' legacy merchant API, served by the sandbox: POST /api.php with cmd=create_transaction and
// cmd=get_tx_info (form-encoded, the HMAC header checked against the private key), and an IPN to the payment's
// ipn_url (else the merchant's settings' IPN URL) for each paid or cancelled payment (form-encoded, signed with the IPN
// secret, retried until it answers 2xx by the shared notifier). A payment is a redirect session of the sandbox: its
// checkout_url is the hosted page /pay/:id (Pay: complete, status 100; Cancel: cancelled, -1), which sends the payer
// to success_url or cancel_url. No refund call: CoinPayments' legacy API has none.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RetryConfig } from '../config';
import { randomToken } from '../api/ids';
import { openRedirectSession, type RedirectSession } from '../api/objects';
import { CURRENCIES } from '../api/paymentIntents';
import type { SandboxState } from '../api/state';
import { createMerchantNotifier, type NotificationAttempts } from '../webhooks/merchantNotifier';
import { AMOUNT, COIN_RATES, coinAmount, coinPaymentsHmac, ERRORS, STATUS, toAmount, toMinor } from './coinPaymentsProtocol';

export interface CoinPaymentsConfig {
  publicKey: string;
  privateKey: string;
  ipnSecret: string;
  merchantId: string;
  /** The IPN URL of the merchant's settings, for payments made without an ipn_url; null: those are not announced. */
  ipnUrl: string | null;
}

export const DEFAULT_COINPAYMENTS: CoinPaymentsConfig = {
  publicKey: 'sandbox_coinpayments_public_fable',
  privateKey: 'sandbox_coinpayments_private_fable',
  ipnSecret: 'sandbox_coinpayments_ipn_secret_fable',
  merchantId: 'sandbox_coinpayments_merchant_fable',
  ipnUrl: null,
};

/** One IPN and its attempts (for tests: "announced once, retried while refused"). */
export interface CoinPaymentsIpn extends NotificationAttempts {
  txn_id: string;
  /** What was posted, and its HMAC header. */
  form: Record<string, string>;
  rawBody: string;
  hmac: string;
  status: number;
}

type Form = Record<string, string>;

class Refusal extends Error {}

const HTTP_URL = /^https?:\/\/\S+$/;

/** The payment's status as CoinPayments gives it. */
const statusOf = (session: RedirectSession) =>
  session.status === 'open' ? STATUS.waiting : session.status === 'canceled' ? STATUS.cancelled : STATUS.complete;

export function registerCoinPayments(app: FastifyInstance, deps: { state: SandboxState; config: CoinPaymentsConfig; retry: RetryConfig; baseUrl: () => string }) {
  const { state, config } = deps;
  const notifier = createMerchantNotifier<CoinPaymentsIpn>(deps.retry);

  /** The call's key, version, format and HMAC, checked as CoinPayments checks them. */
  const authenticate = (request: FastifyRequest, raw: string, form: Form) => {
    const hmac = request.headers.hmac;
    if (typeof hmac !== 'string' || hmac === '') throw new Refusal(ERRORS.noHmac);
    if (form.key !== config.publicKey) throw new Refusal(ERRORS.badKey);
    if (hmac.toLowerCase() !== coinPaymentsHmac(config.privateKey, raw)) throw new Refusal(ERRORS.badHmac);
    if (form.version !== '1') throw new Refusal(ERRORS.badVersion);
    if ((form.format ?? 'json') !== 'json') throw new Refusal(ERRORS.badFormat);
  };

  const createTransaction = (form: Form) => {
    const amount = form.amount ?? '';
    if (!AMOUNT.test(amount) || toMinor(amount) < 1) throw new Refusal(ERRORS.badAmount);
    const currency1 = (form.currency1 ?? '').toLowerCase();
    if (!CURRENCIES.includes(currency1)) throw new Refusal(ERRORS.badCurrency1);
    const currency2 = (form.currency2 ?? '').toUpperCase();
    if (!(currency2 in COIN_RATES)) throw new Refusal(ERRORS.badCurrency2);
    if (!form.buyer_email?.includes('@')) throw new Refusal(ERRORS.noEmail);
    for (const name of ['ipn_url', 'success_url', 'cancel_url']) if (form[name] && !HTTP_URL.test(form[name] as string)) throw new Refusal(ERRORS.badUrl);
    const id = `CP${randomToken(24).toUpperCase()}`;
    const page = `${deps.baseUrl()}/pay/${id}`;
    const minor = toMinor(amount);
    const session = openRedirectSession({
      id,
      provider: `CoinPayments ${currency2}`,
      amount: minor,
      currency: currency1,
      url: page,
      // without success_url or cancel_url the payer stays on CoinPayments' page, which then shows the outcome
      return_url: form.success_url || page,
      cancel_url: form.cancel_url || page,
      coinpayments: {
        currency2,
        amount2: coinAmount(minor, currency2),
        address: `sandbox_${currency2.toLowerCase()}_${randomToken(16)}`,
        buyer_email: form.buyer_email,
        item_name: form.item_name ?? '',
        invoice: form.invoice ?? '',
        custom: form.custom ?? '',
        ipn_url: form.ipn_url ?? '',
      },
    });
    state.redirectSessions.set(id, session);
    const coin = session.coinpayments as NonNullable<RedirectSession['coinpayments']>;
    return {
      amount: coin.amount2,
      txn_id: id,
      address: coin.address,
      confirms_needed: '2',
      timeout: 3600,
      checkout_url: page,
      status_url: page,
    };
  };

  const txInfo = (form: Form) => {
    const session = state.redirectSessions.get(form.txid ?? '');
    if (!session?.coinpayments) throw new Refusal(ERRORS.badTxid);
    const coin = session.coinpayments;
    const { status, text } = statusOf(session);
    const paid = session.status === 'completed';
    return {
      time_created: session.created,
      time_expires: session.created + 3600,
      status,
      status_text: text,
      type: 'coins',
      coin: coin.currency2,
      amount: Math.round(Number(coin.amount2) * 1e8),
      amountf: coin.amount2,
      received: paid ? Math.round(Number(coin.amount2) * 1e8) : 0,
      receivedf: paid ? coin.amount2 : '0.00000000',
      recv_confirms: paid ? 2 : 0,
      payment_address: coin.address,
      ...(form.full === '1'
        ? { checkout: { currency: session.currency.toUpperCase(), amount: session.amount * 1e6, amountf: toAmount(session.amount), item_name: coin.item_name, invoice: coin.invoice, custom: coin.custom, ipn_url: coin.ipn_url } }
        : {}),
    };
  };

  const COMMANDS: Record<string, (form: Form) => object> = { create_transaction: createTransaction, get_tx_info: txInfo };

  app.post('/api.php', (request: FastifyRequest, reply: FastifyReply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const form = Object.fromEntries(new URLSearchParams(raw));
    try {
      authenticate(request, raw, form);
      const command = COMMANDS[form.cmd ?? ''];
      if (!command) throw new Refusal(ERRORS.badCommand);
      return reply.send({ error: 'ok', result: command(form) });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      // CoinPayments answers its refusals with 200 and the reason in `error`
      return reply.send({ error: error.message, result: [] });
    }
  });

  state.providerNotifiers.set('coinpayments', (session) => {
    const coin = session.coinpayments as NonNullable<RedirectSession['coinpayments']>;
    const url = coin.ipn_url || config.ipnUrl;
    if (!url) return;
    const { status, text } = statusOf(session);
    const form: Form = {
      ipn_version: '1.0',
      ipn_type: 'api',
      ipn_mode: 'hmac',
      ipn_id: randomToken(32),
      merchant: config.merchantId,
      txn_id: session.id,
      status: String(status),
      status_text: text,
      currency1: session.currency.toUpperCase(),
      currency2: coin.currency2,
      amount1: toAmount(session.amount),
      amount2: coin.amount2,
      fee: '0.00000000',
      buyer_name: '',
      email: coin.buyer_email,
      item_name: coin.item_name,
      invoice: coin.invoice,
      custom: coin.custom,
      received_amount: session.status === 'completed' ? coin.amount2 : '0',
      received_confirms: session.status === 'completed' ? '2' : '0',
    };
    const rawBody = new URLSearchParams(form).toString();
    const hmac = coinPaymentsHmac(config.ipnSecret, rawBody);
    notifier.send(url, { headers: { 'content-type': 'application/x-www-form-urlencoded', hmac }, body: rawBody }, { txn_id: session.id, form, rawBody, hmac, status, attempts: [], delivered: false });
  });

  return { ipns: notifier.sent, close: () => notifier.close() };
}
