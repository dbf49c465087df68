// For API tests: the payments sandbox (payments-sandbox/) on a free port, spoken to over a real socket by the API's own
// gateway (infra/payments/stripeGateway.ts), with its webhooks relayed to the test's app.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
// The one import of another workspace in api: the test harness starts the sandbox server (docs/adr/0004: "started by
// npm start before the API and by the tests"); no production file imports it.
// eslint-disable-next-line fable/boundaries -- test harness only, see above
import { signatureHeader, startPaymentsSandbox, type PaymentsSandbox, type SandboxConfig } from '@fable/payments-sandbox';
import Stripe from 'stripe';
import type { SandboxPaymentsConfig } from '../infra/payments/paymentsConfig';
import { SANDBOX_COINPAYMENTS_KEYS } from '../infra/payments/coinpayments/coinPaymentsConfig';
import { SANDBOX_PAYSSION_KEYS } from '../infra/payments/payssion/payssionConfig';
import { SANDBOX_VOLT_KEYS } from '../infra/payments/volt/voltConfig';
import { SANDBOX_D24_KEYS } from '../infra/payments/directa24/d24Config';
import { SANDBOX_UPGATE_KEYS } from '../infra/payments/upgate/upgateConfig';
import { SANDBOX_OVERPAY_KEYS } from '../infra/payments/overpay/overpayConfig';
import { SANDBOX_PAYOK_KEYS } from '../infra/payments/payok/payokConfig';
import type { PaymentsGateway, RedirectSessionInput } from '../infra/payments/paymentsGateway';
import { createPaymentsGateway } from '../infra/payments/stripeGateway';

export const TEST_PAYMENTS_SECRET_KEY = 'sk_test_api_tests_1';
export const TEST_PAYMENTS_PUBLISHABLE_KEY = 'pk_test_api_tests_1';
/** Two secrets, as while rotating: the sandbox signs with both, the API accepts either. */
export const TEST_WEBHOOK_SECRETS = ['whsec_api_tests_current', 'whsec_api_tests_next'] as const;
/** Where the webhook endpoint lives (the sandbox's relay posts there). */
export const PAYMENTS_WEBHOOK_PATH = '/api/v2/payments/webhook';
/** Where Payssion's notifications are posted (the sandbox's Payssion notify URL is the relay's with this suffix). */
export const PAYSSION_NOTIFY_PATH = '/api/v2/payments/payssion/notify';
/** Where CoinPayments' IPNs are posted (the API sends the relay's address with this suffix as each payment's ipn_url). */
export const COINPAYMENTS_IPN_PATH = '/api/v2/payments/coinpayments/ipn';
/** Where Volt's notifications are posted (the sandbox's Volt notification URL is the relay's with `/volt`). */
export const VOLT_NOTIFY_PATH = '/api/v2/payments/volt/notify';
/** Where Directa24's notifications are posted (the sandbox's D24 Confirm URL is the relay's with `/directa24`). */
export const D24_NOTIFY_PATH = '/api/v2/payments/directa24/notify';
/** Where UpGate's postbacks are posted (the sandbox's UpGate callback URL is the relay's with `/upgate`). */
export const UPGATE_POSTBACK_PATH = '/api/v2/payments/upgate/postback';
/** Where Overpay's notifications are posted (the API names the relay's address with `/overpay` as each checkout's notification_url). */
export const OVERPAY_NOTIFY_PATH = '/api/v2/payments/overpay/notify';
/** Where PayOK's notifications are posted (the sandbox's PayOK shop notification URL is the relay's with `/payok`). */
export const PAYOK_NOTIFY_PATH = '/api/v2/payments/payok/notify';
/** The relay's address suffix of each provider's own notifications, and the app's path it is handed to. */
const RELAY_SUFFIXES: Array<[string, string]> = [
  ['/payssion', PAYSSION_NOTIFY_PATH],
  ['/coinpayments', COINPAYMENTS_IPN_PATH],
  ['/volt', VOLT_NOTIFY_PATH],
  ['/directa24', D24_NOTIFY_PATH],
  ['/upgate', UPGATE_POSTBACK_PATH],
  ['/overpay', OVERPAY_NOTIFY_PATH],
  ['/payok', PAYOK_NOTIFY_PATH],
];

