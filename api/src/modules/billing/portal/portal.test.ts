import { API_HEADERS, PORTAL_ACTION_REQUIRES_ACTION, PORTAL_ACTION_SUCCESS, PortalSubscriptionSchema, YEARLY_SUBSCRIPTION_FREQUENCY } from '@fable/contracts';
import { randomUUID } from 'node:crypto';
import { CARDS, type TestPaymentsSandbox } from '../../../testing/paymentsSandbox';
import { describePayments } from '../../../testing/paymentsDescribe';
import { bearer, signInByEmail, testGuestId, type TestApp } from '../../../testing/testApp';
import { ledgerOf } from '../ledger';
import { runBillingJobs } from '../lifecycle/billingJobs';
import type { LifecycleDeps } from '../lifecycle/lifecycleDeps';
import { chargesOf, lifecycleDepsOf, subscribeForTest, tierOf } from '../lifecycle/lifecycleTestKit';
import { addMonths } from '@fable/rules/billing';
import { loadSubscription } from '../lifecycle/subscriptionStore';

/**
 * GET and PUT /subscriptions/sticky over the API, with the payments sandbox over a real socket, on both databases.
 * The clock only moves forward; each test subscribes at its now and looks at its own subscription and charges.
 */
// Each test talks to the sandbox many times over its socket: more than jest's 5 s on a busy machine.
jest.setTimeout(30_000);

