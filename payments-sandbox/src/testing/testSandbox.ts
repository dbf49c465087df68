// For tests: a sandbox on a free port, the official Stripe SDK pointed at it over a real socket, and a webhook
// receiver that records what arrives (raw body and headers) and answers what the test tells it to.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { SandboxConfig } from '../config';
import { type PaymentsSandbox, startPaymentsSandbox } from '../server';

export const SECRET_KEY = 'sk_test_sandbox_tests_1';
export const PUBLISHABLE_KEY = 'pk_test_sandbox_tests_1';
export const WEBHOOK_SECRETS = ['whsec_current_secret', 'whsec_next_secret'];

export function stripeFor(sandbox: PaymentsSandbox, key = SECRET_KEY, maxNetworkRetries = 2): Stripe {
  const { hostname, port, protocol } = new URL(sandbox.url);
  return new Stripe(key, { host: hostname, port: Number(port), protocol: protocol.replace(':', '') as 'http', maxNetworkRetries, telemetry: false });
}

export interface ReceivedWebhook {
  rawBody: string;
  headers: IncomingHttpHeaders;
  status: number;
}

/** What a receiver answers: a status (with the body `{}`), or a status and a text body (PayOK's `OK`). */
export type ReceiverAnswer = number | { status: number; body: string };

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** What to answer the next request with (defaults to 200). */
  answer: (next: (body: string) => ReceiverAnswer) => void;
  close: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let decide: (body: string) => ReceiverAnswer = () => 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const decided = decide(rawBody);
      const [status, type, answer] = typeof decided === 'number' ? [decided, 'application/json', '{}'] : [decided.status, 'text/plain', decided.body];
      received.push({ rawBody, headers: request.headers, status });
      response.writeHead(status, { 'content-type': type }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/payments`,
    received,
    answer: (next) => {
      decide = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function startTestSandbox(overrides: Partial<SandboxConfig> = {}): Promise<PaymentsSandbox> {
  return startPaymentsSandbox({
    secretKeys: [SECRET_KEY],
    publishableKeys: [PUBLISHABLE_KEY],
    allowedOrigins: ['http://127.0.0.1:4999'],
    retry: { attempts: 4, baseDelayMs: 20, factor: 2, timeoutMs: 2_000 },
    ...overrides,
  });
}

export interface SandboxWithReceiver {
  sandbox: PaymentsSandbox;
  stripe: Stripe;
  receiver: WebhookReceiver;
}

/**
 * For a test file about webhooks: a sandbox delivering to a receiver (both live secrets), started before all tests
 * and handed to `started`, closed after them; before each test, deliveries done and the receiver emptied (answering 200).
 */
export function withSandboxAndReceiver(started: (rig: SandboxWithReceiver) => void): void {
  let rig: SandboxWithReceiver | undefined;
  beforeAll(async () => {
    const receiver = await startWebhookReceiver();
    const sandbox = await startTestSandbox({ webhooks: [{ url: receiver.url, secrets: WEBHOOK_SECRETS }] });
    rig = { sandbox, stripe: stripeFor(sandbox), receiver };
    started(rig);
  });
  afterAll(async () => {
    await rig?.sandbox.close();
    await rig?.receiver.close();
  });
  beforeEach(async () => {
    await rig?.sandbox.webhooks.idle();
    rig?.receiver.received.splice(0);
    rig?.receiver.answer(() => 200);
  });
}

export interface ProviderSandboxRig {
  sandbox: PaymentsSandbox;
  /** Where each payment's own notification URL points. */
  receiver: WebhookReceiver;
  /** The notification URL of the merchant's settings at the provider (used when a payment names none). */
  merchantSetting: WebhookReceiver;
}

/**
 * For a test file about a provider's own API (CoinPayments, Volt, Directa24, UpGate, PayOK): a sandbox configured by `configOf` with
 * the merchant's settings' notification URL, and a receiver for each payment's own URL and one for that setting;
 * started before all tests and handed to `started`, closed after them; before each test, both receivers emptied (the
 * payments' answering 200).
 */
export function withProviderSandbox(configOf: (merchantSettingUrl: string) => Partial<SandboxConfig>, started: (rig: ProviderSandboxRig) => void): void {
  let rig: ProviderSandboxRig | undefined;
  beforeAll(async () => {
    const receiver = await startWebhookReceiver();
    const merchantSetting = await startWebhookReceiver();
    rig = { sandbox: await startTestSandbox(configOf(merchantSetting.url)), receiver, merchantSetting };
    started(rig);
  });
  afterAll(async () => {
    await rig?.sandbox.close();
    await rig?.receiver.close();
    await rig?.merchantSetting.close();
  });
  beforeEach(() => {
    rig?.receiver.received.splice(0);
    rig?.merchantSetting.received.splice(0);
    rig?.receiver.answer(() => 200);
  });
}

/** A card payment method made as the hosted card fields make it (publishable key). */
export async function cardPaymentMethod(sandbox: PaymentsSandbox, number: string, expiry = { month: 12, year: new Date().getUTCFullYear() + 3 }, cvc = '123') {
  const publishable = stripeFor(sandbox, PUBLISHABLE_KEY);
  return publishable.paymentMethods.create({ type: 'card', card: { number, exp_month: expiry.month, exp_year: expiry.year, cvc } } as Stripe.PaymentMethodCreateParams);
}

/** Calls a sandbox control (/_sandbox/…). */
export async function control(sandbox: PaymentsSandbox, method: 'GET' | 'POST', path: string, body?: unknown, key = SECRET_KEY) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { data?: unknown[] } };
}
