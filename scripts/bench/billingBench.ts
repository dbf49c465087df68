// Issue 15's billing figures, over real HTTP against the payments sandbox (payments-sandbox/, on a free port):
// - checkout price calculation: POST /api/checkout/calculate as the checkout page calls it (debounced) while the member
//   types their email and postal code — a different email / state / postal code each call;
// - subscribe: POST /api/checkout/subscribe with a card token made beforehand by the sandbox's card fields call, until
//   GET /api/checkout/orders/:id reads the order succeeded (the answer is 'Approved' once the charge went through and
//   the subscription is active; the success page then reads the order);
// - webhooks: members start redirect payments (payport, one of the providers still on the sandbox's generic redirect
//   sessions; the main brand is made to offer it) and pay on the sandbox's page with its webhooks held; the
//   sandbox's redirect_session events (created, completed) are then posted to POST /api/v2/payments/webhook, signed
//   with the sandbox's own signatureHeader, shuffled (a completion often before its creation), 30 % of them twice
//   (half of the copies in flight with the first, half later), `WEBHOOK_CONCURRENCY` in flight. Afterwards the sandbox's held deliveries are
//   released too (each event once more, in reverse). Proof of "applied once": orders, subscriptions, ledger rows and
//   stored events of the run's members are counted and printed.
// Run alone: npx tsx scripts/bench/billingBench.ts
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { signatureHeader } from '@fable/payments-sandbox';
import { seededRandom } from '@fable/rules/random';
import { buildApp } from '../../api/src/app';
import { testConfig, type AppConfig } from '../../api/src/config';
import { DEFAULT_RATE_LIMITS } from '../../api/src/http/rateLimits';
import { openDatabase } from '../../api/src/infra/db/openDatabase';
import { CARDS, PAYMENTS_WEBHOOK_PATH, TEST_WEBHOOK_SECRETS, startTestPaymentsSandbox } from '../../api/src/testing/paymentsSandbox';
import { LOOSE_LIMITS, bearer, signUp } from '../../api/src/testing/testApp';
import { percentile, timedLoad, type LoadResult } from './httpLoad';

const CALCULATE_REQUESTS = Number(process.env.BILLING_BENCH_CALCULATE ?? 1000);
const SUBSCRIBES = Number(process.env.BILLING_BENCH_SUBSCRIBES ?? 40);
const WEBHOOK_ORDERS = Number(process.env.BILLING_BENCH_WEBHOOK_ORDERS ?? 200);
/** The share of events delivered twice. */
const DUPLICATE_SHARE = 0.3;
const WEBHOOK_CONCURRENCY = 16;

