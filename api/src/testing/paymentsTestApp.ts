// For billing tests: the API on a scratch database with the payments sandbox behind a line the test can cut, the
// sandbox's webhooks relayed to it, and the helpers every paying test needs.
import { randomUUID } from 'node:crypto';
import { startPaymentsLine, startTestPaymentsSandbox, type PaymentsLine, type TestPaymentsSandbox } from './paymentsSandbox';
import type { AppConfig } from '../config';
import type { Backend } from './testDatabases';
import { bearer, signUp, startTestApp, type TestApp } from './testApp';

/** The payer's details of a checkout (document 2 §5 fields), as the billing tests send them. */
export const PAYER_DETAILS = { email: 'payer@example.com', first_name: 'Pat', last_name: 'Payer', country: 'US', state: 'CA', postal_code: '90210' } as const;

/** An injected answer's JSON body (null for 204), untyped as the tests read it. */
const bodyOf = (res: Awaited<ReturnType<TestApp['app']['inject']>>) => (res.statusCode === 204 ? null : res.json());

/** A new idempotency key, as the checkout makes one per attempt. */
export const idempotencyKey = () => randomUUID().replace(/-/g, '');

export interface PaymentsTestApp {
  t: TestApp;
  payments: TestPaymentsSandbox;
  line: PaymentsLine;
  /**
   * A new signed-up member: id, email and headers (bearer, with `headers` — another application's — kept for its
   * calls).
   */
  member(prefix?: string, headers?: Record<string, string>): Promise<{ id: string; email: string; headers: Record<string, string> }>;
  /** Calls `/api<url>`: the status and the JSON body (null for 204). */
  call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object): Promise<{ status: number; body: ReturnType<typeof bodyOf> }>;
  /**
   * A card checkout's body: a sandbox token of `card` (null: none), PAYER_DETAILS, basic_1m and a new idempotency key,
   * `extra` over them.
   */
  cardCheckout(card: string | null, extra?: object): Promise<Record<string, unknown>>;
  /** Passes or fails the sandbox's 3-D Secure challenge of `iframeUrl`, as its page's buttons do. */
  decide3ds(iframeUrl: string, outcome: 'success' | 'failure'): Promise<void>;
  /** After each test: the line back to pass, held webhooks released, every delivery done. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export async function startPaymentsTestApp(backend: Backend, clockAt = new Date('2026-03-15T12:00:00Z'), options: { config?: Partial<AppConfig> } = {}): Promise<PaymentsTestApp> {
  const payments = await startTestPaymentsSandbox();
  const line = await startPaymentsLine(payments.sandbox.url);
  const t = await startTestApp(backend, { config: options.config, payments: { config: { ...payments.config, sandboxUrl: line.url } } });
  t.clock.set(clockAt);
  payments.forwardWebhooksTo(t.app);
  return {
    t,
    payments,
    line,
    async member(prefix = 'payer', headers = {}) {
      const username = `${prefix}_${randomUUID().slice(0, 8)}`;
      const email = `${username}@example.com`;
      const signedIn = await signUp(t.app, email, username, headers);
      return { id: signedIn.user.id, email, headers: { ...headers, ...bearer(signedIn.token) } };
    },
    async call(method, url, headers, payload) {
      const res = await t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
      return { status: res.statusCode, body: bodyOf(res) };
    },
    async cardCheckout(card, extra = {}) {
      return { payment_token: card ? await payments.cardToken(card) : null, ...PAYER_DETAILS, plan_id: 'basic_1m', idempotency_key: idempotencyKey(), ...extra };
    },
    async decide3ds(iframeUrl, outcome) {
      const url = new URL(iframeUrl);
      const res = await fetch(`${url.origin}${url.pathname}/decision`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_secret: url.searchParams.get('client_secret'), outcome }),
      });
      if (res.status !== 200) throw new Error(`3-D Secure decision answered ${res.status}: ${await res.text()}`);
    },
    async settle() {
      line.setMode('pass');
      await payments.control('POST', '/_sandbox/webhooks/release', { order: 'as_created' });
      await payments.sandbox.webhooks.idle();
    },
    async close() {
      await t.close();
      await line.close();
      await payments.close();
    },
  };
}
