import { API_HEADERS, CheckoutOrderSchema, PaymentConfigSchema, PurchaseResultSchema } from '@fable/contracts';
import { randomUUID } from 'node:crypto';
import { CARDS, type PaymentsLine, type TestPaymentsSandbox } from '../../../testing/paymentsSandbox';
import { describePayments } from '../../../testing/paymentsDescribe';
import type { PaymentsTestApp } from '../../../testing/paymentsTestApp';
import { testGuestId, type TestApp } from '../../../testing/testApp';
import { ledgerOf } from '../ledger';
import { lifecycleDepsOf } from '../lifecycle/lifecycleTestKit';
import { renewSubscription } from '../lifecycle/renewal';
import { loadSubscription } from '../lifecycle/subscriptionStore';

// Card subscribe against the payments sandbox over a real socket (through a line the tests can cut), on both databases.

describePayments('card subscribe on %s', (rig, backend) => {
  let t: TestApp;
  let payments: TestPaymentsSandbox;
  let line: PaymentsLine;
  beforeAll(() => ({ t, payments, line } = rig));

  const member = () => rig.member('payer');

  const call: PaymentsTestApp['call'] = (...args) => rig.call(...args);
  const checkout = (card: string | null, extra: object = {}) => rig.cardCheckout(card, { plan_id: 'basic_1y', ...extra });
  const subscribe = (headers: Record<string, string>, body: object) => call('POST', '/checkout/subscribe', headers, body);

  const paidIntentsOf = (userId: string) =>
    [...payments.sandbox.state.paymentIntents.values()].filter((i) => i.metadata.user_id === userId && i.status === 'succeeded');
  const subscriptionsOf = async (userId: string) =>
    (await t.db.query<{ id: string; status: string; plan_id: string }>('select id::text as id, status, plan_id from subscriptions where user_id = $1', [userId])).rows;
  const tierOf = async (userId: string) => (await t.db.query<{ tier: string }>('select tier from users where id = $1', [userId])).rows[0]?.tier;
  const ordersOf = async (userId: string) =>
    (await t.db.query<{ id: string; status: string }>('select id::text as id, status from billing_orders where user_id = $1 order by created_at', [userId])).rows;
  const ledgerActions = async (userId: string) =>
    (await t.db.query<{ action: string; actor: string }>('select action, actor from billing_ledger where user_id = $1 order by id', [userId])).rows.map((r) => `${r.actor}:${r.action}`);

  const decide3ds = (url: string, outcome: 'success' | 'failure') => rig.decide3ds(url, outcome);

  describe('GET /checkout/payment_config', () => {
    it('gives members the sandbox card fields page and publishable key; guests 401', async () => {
      const m = await member();
      const res = await call('GET', '/checkout/payment_config', m.headers);
      expect(res.status).toBe(200);
      expect(PaymentConfigSchema.parse(res.body)).toEqual({
        provider: 'sandbox',
        publishable_key: payments.config.publishableKey,
        card_fields_url: `${line.url}/elements/card?key=${payments.config.publishableKey}&origin=${encodeURIComponent('http://localhost:3000')}`,
        frame_origin: line.url,
      });
      // The framing page's origin: the call's Origin, else its Referer's.
      const fromOrigin = await call('GET', '/checkout/payment_config', { ...m.headers, origin: 'http://127.0.0.1:4999' });
      expect(new URL(fromOrigin.body.card_fields_url).searchParams.get('origin')).toBe('http://127.0.0.1:4999');
      const fromReferer = await call('GET', '/checkout/payment_config', { ...m.headers, referer: 'https://fable.example/checkout?plan_id=basic_1y' });
      expect(new URL(fromReferer.body.card_fields_url).searchParams.get('origin')).toBe('https://fable.example');
      // The page the checkout frames answers (the sandbox allows that origin).
      const page = await fetch(fromOrigin.body.card_fields_url.replace(line.url, payments.sandbox.url));
      expect(page.status).toBe(200);
      expect((await call('GET', '/checkout/payment_config', { [API_HEADERS.guestUserId]: testGuestId() })).status).toBe(401);
      expect((await call('GET', '/checkout/payment_config', {})).status).toBe(401);
    });
  });

  describe('POST /checkout/subscribe', () => {
    it('charges the calculated total once, starts the subscription, sets the tier at once and writes the ledger', async () => {
      const m = await member();
      const body = await checkout(CARDS.approves);
      const price = await call('POST', '/checkout/calculate', m.headers, { plan_id: body.plan_id, email: body.email, country: body.country, state: body.state, postal_code: body.postal_code });
      expect(price.body.total).toBe(160.86);
      expect(await tierOf(m.id)).toBe('free');

      const res = await subscribe(m.headers, body);
      expect(res.status).toBe(200);
      const result = PurchaseResultSchema.parse(res.body);
      expect(result).toEqual(
        expect.objectContaining({ resp_msg: 'Approved', orderTotal: 160.86, currency: 'USD', plan: 'True Supporter', transaction_id: expect.stringMatching(/^pi_/) }),
      );
      expect(paidIntentsOf(m.id).map((i) => i.amount)).toEqual([16086]);
      const subs = await subscriptionsOf(m.id);
      expect(subs).toEqual([{ id: result.subscription_id, status: 'active', plan_id: 'basic_1y' }]);
      expect(await tierOf(m.id)).toBe('basic');
      // The very next call (same token: the client force-refreshes it afterwards) already sees the paid tier.
      const me = await call('GET', '/v2/users', m.headers);
      expect(me.body).toEqual(expect.objectContaining({ tier: 'basic', subscription: expect.objectContaining({ platform: 'sticky', status: 'active', role: 'paid_basic', billing_cycle: 'annual' }) }));
      const period = (await t.db.query<{ s: Date; e: Date }>('select current_period_start as s, current_period_end as e from subscriptions where id = $1', [result.subscription_id ?? null])).rows[0]!;
      expect([period.s.toISOString(), period.e.toISOString()]).toEqual(['2026-03-15T12:00:00.000Z', '2027-03-15T12:00:00.000Z']);

      const order = await call('GET', `/checkout/orders/${result.order_id}`, m.headers);
      expect(CheckoutOrderSchema.parse(order.body)).toEqual(expect.objectContaining({ status: 'succeeded', plan_id: 'basic_1y', orderTotal: 160.86, subscription_id: result.subscription_id }));
      const onFile = await call('POST', '/checkout/calculate', m.headers, { plan_id: 'basic_1m', email: body.email, country: 'US', state: 'CA', postal_code: '90210' });
      expect(onFile.body.on_file).toEqual(expect.objectContaining({ first_name: 'Pat', credit_card: expect.objectContaining({ last_4: '4242', type: 'visa' }) }));

      await payments.sandbox.webhooks.idle();
      const ledger = await ledgerOf(t.db, result.subscription_id!);
      const all = await t.db.query<{ id: string; actor: string; action: string; from_state: string | null; to_state: string | null; amount_minor: number | null; currency: string | null; order_id: string | null; subscription_id: string | null }>(
        'select id::text as id, actor, action, from_state, to_state, amount_minor, currency, order_id::text as order_id, subscription_id::text as subscription_id from billing_ledger where user_id = $1 order by id',
        [m.id],
      );
      console.log(
        `billing ledger (${backend}) of member ${m.id.slice(0, 8)} (order ${result.order_id?.slice(0, 8)}, subscription ${result.subscription_id?.slice(0, 8)}):\n` +
          all.rows
            .map((e) => `  #${e.id} ${e.actor} ${e.action} ${e.from_state ?? '∅'} → ${e.to_state ?? '∅'}${e.amount_minor !== null ? ` ${e.amount_minor} ${e.currency}` : ''}${e.order_id ? ` order ${e.order_id.slice(0, 8)}` : ''}${e.subscription_id ? ` subscription ${e.subscription_id.slice(0, 8)}` : ''}`)
            .join('\n'),
      );
      expect(ledger.map((e) => e.action)).toEqual(['subscription.created', 'member.tier_changed']);
      // Finished by this answer or, when its webhook won the race, by the provider: either way once, by one actor.
      const actions = await ledgerActions(m.id);
      expect(actions.map((a) => a.split(':')[1])).toEqual(['order.succeeded', 'subscription.created', 'member.tier_changed']);
      expect(new Set(actions.map((a) => a.split(':')[0])).size).toBe(1);
      // The webhooks of this payment arrived after the answer: recorded once each, nothing applied twice.
      const events = await t.db.query<{ n: number }>(`select count(*)::int as n from payment_webhook_events where payload -> 'object' ->> 'id' = $1 and applied_at is not null`, [result.transaction_id ?? null]);
      expect(events.rows[0]!.n).toBeGreaterThanOrEqual(2);
    });

    it('replays the first answer to the same key and parameters; other parameters answer 409 idempotency_mismatch', async () => {
      const m = await member();
      const body = await checkout(CARDS.approves);
      const first = await subscribe(m.headers, body);
      expect(first.status).toBe(200);
      const again = await subscribe(m.headers, body);
      expect(again).toEqual(first);
      const other = await subscribe(m.headers, { ...body, plan_id: 'premium_1y' });
      expect(other.status).toBe(409);
      expect(other.body.error.code).toBe('idempotency_mismatch');
      expect(paidIntentsOf(m.id)).toHaveLength(1);
      expect(await subscriptionsOf(m.id)).toHaveLength(1);
    });

    it('a double-clicked submit (the same key twice at once) charges once and answers both the same', async () => {
      const m = await member();
      const body = await checkout(CARDS.approves);
      const answers = await Promise.all([subscribe(m.headers, body), subscribe(m.headers, body), subscribe(m.headers, body)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(paidIntentsOf(m.id)).toHaveLength(1);
      expect(await subscriptionsOf(m.id)).toHaveLength(1);
      expect(await ordersOf(m.id)).toHaveLength(1);
    });

    it('two tabs subscribing at once with different keys: one charge, one subscription, the other tab told already_subscribed', async () => {
      const m = await member();
      const [a, b] = await Promise.all([checkout(CARDS.approves), checkout(CARDS.approves, { plan_id: 'premium_1m' })]);
      const answers = await Promise.all([subscribe(m.headers, a), subscribe(m.headers, b)]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
      expect(answers.find((x) => x.status === 409)?.body.error.code).toBe('already_subscribed');
      expect(paidIntentsOf(m.id)).toHaveLength(1);
      expect(await subscriptionsOf(m.id)).toHaveLength(1);
      await payments.sandbox.webhooks.idle();
      expect(paidIntentsOf(m.id)).toHaveLength(1);
    });

    it('a retried request after a lost answer (the provider charged, the API never heard) charges once', async () => {
      const m = await member();
      await payments.control('POST', '/_sandbox/webhooks/hold');
      const body = await checkout(CARDS.approves);
      line.setMode('lose_charge_answers');
      const lost = await subscribe(m.headers, body);
      expect(lost.status).toBe(503);
      expect(lost.body.error.code).toBe('payments_unavailable');
      expect(paidIntentsOf(m.id)).toHaveLength(1);
      expect((await ordersOf(m.id)).map((o) => o.status)).toEqual(['pending']);
      expect(await subscriptionsOf(m.id)).toHaveLength(0);

      line.setMode('pass');
      const retried = await subscribe(m.headers, body);
      expect(retried.status).toBe(200);
      expect(retried.body.resp_msg).toBe('Approved');
      expect(paidIntentsOf(m.id)).toHaveLength(1);
      // The held webhooks (succeeded among them) now arrive late and in reverse: nothing changes.
      await payments.control('POST', '/_sandbox/webhooks/release', { order: 'reverse' });
      await payments.sandbox.webhooks.idle();
      expect(await subscriptionsOf(m.id)).toHaveLength(1);
      expect((await ordersOf(m.id)).map((o) => o.status)).toEqual(['succeeded']);
      expect(await ledgerActions(m.id)).toEqual(['member:order.succeeded', 'member:subscription.created', 'member:member.tier_changed']);
    });

    it('provider unreachable: 503 payments_unavailable, nothing charged, the order stays pending; a retry with the key pays', async () => {
      const m = await member();
      const body = await checkout(CARDS.approves);
      line.setMode('down');
      const down = await subscribe(m.headers, body);
      expect(down.status).toBe(503);
      expect(down.body.error).toEqual(expect.objectContaining({ code: 'payments_unavailable', message: expect.stringContaining('Nothing was charged') }));
      expect((await ordersOf(m.id)).map((o) => o.status)).toEqual(['pending']);
      expect(paidIntentsOf(m.id)).toHaveLength(0);
      line.setMode('pass');
      expect((await subscribe(m.headers, body)).status).toBe(200);
      expect(paidIntentsOf(m.id)).toHaveLength(1);
    });

    it.each([
      ['declines', CARDS.declines, 'Your card was declined.'],
      ['insufficient funds', CARDS.insufficientFunds, 'Your card has insufficient funds.'],
      ['attaches then fails (0341)', CARDS.attachesThenFails, 'Your card was declined.'],
    ])('a card that %s: 402 payment_failed with the provider’s words, nothing charged or subscribed, the same 402 replayed', async (_name, card, message) => {
      const m = await member();
      const body = await checkout(card);
      const res = await subscribe(m.headers, body);
      expect(res.status).toBe(402);
      expect(res.body.error).toEqual(expect.objectContaining({ code: 'payment_failed', message }));
      expect(await subscribe(m.headers, body)).toEqual(res);
      expect(paidIntentsOf(m.id)).toHaveLength(0);
      expect(payments.paidCharges().filter((c) => c.metadata.user_id === m.id)).toHaveLength(0);
      expect(await subscriptionsOf(m.id)).toHaveLength(0);
      expect(await tierOf(m.id)).toBe('free');
      const [order] = await ordersOf(m.id);
      expect(order?.status).toBe('failed');
      expect((await call('GET', `/checkout/orders/${order!.id}`, m.headers)).body).toEqual(expect.objectContaining({ status: 'failed', error_message: message }));
      // Failed once: by this call, or by the provider's payment_failed webhook when it lands before the call's answer.
      expect(await ledgerActions(m.id)).toEqual([expect.stringMatching(/^(member|provider):order\.failed$/)]);
      // A new attempt with a good card works.
      expect((await subscribe(m.headers, await checkout(CARDS.approves))).status).toBe(200);
    });

    it('a card token the provider does not know: 402 payment_failed, nothing charged', async () => {
      const m = await member();
      const res = await subscribe(m.headers, { ...(await checkout(null)), payment_token: 'pm_forged_by_someone' });
      expect(res.status).toBe(402);
      expect(res.body.error).toEqual(expect.objectContaining({ code: 'payment_failed', message: 'This card could not be used. Please enter it again.' }));
      expect(await subscriptionsOf(m.id)).toHaveLength(0);
      expect(paidIntentsOf(m.id)).toHaveLength(0);
    });

    it('3-D Secure: iframe_3ds_url, then confirm after the challenge finishes the order once', async () => {
      const m = await member();
      const res = await subscribe(m.headers, await checkout(CARDS.threeDSecure));
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expect.objectContaining({ resp_msg: 'Authentication required', iframe_3ds_url: expect.stringContaining(`${payments.sandbox.url}/3ds/pi_`) }));
      const orderId = res.body.order_id as string;
      expect((await call('GET', `/checkout/orders/${orderId}`, m.headers)).body.status).toBe('requires_action');
      const early = await call('POST', `/checkout/orders/${orderId}/confirm`, m.headers);
      expect(early.body.iframe_3ds_url).toBe(res.body.iframe_3ds_url);

      await decide3ds(res.body.iframe_3ds_url, 'success');
      const confirmed = await Promise.all([call('POST', `/checkout/orders/${orderId}/confirm`, m.headers), call('POST', `/checkout/orders/${orderId}/confirm`, m.headers)]);
      expect(confirmed.map((c) => c.body.resp_msg)).toEqual(['Approved', 'Approved']);
      await payments.sandbox.webhooks.idle();
      expect(await subscriptionsOf(m.id)).toHaveLength(1);
      expect(paidIntentsOf(m.id)).toHaveLength(1);
      expect(await tierOf(m.id)).toBe('basic');
      expect((await ledgerActions(m.id)).filter((a) => a.endsWith('order.succeeded'))).toHaveLength(1);
    });

    it('a card that needs strong customer authentication is saved for renewals at checkout: its renewal is charged without the member', async () => {
      const m = await member();
      const res = await subscribe(m.headers, await checkout(CARDS.authenticatesOnce));
      expect(res.body.iframe_3ds_url).toEqual(expect.stringContaining('/3ds/pi_'));
      await decide3ds(res.body.iframe_3ds_url, 'success');
      expect((await call('POST', `/checkout/orders/${res.body.order_id}/confirm`, m.headers)).body.resp_msg).toBe('Approved');
      // The first payment asked the provider to keep the card for payments without the member.
      const first = paidIntentsOf(m.id);
      expect(first.map((intent) => intent.setup_future_usage)).toEqual(['off_session']);
      const [subscription] = await subscriptionsOf(m.id);
      const sub = (await loadSubscription(t.db, subscription!.id))!;
      // At the period's end (as the renewal job would run then; the suite's clock stays where the other tests expect it).
      expect(await renewSubscription(lifecycleDepsOf(rig), sub.id, sub.current_period_end, `renew-${sub.id}`, sub.current_period_end)).toBe('renewed');
      expect(paidIntentsOf(m.id)).toHaveLength(2);
    });

    it('3-D Secure passed in a tab closed before confirm: the webhook finishes the order exactly once', async () => {
      const m = await member();
      const res = await subscribe(m.headers, await checkout(CARDS.threeDSecure, { plan_id: 'premium_1m' }));
      await decide3ds(res.body.iframe_3ds_url, 'success');
      await payments.sandbox.webhooks.idle();
      const subs = await subscriptionsOf(m.id);
      expect(subs).toEqual([expect.objectContaining({ status: 'active', plan_id: 'premium_1m' })]);
      expect(await tierOf(m.id)).toBe('premium');
      expect(await ledgerActions(m.id)).toEqual(['member:order.requires_action', 'provider:order.succeeded', 'provider:subscription.created', 'provider:member.tier_changed']);
      // Coming back later, confirm answers the paid order; a redelivered event changes nothing.
      expect((await call('POST', `/checkout/orders/${res.body.order_id}/confirm`, m.headers)).body.resp_msg).toBe('Approved');
      const succeeded = (await payments.control('GET', '/_sandbox/events')).body.data!.find(
        (e) => (e as { type: string; data: { object: { id: string } } }).type === 'payment_intent.succeeded' && (e as { data: { object: { metadata: Record<string, string> } } }).data.object.metadata.user_id === m.id,
      ) as { id: string };
      await payments.control('POST', `/_sandbox/events/${succeeded.id}/redeliver`);
      await payments.sandbox.webhooks.idle();
      expect(await subscriptionsOf(m.id)).toHaveLength(1);
      expect((await ledgerActions(m.id)).length).toBe(4);
    });

    it('3-D Secure failed: confirm answers 402 with the provider’s words; nothing charged', async () => {
      const m = await member();
      const res = await subscribe(m.headers, await checkout(CARDS.threeDSecure));
      await decide3ds(res.body.iframe_3ds_url, 'failure');
      const confirmed = await call('POST', `/checkout/orders/${res.body.order_id}/confirm`, m.headers);
      expect(confirmed.status).toBe(402);
      expect(confirmed.body.error.code).toBe('payment_failed');
      await payments.sandbox.webhooks.idle();
      expect((await ordersOf(m.id)).map((o) => o.status)).toEqual(['failed']);
      expect(await subscriptionsOf(m.id)).toHaveLength(0);
      expect((await ledgerActions(m.id)).filter((a) => a.endsWith('order.failed'))).toHaveLength(1);
    });

    it('a second tab starting over while the first waits in 3-D Secure: the first is cancelled at the provider, one charge', async () => {
      const m = await member();
      const first = await subscribe(m.headers, await checkout(CARDS.threeDSecure));
      expect(first.body.iframe_3ds_url).toBeTruthy();
      const second = await subscribe(m.headers, await checkout(CARDS.approves));
      expect(second.status).toBe(200);
      expect(second.body.resp_msg).toBe('Approved');
      const firstIntent = payments.sandbox.state.paymentIntents.get((await call('GET', `/checkout/orders/${first.body.order_id}`, m.headers)).body.transaction_id);
      expect(firstIntent?.status).toBe('canceled');
      await payments.sandbox.webhooks.idle();
      expect(paidIntentsOf(m.id)).toHaveLength(1);
      expect(await subscriptionsOf(m.id)).toHaveLength(1);
    });

    it('a 100% coupon: the subscription starts without a charge; the coupon counts as used', async () => {
      const m = await member();
      const code = `FREE${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
      await t.db.query(
        `insert into billing_coupons (application_id, code, kind, percent_off, duration, max_redemptions, created_at) values ('fable', $1, 'coupon', 100, 'once', 1, now())`,
        [code],
      );
      const res = await subscribe(m.headers, await checkout(CARDS.approves, { promo_code: code.toLowerCase() }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expect.objectContaining({ resp_msg: 'Approved', orderTotal: 0, transaction_id: null }));
      expect([...payments.sandbox.state.paymentIntents.values()].filter((i) => i.metadata.user_id === m.id)).toHaveLength(0);
      expect(await subscriptionsOf(m.id)).toHaveLength(1);
      const coupon = (await t.db.query<{ coupon_code: string; coupon_charges_left: number }>('select coupon_code, coupon_charges_left from subscriptions where user_id = $1', [m.id])).rows[0];
      expect(coupon).toEqual({ coupon_code: code, coupon_charges_left: 0 });
      const other = await member();
      const usedUp = await subscribe(other.headers, await checkout(CARDS.approves, { promo_code: code }));
      expect(usedUp.status).toBe(400);
      expect(usedUp.body.error.details).toEqual({ reason: 'used_up' });
    });

    it('already subscribed: 409 before any charge', async () => {
      const m = await member();
      expect((await subscribe(m.headers, await checkout(CARDS.approves))).status).toBe(200);
      const again = await subscribe(m.headers, await checkout(CARDS.approves, { plan_id: 'premium_1y' }));
      expect(again.status).toBe(409);
      expect(again.body.error).toEqual({ code: 'already_subscribed', message: 'You already have an active subscription' });
      expect(paidIntentsOf(m.id)).toHaveLength(1);
      expect(await ordersOf(m.id)).toHaveLength(1);
    });

    it('without payment_token charges the card on file; with none on file 400', async () => {
      const m = await member();
      const none = await subscribe(m.headers, await checkout(null));
      expect(none.status).toBe(400);
      expect(await ordersOf(m.id)).toHaveLength(0);
      expect((await subscribe(m.headers, await checkout(CARDS.approves))).status).toBe(200);
      await t.db.query(`update subscriptions set status = 'expired' where user_id = $1`, [m.id]);
      const again = await subscribe(m.headers, await checkout(null, { plan_id: 'premium_1m' }));
      expect(again.status).toBe(200);
      expect(again.body.orderTotal).toBe(26.8);
      expect(paidIntentsOf(m.id).map((i) => i.amount).sort()).toEqual([16086, 2680]);
    });

    it('refuses bad input with 4xx and stores nothing: unknown plan, bad key, NUL bytes, bad postal code, bad coupon', async () => {
      const m = await member();
      const cases: Array<[object, number, string]> = [
        [{ plan_id: 'gold_1y' }, 404, 'plan_not_found'],
        [{ idempotency_key: 'short' }, 400, 'validation_error'],
        [{ idempotency_key: 'a b c d e f g h' }, 400, 'validation_error'],
        [{ first_name: 'Pat\u0000' }, 400, 'validation_error'],
        [{ postal_code: 'abc' }, 400, 'invalid_postal_code'],
        [{ promo_code: 'NOPE' }, 400, 'invalid_coupon'],
        [{ country: 'ZZ' }, 404, 'unknown_country'],
        [{ email: 'not-an-email' }, 400, 'invalid_email'],
      ];
      for (const [extra, status, code] of cases) {
        const res = await subscribe(m.headers, await checkout(CARDS.approves, extra));
        expect([JSON.stringify(extra), res.status, res.body.error?.code]).toEqual([JSON.stringify(extra), status, code]);
      }
      const nulKey = await t.app.inject({ method: 'POST', url: '/api/checkout/subscribe', headers: { ...m.headers, 'content-type': 'application/json' }, payload: '{"plan_id":"basic_1y\\u0000"}' });
      expect(nulKey.statusCode).toBe(400);
      expect(await ordersOf(m.id)).toHaveLength(0);
      expect(paidIntentsOf(m.id)).toHaveLength(0);
    });

    it('who may: guests 401; another member’s order is 404 (read and confirm); an unknown order 404', async () => {
      const owner = await member();
      const other = await member();
      const guest = { [API_HEADERS.guestUserId]: testGuestId() };
      const body = await checkout(CARDS.approves);
      expect((await subscribe(guest, body)).status).toBe(401);
      expect((await subscribe({}, body)).status).toBe(401);
      const paid = await subscribe(owner.headers, body);
      const orderId = paid.body.order_id as string;
      expect((await call('GET', `/checkout/orders/${orderId}`, other.headers)).status).toBe(404);
      expect((await call('POST', `/checkout/orders/${orderId}/confirm`, other.headers)).status).toBe(404);
      expect((await call('GET', `/checkout/orders/${orderId}`, guest)).status).toBe(401);
      expect((await call('POST', `/checkout/orders/${orderId}/confirm`, guest)).status).toBe(401);
      expect((await call('GET', `/checkout/orders/${randomUUID()}`, owner.headers)).body.error.code).toBe('order_not_found');
      expect((await call('GET', '/checkout/orders/not-a-uuid', owner.headers)).status).toBe(404);
      // The other member's own use of the same idempotency key is theirs: a separate order.
      expect((await subscribe(other.headers, { ...body, payment_token: await payments.cardToken(CARDS.approves) })).status).toBe(200);
    });
  });
});