const fmt = (n: number) => n.toFixed(2).padStart(7);
const figures = (r: LoadResult, unit: string) =>
  `median ${fmt(r.p50)} ms   p95 ${fmt(r.p95)} ms   ${r.perSecond.toFixed(1).padStart(6)} ${unit}/s`;

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The events in a shuffled order with `share` of them delivered twice: half of those twice at once (the copy right
 * after the first, so both are in flight together), the other half again later (the copy at a random place after
 * the first, as a provider's retry).
 */
function deliveryOrder<T>(events: readonly T[], share: number, random = seededRandom(15)): T[] {
  const twice = shuffled(events, random).slice(0, Math.round(events.length * share));
  const atOnce = new Set(twice.slice(0, Math.ceil(twice.length / 2)));
  const out: T[] = [];
  for (const event of shuffled(events, random)) {
    out.push(event);
    if (atOnce.has(event)) out.push(event);
  }
  for (const event of twice.slice(atOnce.size)) {
    const first = out.indexOf(event);
    out.splice(first + 1 + Math.floor(random() * (out.length - first)), 0, event);
  }
  return out;
}

interface SandboxEvent {
  id: string;
  type: string;
  created: number;
  data: { object: { id: string; metadata?: Record<string, string> } };
}

/** POSTs JSON over HTTP; throws unless the status is `expected`. */
async function post<T>(url: string, headers: Record<string, string>, body: unknown, expected = 200): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== expected) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function benchBilling(label: string, overrides: Partial<AppConfig> = {}): Promise<void> {
  const payments = await startTestPaymentsSandbox();
  const config = testConfig({ ...overrides, payments: payments.config });
  const db = await openDatabase(config);
  const unlimited = { max: 1e9, windowSeconds: 60 };
  const app = await buildApp(config, { db, limits: { ...DEFAULT_RATE_LIMITS, ...LOOSE_LIMITS, perMember: unlimited, perGuest: unlimited, perIp: unlimited } });
  payments.forwardWebhooksTo(app);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const stamp = Date.now().toString(36).slice(-5);
    let made = 0;
    const member = async () => {
      const n = (made++).toString(36);
      const signedIn = await signUp(app, `billbench_${stamp}_${n}@example.com`, `bb${stamp}${n}`);
      return { id: signedIn.user.id, headers: bearer(signedIn.token) };
    };
    const person = { first_name: 'Pat', last_name: 'Payer', country: 'US', state: 'CA', postal_code: '90210' };
    const key = () => randomUUID().replace(/-/g, '');
    console.log(`  ${label}:`);

    // Price calculation: a few members, each call another email, state and postal code (what the debounce sends).
    const STATES = ['CA', 'NY', 'TX', 'WA', 'FL', 'IL', 'OR', 'MA'];
    const callers = await Promise.all(Array.from({ length: 8 }, () => member()));
    const calculate = (i: number) =>
      post(`${base}/checkout/calculate`, callers[i % callers.length]!.headers, {
        plan_id: i % 2 ? 'basic_1y' : 'premium_1m',
        email: `shopper${i}@example.com`,
        country: 'US',
        state: STATES[i % STATES.length],
        postal_code: String(10000 + ((i * 7919) % 89999)),
      });
    await timedLoad(100, 4, calculate); // warm-up
    const calcOne = await timedLoad(Math.ceil(CALCULATE_REQUESTS / 5), 1, calculate);
    const calcMany = await timedLoad(CALCULATE_REQUESTS, 16, calculate);
    console.log(`    POST /checkout/calculate, 1 in flight (${calcOne.requests})          ${figures(calcOne, 'req')}`);
    console.log(`    POST /checkout/calculate, 16 in flight (${calcMany.requests})        ${figures(calcMany, 'req')}`);

    // Subscribe with a card token, until the order reads succeeded.
    const subscribe = async (concurrency: number, runs: number) => {
      const payers = await Promise.all(Array.from({ length: runs }, async () => ({ ...(await member()), token: await payments.cardToken(CARDS.approves) })));
      const answered: number[] = [];
      const result = await timedLoad(runs, concurrency, async (i) => {
        const payer = payers[i]!;
        const t0 = performance.now();
        const answer = await post<{ resp_msg: string; order_id: string; subscription_id: string }>(`${base}/checkout/subscribe`, payer.headers, {
          ...person,
          email: `payer${i}@example.com`,
          plan_id: 'basic_1y',
          payment_token: payer.token,
          idempotency_key: key(),
        });
        answered.push(performance.now() - t0);
        if (answer.resp_msg !== 'Approved') throw new Error(`subscribe answered ${JSON.stringify(answer)}`);
        for (;;) {
          const order = (await (await fetch(`${base}/checkout/orders/${answer.order_id}`, { headers: payer.headers })).json()) as { status: string };
          if (order.status === 'succeeded') break;
          if (order.status !== 'pending') throw new Error(`order ${answer.order_id} is ${order.status}`);
          if (performance.now() - t0 > 30_000) throw new Error(`order ${answer.order_id} not settled after 30 s`);
        }
      });
      const { rows } = await db.query<{ n: number }>("select count(*)::int as n from subscriptions where user_id = any($1::uuid[]) and status = 'active'", [payers.map((p) => p.id)]);
      answered.sort((a, b) => a - b);
      console.log(
        `    subscribe → order succeeded, ${concurrency} in flight (${runs}; ${rows[0]?.n} active subscriptions)  ${figures(result, 'subscribes')}` +
          `   (the subscribe answer alone: median ${fmt(percentile(answered, 50))} ms   p95 ${fmt(percentile(answered, 95))} ms)`,
      );
    };
    await subscribe(1, Math.ceil(SUBSCRIBES / 2));
    await subscribe(4, SUBSCRIBES);
    await payments.sandbox.webhooks.idle();

    // Webhooks: redirect payments paid on the provider page with the sandbox's deliveries held.
    await payments.control('POST', '/_sandbox/webhooks/hold');
    // Payport: its payments are the sandbox's redirect sessions, whose events this part posts (Volt, Payssion and
    // CoinPayments notify in their own protocols).
    const { rows: offered } = await db.query<{ payment_methods: string[] }>("select payment_methods from billing_purchase_options where application_id = 'fable'");
    await db.query("update billing_purchase_options set payment_methods = $1 where application_id = 'fable'", [JSON.stringify([...new Set([...(offered[0]?.payment_methods ?? []), 'payport'])])]);
    const buyers = new Map<string, string>(); // order id → member id
    await timedLoad(WEBHOOK_ORDERS, 4, async () => {
      const buyer = await member();
      const { url, order_id: orderId } = await post<{ url: string; order_id: string }>(`${base}/checkout/payport_new_payment`, buyer.headers, {
        ...person,
        email: 'payer@example.com',
        plan_id: 'premium_1m',
        payment_option: null,
        idempotency_key: key(),
      });
      buyers.set(orderId, buyer.id);
      const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
      if (paid.status !== 303) throw new Error(`provider page answered ${paid.status}`);
    });
    const events = ((await payments.control('GET', '/_sandbox/events')).body.data as SandboxEvent[]).filter(
      (e) => e.type.startsWith('redirect_session.') && buyers.has(e.data.object.metadata?.order_id ?? ''),
    );
    const deliveries = deliveryOrder(events, DUPLICATE_SHARE);
    const position = new Map<string, number>();
    let closeDuplicates = 0; // a second delivery within WEBHOOK_CONCURRENCY places of the first: in flight together
    deliveries.forEach((e, i) => {
      if (!position.has(e.id)) position.set(e.id, i);
      else if (i - position.get(e.id)! < WEBHOOK_CONCURRENCY) closeDuplicates++;
    });
    const createdAt = new Map(events.filter((e) => e.type === 'redirect_session.created').map((e) => [e.data.object.id, position.get(e.id)!]));
    const completedFirst = events.filter((e) => e.type === 'redirect_session.completed' && position.get(e.id)! < (createdAt.get(e.data.object.id) ?? Infinity)).length;
    const statuses = new Map<number, number>();
    const hooks = await timedLoad(deliveries.length, WEBHOOK_CONCURRENCY, async (i) => {
      const body = JSON.stringify(deliveries[i]);
      const res = await fetch(`http://${new URL(base).host}${PAYMENTS_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(body, TEST_WEBHOOK_SECRETS) },
        body,
      });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    });
    console.log(
      `    signed webhooks, ${WEBHOOK_CONCURRENCY} in flight (${deliveries.length} deliveries of ${events.length} events: ${deliveries.length - events.length} duplicates (${closeDuplicates} within ${WEBHOOK_CONCURRENCY} places of the first), ` +
        `${completedFirst} completions before their creation)  ${figures(hooks, 'events')}`,
    );
    console.log(`      answers: ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')}`);
    await payments.control('POST', '/_sandbox/webhooks/release', { order: 'reverse' });
    await payments.sandbox.webhooks.idle();

    // Proof: each order paid once, one subscription and one set of ledger rows per member, each event stored once.
    const orderIds = [...buyers.keys()];
    const memberIds = [...new Set(buyers.values())];
    const count = async (sql: string, params: Array<string[]>) => (await db.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0;
    const succeeded = await count("select count(*)::int as n from billing_orders where id = any($1::uuid[]) and status = 'succeeded'", [orderIds]);
    const subscriptions = await count('select count(*)::int as n from subscriptions where user_id = any($1::uuid[])', [memberIds]);
    const subscribed = await count('select count(distinct user_id)::int as n from subscriptions where user_id = any($1::uuid[])', [memberIds]);
    const ledger = (
      await db.query<{ action: string; n: number }>('select action, count(*)::int as n from billing_ledger where user_id = any($1::uuid[]) group by action order by action', [memberIds])
    ).rows;
    const eventIds = new Set(events.map((e) => e.id));
    const stored = await count('select count(*)::int as n from payment_webhook_events where event_id = any($1::text[])', [[...eventIds]]);
    const applied = await count('select count(*)::int as n from payment_webhook_events where event_id = any($1::text[]) and applied_at is not null', [[...eventIds]]);
    const sandboxDeliveries = ((await payments.control('GET', '/_sandbox/deliveries')).body.data as Array<{ event_id: string }>).filter((d) => eventIds.has(d.event_id));
    console.log(
      `      after those and the sandbox's own ${sandboxDeliveries.length} held deliveries (released in reverse): ${orderIds.length} orders → ${succeeded} succeeded; ` +
        `${subscriptions} subscriptions for ${memberIds.length} members (${subscribed} with one); ${stored} events stored once each (${applied} marked handled)`,
    );
    console.log(`      ledger rows of those members: ${ledger.map((r) => `${r.action} ${r.n}`).join(', ')}`);
  } finally {
    await app.close();
    await db.close();
    await payments.close();
  }
}

if (require.main === module) {
  void benchBilling('PGlite');
}