describePayments('subscriber portal on %s', (rig, backend) => {
  let t: TestApp;
  let sandbox: TestPaymentsSandbox;
  let deps: LifecycleDeps;
  beforeAll(() => {
    ({ t, payments: sandbox } = rig);
    deps = lifecycleDepsOf(rig);
  });

  const member = () => rig.member('portal');
  async function subscriber(planId: string, card: string = CARDS.approves) {
    const m = await member();
    const subscribed = await subscribeForTest(t.db, sandbox, m.id, planId, card, t.clock.now());
    return { ...m, ...subscribed, sub: subscribed.subscription };
  }
  const now = () => t.clock.now();
  const advanceTo = (date: Date) => t.clock.set(new Date(Math.max(date.getTime(), now().getTime())));
  /** After moving the clock past the access token's life: a new sign-in, as the browser's refresh would. */
  const refresh = async (m: { email: string; headers: Record<string, string> }) => {
    m.headers = bearer((await signInByEmail(t.app, m.email)).token);
  };

  const list = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/sticky', headers });
    return { status: res.statusCode, body: res.json() };
  };
  const act = async (who: { headers: Record<string, string>; sub: { id: string }; orderId: string }, action: string, extra: object = {}) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/subscriptions/sticky',
      headers: who.headers,
      payload: { action, order_id: who.orderId, subscription_id: who.sub.id, ...extra },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const statusOf = async (id: string) => (await loadSubscription(t.db, id))?.status;

  describe('who may do what', () => {
    it('answers guests and callers without a token 401', async () => {
      expect((await list({})).status).toBe(401);
      expect((await list({ [API_HEADERS.guestUserId]: testGuestId() })).status).toBe(401);
      const res = await t.app.inject({ method: 'PUT', url: '/api/subscriptions/sticky', headers: { [API_HEADERS.guestUserId]: testGuestId() }, payload: { action: 'cancel', order_id: 'x', subscription_id: 'y' } });
      expect(res.statusCode).toBe(401);
    });

    it('lists nothing for a member without a subscription and 404s every action', async () => {
      const m = await member();
      expect(await list(m.headers)).toEqual({ status: 200, body: [] });
      const res = await act({ headers: m.headers, sub: { id: randomUUID() }, orderId: randomUUID() }, 'cancel');
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('subscription_not_found');
      expect((await act({ headers: m.headers, sub: { id: 'not-a-uuid' }, orderId: 'x' }, 'cancel')).body.error.code).toBe('subscription_not_found');
    });

    it("answers another member's subscription 404 and changes nothing; an order of another subscription is 404", async () => {
      const owner = await subscriber('basic_1m');
      const other = await member();
      const res = await act({ headers: other.headers, sub: owner.sub, orderId: owner.orderId }, 'cancel');
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('subscription_not_found');
      expect(await statusOf(owner.sub.id)).toBe('active');
      const wrongOrder = await act({ headers: owner.headers, sub: owner.sub, orderId: randomUUID() }, 'cancel');
      expect([wrongOrder.status, wrongOrder.body.error.code]).toEqual([404, 'order_not_found']);
    });

    it('refuses bad bodies with 400', async () => {
      const s = await subscriber('basic_1m');
      expect((await act(s, 'delete')).status).toBe(400);
      expect((await act(s, 'change_plan')).status).toBe(400);
      expect((await act(s, 'change_card', { card_token: '' })).status).toBe(400);
    });

    it('sends mobile-app subscribers to the app (409 managed_elsewhere)', async () => {
      const m = await member();
      await t.db.query(`update users set subscription = '{"platform":"revenuecat","status":"active","role":"paid_basic"}' where id = $1`, [m.id]);
      expect(await list(m.headers)).toEqual({ status: 200, body: [] });
      const res = await act({ headers: m.headers, sub: { id: randomUUID() }, orderId: randomUUID() }, 'cancel');
      expect([res.status, res.body.error.code]).toEqual([409, 'managed_elsewhere']);
    });

    it("leaves a SubscribeStar subscription to its platform: not listed, actions 409 managed_elsewhere, expired at its end without a charge", async () => {
      const s = await subscriber('basic_1m');
      await t.db.query(`update subscriptions set provider = 'subscribestar', provider_customer_id = null, payment_method = null where id = $1`, [s.sub.id]);
      expect(await list(s.headers)).toEqual({ status: 200, body: [] });
      const res = await act(s, 'cancel');
      expect([res.status, res.body.error.code]).toEqual([409, 'managed_elsewhere']);
      advanceTo(s.sub.current_period_end);
      const runs = await runBillingJobs(deps, now());
      expect(runs.filter((r) => r.subscription_id === s.sub.id).map((r) => `${r.kind}:${r.result}`)).toEqual(['renew:expired']);
      expect(await tierOf(t.db, s.id)).toBe('free');
      expect(chargesOf(sandbox, s.sub.id)).toEqual([]);
    });
  });

  describe('GET /subscriptions/sticky', () => {
    it('shows a monthly subscription with its card and the plans it may change to, prorated at half the period', async () => {
      const s = await subscriber('basic_1m');
      advanceTo(new Date(s.sub.current_period_start.getTime() + (s.sub.current_period_end.getTime() - s.sub.current_period_start.getTime()) / 2));
      await refresh(s);
      const res = await list(s.headers);
      expect(res.status).toBe(200);
      const [portal] = res.body.map((item: unknown) => PortalSubscriptionSchema.parse(item));
      expect(portal).toMatchObject({
        order_id: s.orderId,
        subscription_id: s.sub.id,
        subscription_status: 'active',
        recur_at: s.sub.current_period_end.toISOString(),
        frequency: 'Monthly Subscription',
        current_product: { plan_id: 'basic_1m', name: 'True Supporter', role: 'paid_basic', price: 15, currency: 'USD' },
        next_product: { plan_id: 'basic_1m' },
        is_card_deleted: false,
        credit_card: { last_4: '4242', type: 'visa' },
      });
      // Half the month left: credit 7.50; premium monthly costs half of 24.99 (12.495 → 12.50); annual plans start anew.
      expect(portal?.available_plans.map((p: { plan_id: string; billing_frequency: string; upgrade_price: number }) => [p.plan_id, p.billing_frequency, p.upgrade_price])).toEqual([
        ['minimal_1y', 'annual', 42.5],
        ['basic_1y', 'annual', 142.49],
        ['premium_1m', 'monthly', 5],
        ['premium_1y', 'annual', 242.49],
      ]);
    });

    it('shows a yearly subscriber only annual plans, and a deleted card', async () => {
      const s = await subscriber('premium_1y');
      await t.db.query('update billing_customers set card = null where user_id = $1', [s.id]);
      const [portal] = (await list(s.headers)).body;
      expect(portal.frequency).toBe(YEARLY_SUBSCRIPTION_FREQUENCY);
      expect(portal.available_plans.map((p: { plan_id: string; upgrade_price: number }) => [p.plan_id, p.upgrade_price])).toEqual([
        ['minimal_1y', 0],
        ['basic_1y', 0],
      ]);
      expect(portal.is_card_deleted).toBe(true);
      expect(portal.credit_card).toBeNull();
    });
  });

  describe('with the subscribe flow', () => {
    it('a card subscription made through POST /checkout/subscribe shows in the portal and renews through the jobs', async () => {
      const s = await member();
      const subscribed = await rig.call('POST', '/checkout/subscribe', s.headers, await rig.cardCheckout(CARDS.approves));
      expect(subscribed.status).toBe(200);
      const { order_id: orderId, subscription_id: subscriptionId } = subscribed.body as { order_id: string; subscription_id: string };
      const [portal] = (await list(s.headers)).body;
      expect(portal).toMatchObject({ order_id: orderId, subscription_id: subscriptionId, subscription_status: 'active', credit_card: { last_4: '4242' }, current_product: { plan_id: 'basic_1m' } });

      advanceTo(new Date(portal.recur_at));
      const runs = await runBillingJobs(deps, now());
      expect(runs.filter((r) => r.subscription_id === subscriptionId).map((r) => `${r.kind}:${r.result}`)).toEqual(['renew:renewed']);
      expect(chargesOf(sandbox, subscriptionId).map((c) => c.amount)).toEqual([1609]);
      await refresh(s);
      const [renewed] = (await list(s.headers)).body;
      expect(renewed.recur_at).toBe(addMonths(new Date(portal.recur_at), 1).toISOString());
      expect((await act({ ...s, sub: { id: subscriptionId }, orderId: renewed.order_id }, 'cancel')).body.subscription_status).toBe('cancelled');
    });
  });

  describe('cancel and uncancel', () => {
    it('cancel keeps access until recur_at, uncancel returns to active, and each refuses the state it does not fit', async () => {
      const s = await subscriber('premium_1m');
      const cancelled = await act(s, 'cancel');
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: PORTAL_ACTION_SUCCESS, subscription_status: 'cancelled' });
      expect(cancelled.body.message).toMatch(/Your access ends on /);
      expect((await list(s.headers)).body[0]).toMatchObject({ subscription_status: 'cancelled', recur_at: s.sub.current_period_end.toISOString() });
      expect(await tierOf(t.db, s.id)).toBe('premium');

      const again = await act(s, 'cancel');
      expect([again.status, again.body.error.code]).toEqual([409, 'action_not_allowed']);
      const changePlan = await act(s, 'change_plan', { plan_id: 'premium_1y' });
      expect([changePlan.status, changePlan.body.error.code]).toEqual([409, 'action_not_allowed']);
      expect((await act(s, 'charge_rebill')).status).toBe(409);

      expect((await act(s, 'uncancel')).body).toMatchObject({ status: PORTAL_ACTION_SUCCESS, subscription_status: 'active' });
      const uncancelActive = await act(s, 'uncancel');
      expect([uncancelActive.status, uncancelActive.body.error.code]).toEqual([409, 'action_not_allowed']);
      const ledger = await ledgerOf(t.db, s.sub.id);
      expect(ledger.map((e) => `${e.actor} ${e.action} ${e.from_state}→${e.to_state}`)).toEqual([
        'member subscription.created null→active',
        'member subscription.cancelled active→cancelled',
        'member subscription.uncancelled cancelled→active',
      ]);
      expect(chargesOf(sandbox, s.sub.id)).toEqual([]);
    });

    it('stays consistent when two tabs cancel and uncancel at once', async () => {
      for (let round = 0; round < 4; round++) {
        const s = await subscriber('basic_1m');
        const before = (await loadSubscription(t.db, s.sub.id))?.revision as number;
        const [cancel, uncancel] = await Promise.all([act(s, 'cancel'), act(s, 'uncancel')]);
        const after = await loadSubscription(t.db, s.sub.id);
        const successes = [cancel, uncancel].filter((r) => r.status === 200).length;
        expect(after?.revision).toBe(before + successes);
        expect(cancel.status).toBe(200);
        if (uncancel.status === 200) {
          expect(after?.status).toBe('active');
        } else {
          expect([uncancel.status, uncancel.body.error.code]).toEqual([409, 'action_not_allowed']);
          expect(after?.status).toBe('cancelled');
        }
        const ledger = await ledgerOf(t.db, s.sub.id);
        expect(ledger).toHaveLength(1 + successes);
        expect(ledger.slice(1).map((e) => e.details.revision)).toEqual(Array.from({ length: successes }, (_, i) => before + i + 1));
        expect(ledger.at(-1)?.to_state).toBe(after?.status);
      }
    });

    it('an expired subscription allows no action (reactivation goes through checkout)', async () => {
      const s = await subscriber('basic_1m');
      await act(s, 'cancel');
      advanceTo(s.sub.current_period_end);
      await refresh(s);
      await runBillingJobs(deps, now());
      expect(await statusOf(s.sub.id)).toBe('expired');
      expect(await tierOf(t.db, s.id)).toBe('free');
      expect((await list(s.headers)).body[0]).toMatchObject({ subscription_status: 'expired' });
      for (const [action, extra] of [['cancel', {}], ['uncancel', {}], ['change_plan', { plan_id: 'premium_1m' }], ['change_card', { card_token: 'pm_x' }], ['charge_rebill', {}]] as const) {
        expect((await act(s, action, extra)).status).toBe(409);
      }
    });
  });

  describe('change_plan', () => {
    it('charges an upgrade prorated plus tax once, even from two tabs at once, and switches the plan and role', async () => {
      const s = await subscriber('basic_1m');
      advanceTo(new Date(s.sub.current_period_start.getTime() + (s.sub.current_period_end.getTime() - s.sub.current_period_start.getTime()) / 2));
      await refresh(s);
      const answers = await Promise.all([act(s, 'change_plan', { plan_id: 'premium_1m' }), act(s, 'change_plan', { plan_id: 'premium_1m' })]);
      expect(answers.some((a) => a.status === 200 && a.body.status === PORTAL_ACTION_SUCCESS)).toBe(true);
      for (const a of answers) expect(a.status === 200 || (a.status === 409 && a.body.error.code === 'action_not_allowed')).toBe(true);
      // 5.00 + 7.25 % (0.3625 → 0.36)
      expect(chargesOf(sandbox, s.sub.id).map((c) => c.amount)).toEqual([536]);
      const after = await loadSubscription(t.db, s.sub.id);
      expect(after).toMatchObject({ plan_id: 'premium_1m', status: 'active' });
      expect(after?.current_period_end.toISOString()).toBe(s.sub.current_period_end.toISOString());
      expect(await tierOf(t.db, s.id)).toBe('premium');
      expect((await ledgerOf(t.db, s.sub.id)).filter((e) => e.action === 'subscription.plan_changed')).toHaveLength(1);
    });

    it('monthly to annual charges the annual price less the unused month and starts a new year now', async () => {
      const s = await subscriber('basic_1m');
      const res = await act(s, 'change_plan', { plan_id: 'premium_1y' });
      expect(res.body).toMatchObject({ status: PORTAL_ACTION_SUCCESS, subscription_status: 'active' });
      // 249.99 - 15.00 = 234.99, + 7.25 % (17.0368 → 17.04)
      expect(chargesOf(sandbox, s.sub.id).map((c) => c.amount)).toEqual([25203]);
      const after = await loadSubscription(t.db, s.sub.id);
      expect(after?.current_period_start.toISOString()).toBe(now().toISOString());
      expect(after?.current_period_end.toISOString()).toBe(addMonths(now(), 12).toISOString());
      expect((await list(s.headers)).body[0].frequency).toBe(YEARLY_SUBSCRIPTION_FREQUENCY);
    });

    it('schedules a downgrade for the next cycle without a charge; refuses the current plan, monthly plans for yearly subscribers, unknown plans', async () => {
      const s = await subscriber('premium_1m');
      const res = await act(s, 'change_plan', { plan_id: 'basic_1m' });
      expect(res.body).toMatchObject({ status: PORTAL_ACTION_SUCCESS, subscription_status: 'active' });
      expect(res.body.message).toMatch(/next billing cycle/);
      const [portal] = (await list(s.headers)).body;
      expect([portal.current_product.plan_id, portal.next_product.plan_id]).toEqual(['premium_1m', 'basic_1m']);
      expect(await tierOf(t.db, s.id)).toBe('premium');
      expect(chargesOf(sandbox, s.sub.id)).toEqual([]);

      const current = await act(s, 'change_plan', { plan_id: 'premium_1m' });
      expect([current.status, current.body.error.details.reason]).toEqual([409, 'current_plan']);
      const unknown = await act(s, 'change_plan', { plan_id: 'gold_1m' });
      expect([unknown.status, unknown.body.error.code]).toEqual([404, 'plan_not_found']);
      const yearly = await subscriber('basic_1y');
      const monthly = await act(yearly, 'change_plan', { plan_id: 'premium_1m' });
      expect([monthly.status, monthly.body.error.details.reason]).toEqual([409, 'yearly_subscriber_annual_only']);
    });

    it('a refused upgrade answers 402 with the provider message and changes nothing but the revision', async () => {
      const s = await subscriber('basic_1m', CARDS.attachesThenFails);
      const res = await act(s, 'change_plan', { plan_id: 'premium_1m' });
      expect([res.status, res.body.error.code, res.body.error.message]).toEqual([402, 'payment_failed', 'Your card was declined.']);
      expect(await loadSubscription(t.db, s.sub.id)).toMatchObject({ plan_id: 'basic_1m', status: 'active', revision: s.sub.revision + 1 });
      expect(await tierOf(t.db, s.id)).toBe('basic');
    });
  });

  describe('grace, change_card and charge_rebill', () => {
    it('a failed renewal goes to grace; Pay amount due fails with the provider message; a new card pays it once and the subscription is active again', async () => {
      const s = await subscriber('basic_1m', CARDS.attachesThenFails);
      advanceTo(s.sub.current_period_end);
      await refresh(s);
      await runBillingJobs(deps, now());
      expect(await statusOf(s.sub.id)).toBe('grace');
      expect((await list(s.headers)).body[0].subscription_status).toBe('grace');

      const failed = await act(s, 'charge_rebill');
      expect([failed.status, failed.body.error.code, failed.body.error.message]).toEqual([402, 'payment_failed', 'Your card was declined.']);
      expect(failed.body.error.details.subscription_status).toBe('grace');

      const declined = await act(s, 'change_card', { card_token: await sandbox.cardToken(CARDS.declines) });
      expect([declined.status, declined.body.error.message]).toEqual([402, 'Your card was declined.']);
      expect((await list(s.headers)).body[0].credit_card.last_4).toBe('0341');

      const changed = await act(s, 'change_card', { card_token: await sandbox.cardToken('5555555555554444') });
      expect(changed.body).toMatchObject({ status: PORTAL_ACTION_SUCCESS, subscription_status: 'grace' });
      expect((await list(s.headers)).body[0].credit_card).toEqual({ last_4: '4444', type: 'mastercard' });

      const paid = await Promise.all([act(s, 'charge_rebill'), act(s, 'charge_rebill')]);
      expect(paid.some((p) => p.status === 200 && p.body.subscription_status === 'active')).toBe(true);
      expect(chargesOf(sandbox, s.sub.id).map((c) => [c.amount, c.refunded])).toEqual([[1609, 0]]);
      const after = await loadSubscription(t.db, s.sub.id);
      expect(after?.status).toBe('active');
      expect(after?.current_period_start.toISOString()).toBe(now().toISOString());
      expect(after?.current_period_end.toISOString()).toBe(addMonths(now(), 1).toISOString());
      expect(await tierOf(t.db, s.id)).toBe('basic');

      const ledger = await ledgerOf(t.db, s.sub.id);
      // The ledger in the test output (issue 15: "show the ledger").
      console.log(
        `ledger of a recovered grace (${backend}):\n` +
          ledger.map((e) => `  ${e.created_at.toISOString()} ${e.actor.padEnd(6)} ${e.action.padEnd(30)} ${String(e.from_state)}→${String(e.to_state)} ${e.amount_minor ?? ''}`).join('\n'),
      );
      expect(ledger.filter((e) => e.action.startsWith('subscription.')).map((e) => `${e.action} ${e.from_state}→${e.to_state}`)).toEqual([
        'subscription.created null→active',
        'subscription.renewal_failed active→grace',
        'subscription.rebill_failed grace→grace',
        'subscription.card_changed grace→grace',
        'subscription.rebilled grace→active',
      ]);
      // The grace's retries and expiry find it paid: nothing more is charged, nothing expires.
      advanceTo(new Date(s.sub.current_period_end.getTime() + 8 * 24 * 3600_000));
      await refresh(s);
      await runBillingJobs(deps, now());
      expect(await statusOf(s.sub.id)).toBe('active');
      expect(chargesOf(sandbox, s.sub.id)).toHaveLength(1);
    });

    /** The member's answer on the bank's challenge page the change_card answer framed. */
    const decide = async (frameUrl: string, outcome: 'success' | 'failure') => {
      const url = new URL(frameUrl);
      const res = await fetch(`${url.origin}${url.pathname}/decision`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_secret: url.searchParams.get('client_secret'), outcome }),
      });
      expect(res.status).toBe(200);
    };

    it('a new card whose bank asks for 3-D Secure is authenticated once, then renews without the member (a SetupIntent)', async () => {
      const s = await subscriber('basic_1m');
      const token = await sandbox.cardToken(CARDS.authenticatesOnce);
      const asked = await act(s, 'change_card', { card_token: token });
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ status: PORTAL_ACTION_REQUIRES_ACTION, subscription_status: 'active', iframe_3ds_url: expect.stringContaining('/3ds/seti_') });
      expect((await list(s.headers)).body[0].credit_card.last_4).toBe('4242');

      await decide(asked.body.iframe_3ds_url, 'success');
      const changed = await act(s, 'change_card', { card_token: token });
      expect(changed.body).toMatchObject({ status: PORTAL_ACTION_SUCCESS, subscription_status: 'active' });
      expect((await list(s.headers)).body[0].credit_card.last_4).toBe('3155');
      // The same call again (a double click, a retry) writes nothing more.
      expect((await act(s, 'change_card', { card_token: token })).body.status).toBe(PORTAL_ACTION_SUCCESS);
      expect((await ledgerOf(t.db, s.sub.id)).filter((e) => e.action === 'subscription.card_changed')).toHaveLength(1);

      // The renewal charges the new card off session: set up, strong customer authentication lets it through.
      advanceTo(s.sub.current_period_end);
      await refresh(s);
      await runBillingJobs(deps, now());
      expect(await statusOf(s.sub.id)).toBe('active');
      expect(chargesOf(sandbox, s.sub.id)).toHaveLength(1);
    });

    it('a failed challenge changes nothing and the member reads the bank\'s refusal', async () => {
      const s = await subscriber('basic_1m');
      const token = await sandbox.cardToken(CARDS.authenticatesOnce);
      const asked = await act(s, 'change_card', { card_token: token });
      await decide(asked.body.iframe_3ds_url, 'failure');
      const refused = await act(s, 'change_card', { card_token: token });
      expect([refused.status, refused.body.error.code]).toEqual([402, 'payment_failed']);
      expect(refused.body.error.message).toMatch(/failed authentication/);
      expect((await list(s.headers)).body[0].credit_card.last_4).toBe('4242');
      expect((await ledgerOf(t.db, s.sub.id)).some((e) => e.action === 'subscription.card_changed')).toBe(false);
    });

    it('answers 503 payments_unavailable when the provider cannot be reached, charging nothing and keeping the state', async () => {
      const s = await subscriber('basic_1m');
      rig.line.setMode('down');
      const res = await act(s, 'change_plan', { plan_id: 'premium_1m' });
      rig.line.setMode('pass');
      expect([res.status, res.body.error.code]).toEqual([503, 'payments_unavailable']);
      expect(await loadSubscription(t.db, s.sub.id)).toMatchObject({ plan_id: 'basic_1m', revision: s.sub.revision });
      expect(chargesOf(sandbox, s.sub.id)).toEqual([]);
      // The retry (same revision, same key) goes through once the provider is back.
      expect((await act(s, 'change_plan', { plan_id: 'premium_1m' })).status).toBe(200);
      expect(chargesOf(sandbox, s.sub.id)).toHaveLength(1);
    });

    it('an upgrade whose charge answer was lost is charged once when the member tries again', async () => {
      const s = await subscriber('basic_1m');
      rig.line.setMode('lose_charge_answers');
      const lost = await act(s, 'change_plan', { plan_id: 'premium_1m' });
      rig.line.setMode('pass');
      expect([lost.status, lost.body.error.code]).toEqual([503, 'payments_unavailable']);
      expect(chargesOf(sandbox, s.sub.id)).toHaveLength(1);
      expect((await act(s, 'change_plan', { plan_id: 'premium_1m' })).body).toMatchObject({ status: PORTAL_ACTION_SUCCESS });
      expect(chargesOf(sandbox, s.sub.id)).toHaveLength(1);
      expect((await loadSubscription(t.db, s.sub.id))?.plan_id).toBe('premium_1m');
    });
  });
});
