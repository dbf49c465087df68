import { randomUUID } from 'node:crypto';
import { CARDS } from '../../../testing/paymentsSandbox';
import { describePayments } from '../../../testing/paymentsDescribe';
import { runBillingJobs } from '../lifecycle/billingJobs';
import { lifecycleDepsOf, subscribeForTest } from '../lifecycle/lifecycleTestKit';
import { completePaidOrder, failOrder, refundOrder, type PaymentDeps } from './orderOutcome';
import { insertOrder, loadOrder } from './orders';
import { REFUND_JOB_KIND } from './refundRetry';

// order.refund_due: a payment that succeeded for an order that cannot be fulfilled (the member already has a
// subscription) is refunded at once, else by the billing worker's refund job with backoff until the provider does it,
// each step in the ledger, once even when two workers run.
describePayments('refund retry on %s', (rig) => {
  const now = () => rig.t.clock.now();
  const later = (ms: number) => rig.t.clock.set(new Date(now().getTime() + ms));
  const logged: string[] = [];
  const paymentDeps = (): PaymentDeps => ({
    ...lifecycleDepsOf(rig),
    payments: lifecycleDepsOf(rig).payments!,
    clock: rig.t.clock,
    log: { warn: (_o, msg) => logged.push(msg), error: (_o, msg) => logged.push(msg) },
  });

  /** A subscriber, and a second order of theirs paid at the sandbox (a twin tab's): it cannot become a subscription. */
  const paidTwinOrder = async () => {
    const { id: userId } = await rig.member('refund');
    const { customerId, subscription } = await subscribeForTest(rig.t.db, rig.payments, userId, 'basic_1m', CARDS.approves, now());
    const order = (await insertOrder(
      rig.t.db,
      { userId, applicationId: 'fable', planId: 'premium_1m', subtotalMinor: 2499, discountMinor: 0, taxMinor: 0, totalMinor: 2499, currency: 'USD', couponCode: null, idempotencyKey: randomUUID(), requestHash: 'test', provider: 'sandbox' },
      now(),
    ))!;
    const charged = await rig.payments.gateway.charge(
      { customerId, paymentMethodId: subscription.payment_method!.payment_method_id!, amountMinor: 2499, currency: 'USD', description: 'twin', metadata: { order_id: order.id, user_id: userId }, offSession: false },
      order.id,
    );
    if (charged.status !== 'succeeded') throw new Error(`the twin charge is ${charged.status}`);
    return { userId, order, intentId: charged.intentId };
  };
  const chargeOf = (orderId: string) => rig.payments.paidCharges().find((c) => c.metadata.order_id === orderId);
  const ledgerOf = async (orderId: string) =>
    (
      await rig.t.db.query<{ action: string; details: { attempt?: number; retry_at?: string | null } }>(
        'select action, details from billing_ledger where order_id = $1 order by id',
        [orderId],
      )
    ).rows.map((r) => (r.action === 'order.refund_failed' ? `${r.action}#${r.details.attempt}` : r.action));
  const refundJobOf = async (orderId: string) =>
    (await rig.t.db.query<{ attempts: number; run_at: Date; completed_at: Date | null }>(`select attempts, run_at, completed_at from billing_jobs where kind = $1 and payload->>'order_id' = $2`, [REFUND_JOB_KIND, orderId])).rows;
  const failuresOf = async (orderId: string) =>
    (await rig.t.db.query<{ details: { attempt: number; retry_at: string | null; error: string } }>(`select details from billing_ledger where order_id = $1 and action = 'order.refund_failed' order by id`, [orderId])).rows.map((r) => r.details);
  const givenUpJobOf = async (orderId: string) =>
    (await rig.t.db.query<{ failed_at: Date | null; last_error: string | null }>(`select failed_at, last_error from billing_jobs where kind = $1 and payload->>'order_id' = $2`, [REFUND_JOB_KIND, orderId])).rows;
  const refundRuns = (runs: Awaited<ReturnType<typeof runBillingJobs>>) => runs.filter((r) => r.kind === REFUND_JOB_KIND).map((r) => r.result);

  it('retries a refund the provider could not take, with backoff, until it is done; once with two workers', async () => {
    const { order, intentId } = await paidTwinOrder();
    rig.line.setMode('down');
    logged.length = 0;
    const outcome = await completePaidOrder(paymentDeps(), order, { intentId }, { actor: 'member', actorId: order.user_id });
    expect(outcome.kind).toBe('refunded');
    expect(outcome.order.status).toBe('succeeded');
    expect(await ledgerOf(order.id)).toEqual(['order.succeeded', 'order.refund_due', 'order.refund_failed#0']);
    expect(await failuresOf(order.id)).toEqual([expect.objectContaining({ attempt: 0, retry_at: new Date(now().getTime() + 60_000).toISOString() })]);
    expect(logged).toEqual([expect.stringContaining('could not be reached: the billing worker retries it')]);
    expect(await refundJobOf(order.id)).toHaveLength(1);

    // Not due yet; then due with the provider still down: failed, recorded, retried a minute later.
    const deps = lifecycleDepsOf(rig);
    expect(refundRuns(await runBillingJobs(deps, now()))).toEqual([]);
    later(60_000);
    expect(refundRuns(await runBillingJobs(deps, now()))).toEqual(['error']);
    expect(await ledgerOf(order.id)).toEqual(['order.succeeded', 'order.refund_due', 'order.refund_failed#0', 'order.refund_failed#1']);
    expect((await refundJobOf(order.id))[0]).toMatchObject({ attempts: 1, completed_at: null, run_at: new Date(now().getTime() + 60_000) });
    later(30_000);
    expect(refundRuns(await runBillingJobs(deps, now()))).toEqual([]);
    later(30_000);
    expect(refundRuns(await runBillingJobs(deps, now()))).toEqual(['error']);
    expect((await refundJobOf(order.id))[0]).toMatchObject({ attempts: 2, run_at: new Date(now().getTime() + 120_000) });
    expect(chargeOf(order.id)?.refunded).toBe(0);

    // The provider is back: two workers at once, one refund.
    rig.line.setMode('pass');
    later(120_000);
    const [a, b] = await Promise.all([runBillingJobs(lifecycleDepsOf(rig), now()), runBillingJobs(lifecycleDepsOf(rig), now())]);
    expect([...refundRuns(a), ...refundRuns(b)]).toEqual(['refunded']);
    expect(chargeOf(order.id)?.refunded).toBe(2499);
    expect((await loadOrder(rig.t.db, order.id))?.status).toBe('refunded');
    expect(await ledgerOf(order.id)).toEqual(['order.succeeded', 'order.refund_due', 'order.refund_failed#0', 'order.refund_failed#1', 'order.refund_failed#2', 'order.refunded']);
    expect((await refundJobOf(order.id))[0]?.completed_at).not.toBeNull();
    later(24 * 3600_000);
    expect(refundRuns(await runBillingJobs(deps, now()))).toEqual([]);
  });

  it('a payment that goes through for an order given up meanwhile, with the provider unreachable for the refund, is refunded by the worker', async () => {
    const m = await rig.member('givenup');
    const subscribe = async (plan: string) => {
      const payload = { payment_token: await rig.payments.cardToken(CARDS.approves), email: 'g@example.com', first_name: 'Given', last_name: 'Up', country: 'GB', postal_code: 'SW1A 1AA', plan_id: plan, idempotency_key: randomUUID() };
      return (await rig.t.app.inject({ method: 'POST', url: '/api/checkout/subscribe', headers: m.headers, payload })).statusCode;
    };
    await rig.payments.control('POST', '/_sandbox/webhooks/hold');
    rig.line.setMode('lose_charge_answers');
    expect(await subscribe('premium_1m')).toBe(503);
    rig.line.setMode('pass');
    expect(await subscribe('basic_1m')).toBe(200);
    const { rows } = await rig.t.db.query<{ id: string }>(`select id::text as id from billing_orders where user_id = $1 and status = 'failed'`, [m.id]);
    const givenUp = rows[0]!.id;
    // The first order's payment_intent.succeeded arrives while the provider cannot be reached for the refund.
    rig.line.setMode('down');
    await rig.payments.control('POST', '/_sandbox/webhooks/release', { order: 'as_created' });
    await rig.payments.sandbox.webhooks.idle();
    expect(chargeOf(givenUp)?.refunded).toBe(0);
    expect(await ledgerOf(givenUp)).toEqual(['order.failed', 'order.refund_failed#0']);
    rig.line.setMode('pass');
    later(60_000);
    expect(refundRuns(await runBillingJobs(lifecycleDepsOf(rig), now()))).toEqual(['refunded']);
    expect(chargeOf(givenUp)?.refunded).toBe(chargeOf(givenUp)?.amount);
    expect(await ledgerOf(givenUp)).toEqual(['order.failed', 'order.refund_failed#0', 'order.refunded']);
    expect((await loadOrder(rig.t.db, givenUp))?.status).toBe('refunded');
  });

  it('a refund the provider refuses outright (refunded already at its dashboard) is given up at its first attempt, for a person to look at', async () => {
    // The sandbox's webhooks wait, so that this test, not the payment's webhook, completes the order.
    await rig.payments.control('POST', '/_sandbox/webhooks/hold');
    const { order, intentId } = await paidTwinOrder();
    await rig.payments.gateway.refund(intentId, null, `dashboard:${order.id}`);
    logged.length = 0;
    const outcome = await completePaidOrder(paymentDeps(), order, { intentId }, { actor: 'member', actorId: order.user_id });
    expect(outcome).toMatchObject({ kind: 'refunded', order: { status: 'succeeded' } });
    expect(await ledgerOf(order.id)).toEqual(['order.succeeded', 'order.refund_due', 'order.refund_failed#0']);
    expect(await failuresOf(order.id)).toEqual([expect.objectContaining({ attempt: 0, retry_at: null, error: expect.stringContaining('already been refunded') })]);
    expect(logged).toEqual([expect.stringContaining('refused by the provider: given up')]);
    // The job queued with the debt is given up with the refusal, as the worker gives one up.
    expect(await givenUpJobOf(order.id)).toEqual([{ failed_at: now(), last_error: expect.stringContaining('refused by the provider') }]);

    // No attempt comes, however long the worker runs.
    later(7 * 24 * 3600_000);
    expect(refundRuns(await runBillingJobs(lifecycleDepsOf(rig), now()))).toEqual([]);
    expect(chargeOf(order.id)?.refunded).toBe(2499);
    expect((await loadOrder(rig.t.db, order.id))?.status).toBe('succeeded');

    // The held webhooks change nothing: the order was completed already.
    await rig.payments.control('POST', '/_sandbox/webhooks/release', { order: 'as_created' });
    await rig.payments.sandbox.webhooks.idle();
    expect(await ledgerOf(order.id)).toEqual(['order.succeeded', 'order.refund_due', 'order.refund_failed#0']);
  });

  it('a refusal at the first attempt for a payment of a given-up order queues no retry either', async () => {
    await rig.payments.control('POST', '/_sandbox/webhooks/hold');
    const { order, intentId } = await paidTwinOrder();
    await rig.payments.gateway.refund(intentId, null, `dashboard:${order.id}`);
    const givenUp = await failOrder(paymentDeps(), order, { status: 'failed', intentId: null, code: 'replaced', declineCode: null, message: 'Given up.' }, { actor: 'member', actorId: order.user_id });
    logged.length = 0;
    await refundOrder(paymentDeps(), { ...givenUp, provider_charge_id: intentId }, { actor: 'provider', actorId: null }, 'paid_after_given_up');
    expect(await ledgerOf(order.id)).toEqual(['order.failed', 'order.refund_failed#0']);
    expect(await failuresOf(order.id)).toEqual([expect.objectContaining({ attempt: 0, retry_at: null })]);
    expect(logged).toEqual([expect.stringContaining('refused by the provider: given up')]);
    expect(await givenUpJobOf(order.id)).toEqual([{ failed_at: now(), last_error: expect.stringContaining('refused by the provider') }]);
    later(24 * 3600_000);
    expect(refundRuns(await runBillingJobs(lifecycleDepsOf(rig), now()))).toEqual([]);
    expect(await ledgerOf(order.id)).toEqual(['order.failed', 'order.refund_failed#0']);
  });

  it('refunds at once when the provider answers; the queued retry then finds it done and refunds nothing more', async () => {
    const { order, intentId } = await paidTwinOrder();
    const outcome = await completePaidOrder(paymentDeps(), order, { intentId }, { actor: 'member', actorId: order.user_id });
    expect(outcome).toMatchObject({ kind: 'refunded', order: { status: 'refunded' } });
    expect(chargeOf(order.id)?.refunded).toBe(2499);
    later(60_000);
    expect(refundRuns(await runBillingJobs(lifecycleDepsOf(rig), now()))).toEqual(['already_refunded']);
    expect(await ledgerOf(order.id)).toEqual(['order.succeeded', 'order.refund_due', 'order.refunded']);
    expect(chargeOf(order.id)?.refunded).toBe(2499);
  });
});