let overpayKeys: { privateKey: string; publicKey: string } | undefined;
/**
 * The test shop's RSA key pair at Overpay (made once per process): the sandbox signs its notifications with the private
 * key (Content-Signature), the API checks them with the public one, base64 DER as Overpay's back office shows it.
 */
export function testOverpayKeys(): { privateKey: string; publicKey: string } {
  overpayKeys ??= (() => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return { privateKey: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), publicKey: pair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64') };
  })();
  return overpayKeys;
}
/** The sandbox's Stripe-Signature header for a body, signed with `secrets` (for events a test posts itself). */
export { signatureHeader };

/** Card numbers of the sandbox (payments-sandbox/README.md "Test cards"). */
export const CARDS = {
  approves: '4242424242424242',
  declines: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  attachesThenFails: '4000000000000341',
  threeDSecure: '4000002760003184',
  /** 3-D Secure on session; off session once saved for renewals (setup_future_usage), authentication_required otherwise. */
  authenticatesOnce: '4000002500003155',
} as const;

/** A redirect session of the sandbox, as its state keeps it. */
type RedirectSessionOf<S extends PaymentsSandbox> = NonNullable<ReturnType<S['state']['redirectSessions']['get']>>;

/** What a relayed webhook is handed to: the test app's `inject` (its status and body back, for a provider that reads the body: PayOK's `OK`). */
type WebhookTarget = (rawBody: Buffer, headers: Record<string, string>, path: string) => Promise<{ status: number; body: string }>;

export interface TestPaymentsSandbox {
  sandbox: PaymentsSandbox;
  /** For startTestApp's `payments` (or AppConfig.payments). */
  config: SandboxPaymentsConfig;
  /** A gateway of its own, for tests of the gateway itself. */
  gateway: PaymentsGateway;
  /** Sends the sandbox's webhooks to this app (until then they are answered 503 and retried). */
  forwardWebhooksTo(app: { inject: (options: { method: 'POST'; url: string; headers: Record<string, string>; payload: Buffer }) => PromiseLike<{ statusCode: number; body?: string }> }): void;
  /** A card payment method as the hosted card fields make it (publishable key). */
  cardToken(number: string, expiry?: { month: number; year: number }, cvc?: string): Promise<string>;
  /** Calls a sandbox control (/_sandbox/…) with the secret key. */
  control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> & { data?: unknown[] } }>;
  /**
   * The sandbox's session behind a provider page's URL: the id ending its `/pay/<id>`, or for a PayOK link (`/pay?…`,
   * nothing at PayOK until the payer opens it) the payment its `payment` names, once opened.
   */
  sessionOfPage(url: string): RedirectSessionOf<PaymentsSandbox> | undefined;
  /** Every charge the sandbox has taken (paid), with what was refunded: "charged exactly once" is checked here. */
  paidCharges(): Array<{ id: string; paymentIntent: string; amount: number; refunded: number; metadata: Record<string, string> }>;
  close(): Promise<void>;
}

