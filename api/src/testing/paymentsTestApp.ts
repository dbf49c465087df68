// For billing tests: the API on a scratch database with the payments sandbox behind a line the test can cut, the
// sandbox's webhooks relayed to it, and the helpers every paying test needs.
import { randomUUID } from 'node:crypto';
import { startPaymentsLine, startTestPaymentsSandbox, type PaymentsLine, type TestPaymentsSandbox } from './paymentsSandbox';
import type { Backend } from './testDatabases';
import { bearer, signUp, startTestApp, type TestApp } from './testApp';

export interface PaymentsTestApp {
  t: TestApp;
  payments: TestPaymentsSandbox;
  line: PaymentsLine;
  /** A new signed-up member: id and bearer headers. */
  member(prefix?: string): Promise<{ id: string; headers: Record<string, string> }>;
  /** Passes or fails the sandbox's 3-D Secure challenge of `iframeUrl`, as its page's buttons do. */
  decide3ds(iframeUrl: string, outcome: 'success' | 'failure'): Promise<void>;
  /** After each test: the line back to pass, held webhooks released, every delivery done. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export async function startPaymentsTestApp(backend: Backend, clockAt = new Date('2026-03-15T12:00:00Z')): Promise<PaymentsTestApp> {
  const payments = await startTestPaymentsSandbox();
  const line = await startPaymentsLine(payments.sandbox.url);
  const t = await startTestApp(backend, { payments: { config: { ...payments.config, sandboxUrl: line.url } } });
  t.clock.set(clockAt);
  payments.forwardWebhooksTo(t.app);
  return {
    t,
    payments,
    line,
    async member(prefix = 'payer') {
      const username = `${prefix}_${randomUUID().slice(0, 8)}`;
      const signedIn = await signUp(t.app, `${username}@example.com`, username);
      return { id: signedIn.user.id, headers: bearer(signedIn.token) };
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
