import { CARDS, type TestPaymentsSandbox } from '../../../testing/paymentsSandbox';
import { describePayments } from '../../../testing/paymentsDescribe';
import type { TestApp } from '../../../testing/testApp';
import { ledgerOf } from '../ledger';
import { runBillingJobs } from './billingJobs';
import { grantFreeMonths } from './freeMonths';
import type { LifecycleDeps } from './lifecycleDeps';
import { GRACE_DAYS, GRACE_RETRY_DAYS } from './lifecycleRules';
import { chargesOf, lifecycleDepsOf, subscribeForTest, tierOf } from './lifecycleTestKit';
import { DAY_MS, addMonths } from '@fable/rules/billing';
import { renewSubscription } from './renewal';
import { loadSubscription } from './subscriptionStore';

/**
 * The lifecycle jobs against the payments sandbox over a real socket, on both databases. The clock only moves
 * forward (tests run in a random order and every run of the jobs sweeps every subscription): each test subscribes at
 * the clock's now and looks only at its own subscription and its charges.
 */
// Each test talks to the sandbox many times over its socket: more than jest's 5 s on a busy machine.
jest.setTimeout(30_000);

describePayments('billing lifecycle on %s', (rig) => {
  let t: TestApp;
  let sandbox: TestPaymentsSandbox;
  let deps: LifecycleDeps;
  beforeAll(() => {
    ({ t, payments: sandbox } = rig);
    deps = lifecycleDepsOf(rig);
  });

  const member = async () => (await rig.member('cycle')).id;
  const now = () => t.clock.now();
  const advanceTo = (date: Date) => t.clock.set(new Date(Math.max(date.getTime(), now().getTime())));
  const runsOf = (runs: Awaited<ReturnType<typeof runBillingJobs>>, subscriptionId: string) => runs.filter((r) => r.subscription_id === subscriptionId).map((r) => `${r.kind}:${r.result}`);

  it('renews at recur_at with the next plan price plus tax, once even when the job runs twice or the worker runs again', async () => {
    const userId = await member();
    const { subscription: sub } = await subscribeForTest(t.db, sandbox, userId, 'basic_1m', CARDS.approves, now());
    advanceTo(sub.current_period_end);
    const [first, second] = await Promise.all([runBillingJobs(deps, now(), { worker: 'a' }), runBillingJobs(deps, now(), { worker: 'b' })]);
    expect([...runsOf(first, sub.id), ...runsOf(second, sub.id)]).toEqual(['renew:renewed']);
    expect(runsOf(await runBillingJobs(deps, now()), sub.id)).toEqual([]);
    // The same job run again by hand (a worker that died after charging): the key replays, nothing new is charged.
    const jobId = [...first, ...second].find((r) => r.subscription_id === sub.id)?.id as string;
    expect(await renewSubscription(deps, sub.id, sub.current_period_end, jobId, now())).toBe('stale');

    const charges = chargesOf(sandbox, sub.id);
    expect(charges.map((c) => c.amount)).toEqual([1609]); // 15.00 + 7.25 % (1.0875 → 1.09)
    const renewed = await loadSubscription(t.db, sub.id);
    expect(renewed).toMatchObject({ status: 'active', plan_id: 'basic_1m', revision: sub.revision + 1 });
    expect(renewed?.current_period_start.toISOString()).toBe(sub.current_period_end.toISOString());
    expect(renewed?.current_period_end.toISOString()).toBe(addMonths(sub.current_period_end, 1).toISOString());
    const ledger = await ledgerOf(t.db, sub.id);
    expect(ledger.map((e) => e.action)).toEqual(['subscription.created', 'order.succeeded', 'subscription.renewed']);
  });

  it('a card that needs strong customer authentication, saved without setting it up for renewals, is refused off session: the renewal goes into grace', async () => {
    const userId = await member();
    const { subscription: sub } = await subscribeForTest(t.db, sandbox, userId, 'basic_1m', CARDS.authenticatesOnce, now());
    advanceTo(sub.current_period_end);
    expect(await renewSubscription(deps, sub.id, sub.current_period_end, `sca-${sub.id}`, now())).not.toBe('renewed');
    expect(chargesOf(sandbox, sub.id)).toEqual([]);
    expect((await loadSubscription(t.db, sub.id))?.status).toBe('grace');
  });

  it('charges once when the same renewal job is run twice at the same moment (the job id is the idempotency key)', async () => {
    const userId = await member();
    const { subscription: sub } = await subscribeForTest(t.db, sandbox, userId, 'premium_1m', CARDS.approves, now());
    advanceTo(sub.current_period_end);
    const results = await Promise.all([
      renewSubscription(deps, sub.id, sub.current_period_end, 'job-twice', now()),
      renewSubscription(deps, sub.id, sub.current_period_end, 'job-twice', now()),
    ]);
    expect(results.sort()).toEqual(['renewed', 'stale']);
    expect(chargesOf(sandbox, sub.id).map((c) => c.amount)).toEqual([2680]); // 24.99 + 7.25 % (1.8118 → 1.81)
    const { rows } = await t.db.query<{ n: number }>(`select count(*)::int as n from billing_orders where subscription_id = $1 and kind = 'renewal'`, [sub.id]);
    expect(rows[0]?.n).toBe(1);
  });

  it('a failing card puts the renewal into grace, retries on days 1, 3 and 5, then expires at 7 days and the role goes back to free', async () => {
    const userId = await member();
    const { subscription: sub } = await subscribeForTest(t.db, sandbox, userId, 'premium_1m', CARDS.attachesThenFails, now());
    expect(await tierOf(t.db, userId)).toBe('premium');
    advanceTo(sub.current_period_end);
    expect(runsOf(await runBillingJobs(deps, now()), sub.id)).toEqual(['renew:grace']);
    expect((await loadSubscription(t.db, sub.id))?.status).toBe('grace');
    expect(await tierOf(t.db, userId)).toBe('premium'); // grace keeps access

    for (const day of GRACE_RETRY_DAYS) {
      advanceTo(new Date(sub.current_period_end.getTime() + day * DAY_MS));
      expect(runsOf(await runBillingJobs(deps, now()), sub.id)).toEqual(['renew:still_grace']);
    }
    advanceTo(new Date(sub.current_period_end.getTime() + GRACE_DAYS * DAY_MS - 1));
    expect(runsOf(await runBillingJobs(deps, now()), sub.id)).toEqual([]);
    advanceTo(new Date(sub.current_period_end.getTime() + GRACE_DAYS * DAY_MS));
    expect(runsOf(await runBillingJobs(deps, now()), sub.id)).toEqual(['expire:expired']);

    expect((await loadSubscription(t.db, sub.id))?.status).toBe('expired');
    expect(await tierOf(t.db, userId)).toBe('free');
    const { rows } = await t.db.query<{ subscription: { status: string; role: string } }>('select subscription from users where id = $1', [userId]);
    expect(rows[0]?.subscription).toMatchObject({ platform: 'sticky', status: 'expired', role: 'free_tier' });
    expect(chargesOf(sandbox, sub.id)).toEqual([]);
    const ledger = await ledgerOf(t.db, sub.id);
    expect(ledger.filter((e) => e.action.startsWith('subscription.')).map((e) => `${e.action} ${e.from_state}→${e.to_state}`)).toEqual([
      'subscription.created null→active',
      'subscription.renewal_failed active→grace',
      'subscription.renewal_failed grace→grace',
      'subscription.renewal_failed grace→grace',
      'subscription.renewal_failed grace→grace',
      'subscription.expired grace→expired',
    ]);
    expect(ledger.find((e) => e.action === 'subscription.renewal_failed')?.details).toMatchObject({ message: 'Your card was declined.' });
  });

  it('a scheduled downgrade takes effect at the renewal, and a coupon discounts only the charges it has left', async () => {
    await t.db.query(
      `insert into billing_coupons (application_id, code, kind, percent_off, duration, duration_months, created_at)
       values ('fable', 'HALF2', 'coupon', 50, 'months', 2, $1) on conflict do nothing`,
      [now()],
    );
    const userId = await member();
    const { subscription: sub } = await subscribeForTest(t.db, sandbox, userId, 'premium_1m', CARDS.approves, now(), { couponCode: 'HALF2', couponChargesLeft: 1 });
    await t.db.query(`update subscriptions set next_plan_id = 'basic_1m' where id = $1`, [sub.id]);
    advanceTo(sub.current_period_end);
    expect(runsOf(await runBillingJobs(deps, now()), sub.id)).toEqual(['renew:renewed']);
    const renewed = await loadSubscription(t.db, sub.id);
    expect(renewed).toMatchObject({ plan_id: 'basic_1m', next_plan_id: null, coupon_charges_left: 0 });
    expect(await tierOf(t.db, userId)).toBe('basic');
    advanceTo(renewed?.current_period_end as Date);
    expect(runsOf(await runBillingJobs(deps, now()), sub.id)).toEqual(['renew:renewed']);
    // 7.50 + 7.25 % (0.54375 → 0.54); then the full 15.00 + 1.09
    expect(chargesOf(sandbox, sub.id).map((c) => c.amount)).toEqual([804, 1609]);
  });

  it('a cancelled subscription expires at recur_at without a charge', async () => {
    const userId = await member();
    const { subscription: sub } = await subscribeForTest(t.db, sandbox, userId, 'basic_1y', CARDS.approves, now());
    await t.db.query(`update subscriptions set status = 'cancelled', cancel_at_period_end = true, revision = revision + 1 where id = $1`, [sub.id]);
    advanceTo(new Date(sub.current_period_end.getTime() - 1));
    expect(runsOf(await runBillingJobs(deps, now()), sub.id)).toEqual([]);
    expect(await tierOf(t.db, userId)).toBe('basic');
    advanceTo(sub.current_period_end);
    expect(runsOf(await runBillingJobs(deps, now()), sub.id)).toEqual(['renew:expired']);
    expect((await loadSubscription(t.db, sub.id))?.status).toBe('expired');
    expect(await tierOf(t.db, userId)).toBe('free');
    expect(chargesOf(sandbox, sub.id)).toEqual([]);
  });

  it('a charge whose answer is lost fails the job; the retry with the same key gets the provider replay: charged once', async () => {
    const userId = await member();
    const { subscription: sub } = await subscribeForTest(t.db, sandbox, userId, 'basic_1m', CARDS.approves, now());
    advanceTo(sub.current_period_end);
    rig.line.setMode('lose_charge_answers');
    const failed = await runBillingJobs(deps, now());
    expect(failed.filter((r) => r.subscription_id === sub.id).map((r) => r.result)).toEqual(['error']);
    rig.line.setMode('pass');
    // The provider took the money; we did not hear it: the order waits, pending, and the subscription is unchanged.
    expect(chargesOf(sandbox, sub.id).map((c) => c.amount)).toEqual([1609]);
    expect((await loadSubscription(t.db, sub.id))?.status).toBe('active');
    const { rows } = await t.db.query<{ status: string }>(`select status from billing_orders where subscription_id = $1 and kind = 'renewal'`, [sub.id]);
    expect(rows.map((r) => r.status)).toEqual(['pending']);
    expect(runsOf(await runBillingJobs(deps, now()), sub.id)).toEqual([]); // not due yet: the queue's backoff
    advanceTo(new Date(now().getTime() + 60_000));
    expect(runsOf(await runBillingJobs(deps, now()), sub.id)).toEqual(['renew:renewed']);
    expect(chargesOf(sandbox, sub.id).map((c) => c.amount)).toEqual([1609]);
    expect((await loadSubscription(t.db, sub.id))?.status).toBe('active');
  });

  it('a provider that cannot be reached fails the job without a charge; it is retried later', async () => {
    const userId = await member();
    const { subscription: sub } = await subscribeForTest(t.db, sandbox, userId, 'basic_1m', CARDS.approves, now());
    advanceTo(sub.current_period_end);
    rig.line.setMode('down');
    expect((await runBillingJobs(deps, now())).filter((r) => r.subscription_id === sub.id).map((r) => r.result)).toEqual(['error']);
    rig.line.setMode('pass');
    expect(chargesOf(sandbox, sub.id)).toEqual([]);
    advanceTo(new Date(now().getTime() + 60_000));
    expect(runsOf(await runBillingJobs(deps, now()), sub.id)).toEqual(['renew:renewed']);
    expect(chargesOf(sandbox, sub.id)).toHaveLength(1);
  });

  describe('free months (leaderboard prizes)', () => {
    it('gives a member without a subscription a complimentary one that expires at its end, never charged, once per source', async () => {
      const userId = await member();
      const grant = { userId, applicationId: 'fable', tier: 'premium' as const, months: 1, source: `leaderboard:2026-02:All Bots:${userId}` };
      const created = await grantFreeMonths(t.db, grant, now());
      expect(created.outcome).toBe('created');
      expect(await grantFreeMonths(t.db, grant, now())).toMatchObject({ outcome: 'already_granted' });
      if (created.outcome !== 'created') throw new Error('not created');
      const sub = await loadSubscription(t.db, created.subscription_id);
      expect(sub).toMatchObject({ status: 'active', plan_id: 'premium_1m', provider: 'complimentary' });
      expect(await tierOf(t.db, userId)).toBe('premium');
      advanceTo(created.period_end);
      expect(runsOf(await runBillingJobs(deps, now()), created.subscription_id)).toEqual(['renew:expired']);
      expect(await tierOf(t.db, userId)).toBe('free');
      expect(chargesOf(sandbox, created.subscription_id)).toEqual([]);
    });

    it('pushes a subscriber\'s recur_at N months later, so the renewal comes then', async () => {
      const userId = await member();
      const { subscription: sub } = await subscribeForTest(t.db, sandbox, userId, 'basic_1m', CARDS.approves, now());
      const extended = await grantFreeMonths(t.db, { userId, applicationId: 'fable', tier: 'basic', months: 2, source: `prize:${userId}` }, now());
      expect(extended).toMatchObject({ outcome: 'extended', subscription_id: sub.id });
      const after = await loadSubscription(t.db, sub.id);
      expect(after?.current_period_end.getTime()).toBeGreaterThan(sub.current_period_end.getTime());
      advanceTo(sub.current_period_end);
      expect(runsOf(await runBillingJobs(deps, now()), sub.id)).toEqual([]);
      advanceTo(after?.current_period_end as Date);
      expect(runsOf(await runBillingJobs(deps, now()), sub.id)).toEqual(['renew:renewed']);
      expect(chargesOf(sandbox, sub.id)).toHaveLength(1);
    });
  });
});