/** A webhook relay on a free port: the sandbox posts to it, it hands the raw body and headers to the target and answers as it does. */
async function startRelay(): Promise<{ url: string; setTarget: (target: WebhookTarget) => void; server: Server }> {
  let target: WebhookTarget | null = null;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
      delete headers['content-length'];
      delete headers.host;
      const deliver = target ? target(Buffer.concat(chunks), headers, request.url ?? '') : Promise.resolve({ status: 503, body: '' });
      deliver.then(
        ({ status, body }) => response.writeHead(status).end(body),
        () => response.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/relay`, setTarget: (next) => (target = next), server };
}

export async function startTestPaymentsSandbox(overrides: Partial<SandboxConfig> = {}): Promise<TestPaymentsSandbox> {
  const relay = await startRelay();
  const sandbox = await startPaymentsSandbox({
    port: 0,
    secretKeys: [TEST_PAYMENTS_SECRET_KEY],
    publishableKeys: [TEST_PAYMENTS_PUBLISHABLE_KEY],
    allowedOrigins: ['http://127.0.0.1:4999'],
    webhooks: [{ url: relay.url, secrets: [...TEST_WEBHOOK_SECRETS] }],
    retry: { attempts: 4, baseDelayMs: 20, factor: 2, timeoutMs: 5_000 },
    payssion: { ...SANDBOX_PAYSSION_KEYS, notifyUrl: `${relay.url}/payssion` },
    // the merchant's settings have no IPN URL: each payment names its own (the API's COINPAYMENTS_IPN_URL)
    coinpayments: { ...SANDBOX_COINPAYMENTS_KEYS, ipnUrl: null },
    // the merchant's settings' notification URL (the API sends none with each payment unless VOLT_NOTIFICATION_URL)
    volt: { ...SANDBOX_VOLT_KEYS, notificationUrl: `${relay.url}/volt`, tokenTtlSeconds: 3600 },
    // the Merchant Panel's Confirm URL (the API sends no notification_url with each deposit unless D24_NOTIFICATION_URL)
    directa24: { ...SANDBOX_D24_KEYS, notificationUrl: `${relay.url}/directa24` },
    // the merchant account's callback URL (UpGate takes none with a checkout)
    upgate: { ...SANDBOX_UPGATE_KEYS, postbackUrl: `${relay.url}/upgate` },
    // Overpay notifies the notification_url each checkout names (the API's OVERPAY_NOTIFICATION_URL below), signed
    overpay: { ...SANDBOX_OVERPAY_KEYS, signingKey: testOverpayKeys().privateKey },
    // the shop's notification URL (PayOK takes none with a payment)
    payok: { ...SANDBOX_PAYOK_KEYS, notifyUrl: `${relay.url}/payok` },
    ...overrides,
  });
  const config: SandboxPaymentsConfig = {
    provider: 'sandbox',
    sandboxUrl: sandbox.url,
    secretKey: TEST_PAYMENTS_SECRET_KEY,
    publishableKey: TEST_PAYMENTS_PUBLISHABLE_KEY,
    webhookSecrets: [...TEST_WEBHOOK_SECRETS],
    payssion: { url: sandbox.url, ...SANDBOX_PAYSSION_KEYS },
    coinPayments: { url: sandbox.url, ...SANDBOX_COINPAYMENTS_KEYS, coin: 'LTCT', ipnUrl: `${relay.url}/coinpayments` },
    volt: { url: sandbox.url, ...SANDBOX_VOLT_KEYS, notificationUrl: null },
    directa24: { url: sandbox.url, ...SANDBOX_D24_KEYS, notificationUrl: null },
    upgate: { url: sandbox.url, ...SANDBOX_UPGATE_KEYS },
    overpay: { url: sandbox.url, apiUrl: sandbox.url, ...SANDBOX_OVERPAY_KEYS, notificationUrl: `${relay.url}/overpay`, test: true, publicKey: testOverpayKeys().publicKey },
    payok: { url: sandbox.url, ...SANDBOX_PAYOK_KEYS },
  };
  const { hostname, port } = new URL(sandbox.url);
  const publishable = new Stripe(TEST_PAYMENTS_PUBLISHABLE_KEY, { host: hostname, port: Number(port), protocol: 'http', telemetry: false });
  const control: TestPaymentsSandbox['control'] = async (method, path, body) => {
    const response = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${TEST_PAYMENTS_SECRET_KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { data?: unknown[] } };
  };
  return {
    sandbox,
    config,
    gateway: createPaymentsGateway(config),
    forwardWebhooksTo(app) {
      relay.setTarget(async (payload, headers, path) => {
        const answer = await app.inject({ method: 'POST', url: RELAY_SUFFIXES.find(([suffix]) => path.endsWith(suffix))?.[1] ?? PAYMENTS_WEBHOOK_PATH, headers, payload });
        return { status: answer.statusCode, body: answer.body ?? '' };
      });
    },
    async cardToken(number, expiry = { month: 12, year: new Date().getUTCFullYear() + 3 }, cvc = '123') {
      const method = await publishable.paymentMethods.create({ type: 'card', card: { number, exp_month: expiry.month, exp_year: expiry.year, cvc } } as Stripe.PaymentMethodCreateParams);
      return method.id;
    },
    control,
    sessionOfPage(url) {
      const page = new URL(url);
      const payment = page.pathname === '/pay' ? page.searchParams.get('payment') : null;
      if (payment) return [...sandbox.state.redirectSessions.values()].find((session) => session.payok?.payment === payment);
      return sandbox.state.redirectSessions.get(page.pathname.split('/').pop() as string);
    },
    paidCharges() {
      return [...sandbox.state.charges.values()]
        .filter((charge) => charge.status === 'succeeded' && charge.paid)
        .map((charge) => ({ id: charge.id, paymentIntent: charge.payment_intent, amount: charge.amount, refunded: charge.amount_refunded, metadata: { ...charge.metadata } }));
    },
    async close() {
      await sandbox.close();
      await new Promise<void>((resolve) => relay.server.close(() => resolve()));
    },
  };
}

/** What usePaymentsGateway hands a test file: the sandbox and its gateway, each read when used (in a hook or a test). */
export interface PaymentsGatewayRig {
  payments: TestPaymentsSandbox;
  gateway: PaymentsGateway;
}

/** `current()`'s properties, read when used: the file is given them before beforeAll has started anything. */
function readWhenUsed<T extends object>(name: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const started = current();
      if (!started) throw new Error(`the payments sandbox starts in beforeAll: ${name}.${String(key)} is for hooks and tests`);
      return Reflect.get(started, key);
    },
  });
}

/**
 * For a test file about the gateway's redirect providers: the payments sandbox (startTestPaymentsSandbox) started
 * before all its tests and closed after them, and its gateway. Both are read when used, so the file can name them at
 * its top.
 */
export function usePaymentsGateway(): PaymentsGatewayRig {
  let started: TestPaymentsSandbox | undefined;
  beforeAll(async () => {
    started = await startTestPaymentsSandbox();
  });
  afterAll(() => started?.close());
  return { payments: readWhenUsed('payments', () => started), gateway: readWhenUsed('gateway', () => started?.gateway) };
}

/**
 * A redirect checkout as billing asks for one: member u-1 buys basic_1m as `orderId` and comes back to the web app.
 * `overrides` are what a provider's test needs of its own (its currency, the buyer's name and country).
 */
export function redirectInput(provider: string, orderId: string, overrides: Partial<RedirectSessionInput> = {}): RedirectSessionInput {
  return {
    provider,
    amountMinor: 1609,
    currency: 'USD',
    returnUrl: 'http://127.0.0.1:4999/checkout/success?order_id=o',
    cancelUrl: 'http://127.0.0.1:4999/checkout?cancelled=1',
    metadata: { order_id: orderId, user_id: 'u-1', plan_id: 'basic_1m' },
    buyerEmail: 'ada@example.com',
    ...overrides,
  };
}

/**
 * How the line between the API and the sandbox behaves (PaymentsLine): `pass` forwards; `down` refuses every
 * connection (the provider unreachable); `lose_charge_answers` forwards every request but, on a connection that
 * carried POST /v1/payment_intents, drops the sandbox's answer and cuts the connection — the charge happened, the
 * API never heard (a lost answer).
 */
export type LineMode = 'pass' | 'down' | 'lose_charge_answers';

export interface PaymentsLine {
  /** The address to give the API instead of the sandbox's. */
  url: string;
  mode: LineMode;
  /** Switches the mode and cuts the open connections (the SDK's kept-alive ones too). */
  setMode(mode: LineMode): void;
  close(): Promise<void>;
}

/** A TCP line in front of the sandbox whose behaviour a test switches (see LineMode). */
export async function startPaymentsLine(sandboxUrl: string): Promise<PaymentsLine> {
  const target = new URL(sandboxUrl);
  const sockets = new Set<Socket>();
  const line: PaymentsLine = {
    url: '',
    mode: 'pass',
    setMode(mode) {
      line.mode = mode;
      for (const socket of sockets) socket.destroy();
    },
    close: async () => undefined,
  };
  const server = createTcpServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (line.mode === 'down') {
      client.destroy();
      return;
    }
    let doomed = false;
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    client.on('data', (chunk: Buffer) => {
      if (line.mode === 'lose_charge_answers' && chunk.toString('latin1').startsWith('POST /v1/payment_intents')) doomed = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (doomed) {
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  line.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  line.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return line;
}
