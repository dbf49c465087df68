// Idempotency keys with Stripe's semantics, through the official SDK over a real socket.
import type Stripe from 'stripe';
import type { PaymentsSandbox } from '../server';
import { cardPaymentMethod, SECRET_KEY, startTestSandbox, stripeFor } from '../testing/testSandbox';
import { IDEMPOTENCY_TTL_MS, IdempotencyStore } from './idempotency';

let sandbox: PaymentsSandbox;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startTestSandbox({ chargeLatencyMs: 150 });
  stripe = stripeFor(sandbox);
});
afterAll(() => sandbox.close());

const chargesOf = (intentId: string) => [...sandbox.state.charges.values()].filter((c) => c.payment_intent === intentId);
const eventsOf = (type: string, intentId: string) => sandbox.state.events.filter((e) => e.type === type && (e.data.object as { id: string }).id === intentId);

describe('idempotency keys', () => {
  it('replay the first answer to the same key and parameters, without charging again', async () => {
    const method = await cardPaymentMethod(sandbox, '4242424242424242');
    const params = { amount: 999, currency: 'usd', payment_method: method.id, confirm: true };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-1' });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(chargesOf(first.id)).toHaveLength(1);
  });

  it('replay a decline with its 402, and the intent stays the one intent', async () => {
    const method = await cardPaymentMethod(sandbox, '4000000000009995');
    const params = { amount: 999, currency: 'usd', payment_method: method.id, confirm: true };
    const failures = await Promise.all(
      [0, 1].map(async (i) => {
        if (i) await new Promise((resolve) => setTimeout(resolve, 400));
        return stripe.paymentIntents.create(params, { idempotencyKey: 'order-declined' }).catch((e: Stripe.errors.StripeError) => e);
      }),
    );
    for (const failure of failures) expect(failure).toMatchObject({ statusCode: 402, decline_code: 'insufficient_funds' });
    const ids = failures.map((f) => ((f as Stripe.errors.StripeCardError).payment_intent as Stripe.PaymentIntent).id);
    expect(new Set(ids).size).toBe(1);
    expect(eventsOf('payment_intent.payment_failed', ids[0] ?? '')).toHaveLength(1);
  });

  it('refuse the same key with other parameters (400 idempotency_error)', async () => {
    await stripe.customers.create({ email: 'one@example.com' }, { idempotencyKey: 'customer-1' });
    await expect(stripe.customers.create({ email: 'two@example.com' }, { idempotencyKey: 'customer-1' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
      message: expect.stringContaining("Try using a key other than 'customer-1'"),
    });
  });

  it('do not keep answers to requests that failed validation', async () => {
    await expect(stripe.paymentIntents.create({ amount: 10, currency: 'usd' }, { idempotencyKey: 'fix-and-retry' })).rejects.toMatchObject({ code: 'amount_too_small' });
    await expect(stripe.paymentIntents.create({ amount: 1000, currency: 'usd' }, { idempotencyKey: 'fix-and-retry' })).resolves.toMatchObject({ amount: 1000 });
  });

  it('are kept per API key', async () => {
    const other = await startTestSandbox({ secretKeys: [SECRET_KEY, 'sk_test_second_account'] });
    try {
      const a = await stripeFor(other).customers.create({}, { idempotencyKey: 'shared' });
      const b = await stripeFor(other, 'sk_test_second_account').customers.create({ email: 'x@example.com' }, { idempotencyKey: 'shared' });
      expect(b.id).not.toBe(a.id);
    } finally {
      await other.close();
    }
  });

  it('charge once when identical requests with one key arrive together (409 while in flight, then the replay)', async () => {
    const method = await cardPaymentMethod(sandbox, '4242424242424242');
    const params = { amount: 2599, currency: 'usd', payment_method: method.id, confirm: true };
    const results = await Promise.all(Array.from({ length: 5 }, () => stripe.paymentIntents.create(params, { idempotencyKey: 'double-click' })));
    const ids = new Set(results.map((r) => r.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(chargesOf(id ?? '')).toHaveLength(1);
    expect(eventsOf('payment_intent.succeeded', id ?? '')).toHaveLength(1);

    // Without the SDK's retries, the overlapping request sees Stripe's 409.
    const noRetry = stripeFor(sandbox, SECRET_KEY, 0);
    const other = await cardPaymentMethod(sandbox, '4242424242424242');
    const overlap = { amount: 2599, currency: 'usd', payment_method: other.id, confirm: true };
    const settled = await Promise.allSettled([noRetry.paymentIntents.create(overlap, { idempotencyKey: 'overlap' }), noRetry.paymentIntents.create(overlap, { idempotencyKey: 'overlap' })]);
    expect(settled.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = settled.find((s) => s.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ statusCode: 409, code: 'idempotency_key_in_use' });
  });
});

describe('the idempotency store', () => {
  it('forgets a key after 24 hours', () => {
    let now = 0;
    const store = new IdempotencyStore(() => now);
    const first = store.begin('sk', 'k', 'A');
    if (first.kind !== 'new') throw new Error('expected a new key');
    first.finish(200, '{}', true);
    expect(() => store.begin('sk', 'k', 'B')).toThrow(/same parameters/);
    now = IDEMPOTENCY_TTL_MS + 1;
    expect(store.begin('sk', 'k', 'B').kind).toBe('new');
  });
});
