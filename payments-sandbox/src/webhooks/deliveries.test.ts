// Webhooks as Stripe sends them: signed with each live secret (verified by the official SDK's constructEvent),
// retried with backoff, and duplicated, reordered or failed on demand through the /_sandbox controls.
import Stripe from 'stripe';
import type { StripeEvent } from '../api/objects';
import type { PaymentsSandbox } from '../server';
import { cardPaymentMethod, control, PUBLISHABLE_KEY, WEBHOOK_SECRETS, withSandboxAndReceiver, type WebhookReceiver } from '../testing/testSandbox';

let sandbox: PaymentsSandbox;
let stripe: Stripe;
let receiver: WebhookReceiver;

withSandboxAndReceiver((rig) => ({ sandbox, stripe, receiver } = rig));

const typeOf = (rawBody: string) => (JSON.parse(rawBody) as StripeEvent).type;
const received = (type: string) => receiver.received.filter((r) => typeOf(r.rawBody) === type);

describe('webhook deliveries', () => {
  it('are signed with both live secrets, each verified by stripe.webhooks.constructEvent', async () => {
    const method = await cardPaymentMethod(sandbox, '4242424242424242');
    const intent = await stripe.paymentIntents.create({ amount: 1299, currency: 'usd', payment_method: method.id, confirm: true });
    await sandbox.webhooks.idle();
    const [delivery] = received('payment_intent.succeeded');
    if (!delivery) throw new Error('no payment_intent.succeeded delivered');
    const header = String(delivery.headers['stripe-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    for (const secret of WEBHOOK_SECRETS) {
      const event = stripe.webhooks.constructEvent(delivery.rawBody, header, secret);
      expect(event).toMatchObject({ type: 'payment_intent.succeeded', object: 'event', data: { object: { id: intent.id, status: 'succeeded' } } });
      expect(event.id).toMatch(/^evt_/);
      expect(typeof event.created).toBe('number');
    }
    expect(() => stripe.webhooks.constructEvent(delivery.rawBody, header, 'whsec_wrong')).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(`${delivery.rawBody} `, header, WEBHOOK_SECRETS[0] ?? '')).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('announce a decline and a refund', async () => {
    const declined = await cardPaymentMethod(sandbox, '4000000000000002');
    await stripe.paymentIntents.create({ amount: 500, currency: 'usd', payment_method: declined.id, confirm: true }).catch(() => undefined);
    const method = await cardPaymentMethod(sandbox, '4242424242424242');
    const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'usd', payment_method: method.id, confirm: true });
    await stripe.refunds.create({ payment_intent: intent.id });
    await sandbox.webhooks.idle();
    const failed = JSON.parse(received('payment_intent.payment_failed')[0]?.rawBody ?? '{}') as StripeEvent;
    expect(failed.data.object).toMatchObject({ status: 'requires_payment_method', last_payment_error: { decline_code: 'generic_decline' } });
    const refunded = JSON.parse(received('charge.refunded')[0]?.rawBody ?? '{}') as StripeEvent;
    expect(refunded.data.object).toMatchObject({ object: 'charge', payment_intent: intent.id, refunded: true, amount_refunded: 500 });
  });

  it('are retried with growing waits while the endpoint fails, until it answers 2xx', async () => {
    let calls = 0;
    receiver.answer(() => (++calls <= 2 ? 500 : 200));
    const customer = await stripe.customers.create({ email: 'retry@example.com' });
    await sandbox.webhooks.idle();
    const attempts = received('customer.created');
    expect(attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(new Set(attempts.map((a) => (JSON.parse(a.rawBody) as StripeEvent).id)).size).toBe(1);
    const { body } = await control(sandbox, 'GET', '/_sandbox/deliveries');
    type Attempt = { at: string; status: number; retry_in_ms?: number };
    const delivery = (body.data as { event_id: string; status: string; attempts: Attempt[]; type: string }[]).find(
      (d) => d.type === 'customer.created' && JSON.parse(attempts[0]?.rawBody ?? '{}').id === d.event_id,
    );
    // The test sandbox waits 20 ms, then twice that (testSandbox.ts: base 20 ms, factor 2); no wait after the 2xx.
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: [{ status: 500, retry_in_ms: 20 }, { status: 500, retry_in_ms: 40 }, { status: 200 }] });
    expect(delivery?.attempts[2]).not.toHaveProperty('retry_in_ms');
    // Each attempt starts no sooner than its wait after the one before (plus however long that one took to answer).
    const times = delivery?.attempts.map((a) => Date.parse(a.at)) ?? [];
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(20 - 1);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(40 - 1);
    expect(customer.id).toMatch(/^cus_/);
  });

  it('give up after the configured attempts', async () => {
    receiver.answer(() => 503);
    await stripe.customers.create({ email: 'down@example.com' });
    await sandbox.webhooks.idle();
    expect(received('customer.created')).toHaveLength(4);
    const { body } = await control(sandbox, 'GET', '/_sandbox/deliveries');
    expect((body.data as { status: string }[]).at(-1)?.status).toBe('failed');
  });

  it('duplicate the next events on demand (same event id twice)', async () => {
    expect((await control(sandbox, 'POST', '/_sandbox/webhooks/duplicate_next', { count: 1 })).status).toBe(200);
    await stripe.customers.create({ email: 'twice@example.com' });
    await stripe.customers.create({ email: 'once@example.com' });
    await sandbox.webhooks.idle();
    const ids = received('customer.created').map((r) => (JSON.parse(r.rawBody) as StripeEvent).id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(2);
  });

  it('hold deliveries and release them in reverse order, each answered before the next', async () => {
    await control(sandbox, 'POST', '/_sandbox/webhooks/hold');
    const customer = await stripe.customers.create({ email: 'order@example.com' });
    await stripe.customers.update(customer.id, { name: 'Later name' });
    await sandbox.webhooks.idle();
    expect(receiver.received).toHaveLength(0);
    const released = await control(sandbox, 'POST', '/_sandbox/webhooks/release', { order: 'reverse' });
    expect(released.status).toBe(200);
    expect(receiver.received.map((r) => typeOf(r.rawBody))).toEqual(['customer.updated', 'customer.created']);
  });

  it('release held deliveries in an explicit order of event ids', async () => {
    await control(sandbox, 'POST', '/_sandbox/webhooks/hold');
    await stripe.customers.create({ email: 'a@example.com' });
    await stripe.customers.create({ email: 'b@example.com' });
    await stripe.customers.create({ email: 'c@example.com' });
    const events = sandbox.state.events.slice(-3).map((e) => e.id);
    await control(sandbox, 'POST', '/_sandbox/webhooks/release', { order: [events[1], events[2], events[0]] });
    expect(receiver.received.map((r) => (JSON.parse(r.rawBody) as StripeEvent).id)).toEqual([events[1], events[2], events[0]]);
  });

  it('fail the next attempts on demand: dropped ones arrive once later, lost answers make a duplicate', async () => {
    await control(sandbox, 'POST', '/_sandbox/webhooks/fail_next', { count: 1, mode: 'drop' });
    await stripe.customers.create({ email: 'dropped@example.com' });
    await sandbox.webhooks.idle();
    expect(received('customer.created')).toHaveLength(1);

    receiver.received.length = 0;
    await control(sandbox, 'POST', '/_sandbox/webhooks/fail_next', { count: 1, mode: 'lose_response' });
    await stripe.customers.create({ email: 'lost@example.com' });
    await sandbox.webhooks.idle();
    const ids = received('customer.created').map((r) => (JSON.parse(r.rawBody) as StripeEvent).id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('redeliver an event on demand', async () => {
    const customer = await stripe.customers.create({ email: 'again@example.com' });
    await sandbox.webhooks.idle();
    const event = sandbox.state.events.find((e) => e.type === 'customer.created' && (e.data.object as { id: string }).id === customer.id);
    expect((await control(sandbox, 'POST', `/_sandbox/events/${event?.id}/redeliver`)).status).toBe(200);
    await sandbox.webhooks.idle();
    expect(received('customer.created').filter((r) => (JSON.parse(r.rawBody) as StripeEvent).id === event?.id)).toHaveLength(2);
    expect((await control(sandbox, 'POST', '/_sandbox/events/evt_nope/redeliver')).status).toBe(404);
  });
});

describe('the /_sandbox controls', () => {
  it('answer health to anyone and everything else only with a secret key', async () => {
    expect(await (await fetch(`${sandbox.url}/_sandbox/health`)).json()).toMatchObject({ ok: true });
    expect((await control(sandbox, 'GET', '/_sandbox/deliveries', undefined, PUBLISHABLE_KEY)).status).toBe(401);
    expect((await control(sandbox, 'GET', '/_sandbox/events', undefined, 'sk_test_unknown')).status).toBe(401);
    expect((await fetch(`${sandbox.url}/_sandbox/events`)).status).toBe(401);
  });

  it('refuse bad control input with 400 and a message', async () => {
    const bad = await control(sandbox, 'POST', '/_sandbox/webhooks/fail_next', { count: 0 });
    expect(bad).toMatchObject({ status: 400, body: { error: { message: 'count must be an integer from 1 to 1000.' } } });
    expect((await control(sandbox, 'POST', '/_sandbox/webhooks/fail_next', { count: 1, mode: 'explode' })).status).toBe(400);
    expect((await control(sandbox, 'POST', '/_sandbox/webhooks/release', { order: 'sideways' })).status).toBe(400);
  });
});
