import { CARDS } from '../../../testing/paymentsSandbox';
import { describePayments } from '../../../testing/paymentsDescribe';
import { idempotencyKey, PAYER_DETAILS } from '../../../testing/paymentsTestApp';
import { runBillingJobs } from '../lifecycle/billingJobs';
import { grantFreeMonths } from '../lifecycle/freeMonths';
import { lifecycleDepsOf } from '../lifecycle/lifecycleTestKit';
import { loadOrder } from '../subscribe/orders';
import { REFUND_JOB_KIND } from '../subscribe/refundRetry';
import { BILLING_JOB_STATES_SQL } from '../../../infra/metrics/metrics';
import { payokPaymentId } from '../../../infra/payments/payok/payokClient';

// A redirect payment completed for an order given up meanwhile (the member paid by card in another tab) is refunded
// at the provider through the card's refund machinery: at once, else by the billing worker's refund job with backoff,
// once however often the provider announces the completion. So is one completed for an open order when the member
// got a subscription another way meanwhile (completePaidOrder's refund). Against the payments sandbox over its socket
// (through a line the tests cut), on both databases.
describePayments('refund of a redirect payment that cannot become a subscription on %s', (kit, backend) => {
  const now = () => kit.t.clock.now();
  // the main brand offers payport too: the sandbox's generic redirect sessions (volt, coinpayments, payssion,
  // directa24, upgate, overpay and payok speak their own APIs, tested below one by one)
  beforeAll(() =>
    kit.t.db.query(`update billing_purchase_options set payment_methods = $1 where application_id = 'fable'`, [
      JSON.stringify(['card', 'volt', 'coinpayments', 'payssion', 'payport', 'directa24', 'ug_upi', 'overpay', 'payok']),
    ]),
  );
  const later = (ms: number) => kit.t.clock.set(new Date(now().getTime() + ms));
  const sessionOf = (url: string) => kit.payments.sessionOfPage(url);
  const refundsOf = (sessionId: string) => [...kit.payments.sandbox.state.refunds.values()].filter((r) => r.redirect_session === sessionId);
  const subscriptionsOf = async (userId: string) =>
    (await kit.t.db.query<{ status: string; plan_id: string }>('select status, plan_id from subscriptions where user_id = $1', [userId])).rows;
  const ledgerOf = async (orderId: string) =>
    (
      await kit.t.db.query<{ action: string; actor: string; from_state: string | null; to_state: string | null; details: { attempt?: number } & Record<string, unknown> }>(
        'select action, actor, from_state, to_state, details from billing_ledger where order_id = $1 order by id',
        [orderId],
      )
    ).rows;
  const actions = async (orderId: string) => (await ledgerOf(orderId)).map((e) => (e.action === 'order.refund_failed' ? `${e.action}#${e.details.attempt}` : e.action));
  const printLedger = async (title: string, orderId: string) => {
    const entries = await ledgerOf(orderId);
    console.log(`${title} (${backend}):\n${entries.map((e) => `  ${e.actor} ${e.action} ${e.from_state ?? '-'} → ${e.to_state ?? '-'}`).join('\n')}`);
  };
  const refundJobOf = async (orderId: string) =>
    (await kit.t.db.query<{ id: string; attempts: number; run_at: Date; completed_at: Date | null; payload: Record<string, unknown> }>(`select id::text as id, attempts, run_at, completed_at, payload from billing_jobs where kind = $1 and payload->>'order_id' = $2`, [REFUND_JOB_KIND, orderId])).rows;
  /** The worker's runs of the order's refund job (the other tests' jobs share the queue). */
  const refundRuns = async (orderId: string, ...runs: Array<Awaited<ReturnType<typeof runBillingJobs>>>) => {
    const ids = (await refundJobOf(orderId)).map((j) => j.id);
    return runs.flat().filter((r) => ids.includes(r.id)).map((r) => r.result);
  };
  const work = () => runBillingJobs(lifecycleDepsOf(kit), now());
  /** The order's session row as the API keeps it (billing_redirect_payments). */
  const redirectRowOf = async (orderId: string) =>
    (await kit.t.db.query<{ status: string; refunded_at: Date | null }>('select status, refunded_at from billing_redirect_payments where order_id = $1', [orderId])).rows[0];

  /** The shopper pays on the sandbox's hosted page (where a PayOK link leads; straight to the sandbox, not through the API's line). */
  async function payOnProviderPage(url: string) {
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const res = await fetch(`${page.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
  }

  /**
   * A member opens payport's page (the sandbox's generic redirect sessions, Stripe-shaped refunds) (a redirect order, pending), then pays by card in another tab: the card checkout gives
   * the redirect order up (failed) and starts the subscription. Answers the given-up order and its provider page.
   */
  async function givenUpRedirectOrder(payment = 'payport_new_payment', details: object = { payment_option: null }) {
    const m = await kit.member('rsrefund');
    const redirect = await kit.call('POST', `/checkout/${payment}`, m.headers, { ...PAYER_DETAILS, plan_id: 'basic_1m', ...details, idempotency_key: idempotencyKey() });
    expect(redirect.status).toBe(200);
    const { url, order_id: orderId } = redirect.body as { url: string; order_id: string };
    const card = await kit.call('POST', '/checkout/subscribe', m.headers, await kit.cardCheckout(CARDS.approves));
    expect([card.status, card.body.resp_msg]).toEqual([200, 'Approved']);
    expect((await loadOrder(kit.t.db, orderId))?.status).toBe('failed');
    // the session the order recorded, still open at the provider (a PayOK link is nothing at PayOK until opened)
    const { rows } = await kit.t.db.query<{ session_id: string }>('select session_id from billing_redirect_payments where order_id = $1', [orderId]);
    const sessionId = rows[0]?.session_id as string;
    const session = sessionOf(url);
    if (session) expect([session.id, session.status]).toEqual([sessionId, 'open']);
    else expect(sessionId).toBe(payokPaymentId(orderId));
    return { m, url, orderId, sessionId };
  }

  it('refunds a Payssion payment through Payssion’s refund call, once, however often Payssion notifies', async () => {
    const { m, url, orderId, sessionId } = await givenUpRedirectOrder('payssion_new_payment', { payment_option: 'gcash', country: 'PH', state: '', postal_code: '1000' });
    await payOnProviderPage(url);
    const sent = () => kit.payments.sandbox.payssionNotifications.find((n) => n.transaction_id === sessionId);
    // delivered: the API answered it, having applied it (the refund made and recorded)
    for (let i = 0; i < 300 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sessionOf(url)).toMatchObject({ status: 'refunded', amount: 1500, amount_refunded: 1500 });
    expect(await loadOrder(kit.t.db, orderId)).toMatchObject({ status: 'refunded', provider_charge_id: sessionId });
    // Payssion notifies again: acknowledged, nothing refunded twice.
    const again = await kit.t.app.inject({
      method: 'POST',
      url: '/api/v2/payments/payssion/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(sent()?.form ?? {}).toString(),
    });
    expect(again.statusCode).toBe(200);
    expect(sessionOf(url)?.amount_refunded).toBe(1500);
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refunded']);
    expect(await subscriptionsOf(m.id)).toEqual([{ status: 'active', plan_id: 'basic_1m' }]);
  });

  it('refunds a Volt payment through Volt’s refund request, once, however often Volt notifies', async () => {
    const { m, url, orderId, sessionId } = await givenUpRedirectOrder('volt_new_payment');
    await payOnProviderPage(url);
    const sent = () => kit.payments.sandbox.volt.notifications.find((n) => n.payment === sessionId);
    // delivered: the API answered it, having applied it (the refund requested at Volt and recorded)
    for (let i = 0; i < 300 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toMatchObject({ status: 'COMPLETED', attempts: [200], delivered: true });
    expect(sessionOf(url)).toMatchObject({ status: 'refunded', amount: 1609, amount_refunded: 1609 });
    expect(await loadOrder(kit.t.db, orderId)).toMatchObject({ status: 'refunded', provider_charge_id: sessionId });
    expect(await redirectRowOf(orderId)).toMatchObject({ status: 'refunded' });
    // Volt notifies again, twice at once: acknowledged, nothing refunded twice
    const again = await Promise.all(
      [1, 2].map(() => kit.t.app.inject({ method: 'POST', url: '/api/v2/payments/volt/notify', headers: { 'content-type': 'application/json', ...sent()?.headers }, payload: sent()?.rawBody ?? '' })),
    );
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(sessionOf(url)?.amount_refunded).toBe(1609);
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refunded']);
    expect(await subscriptionsOf(m.id)).toEqual([{ status: 'active', plan_id: 'basic_1m' }]);
  });

  it('refunds a Directa24 deposit through D24’s POST /v3/refunds, once, however often D24 notifies', async () => {
    const { m, url, orderId, sessionId } = await givenUpRedirectOrder('directa24_new_payment');
    await payOnProviderPage(url);
    const sent = () => kit.payments.sandbox.directa24.notifications.find((n) => String(n.deposit_id) === sessionId && n.status === 'COMPLETED');
    // delivered: the API answered it, having applied it (the refund made at D24 and recorded)
    for (let i = 0; i < 300 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toMatchObject({ attempts: [200], delivered: true });
    expect(sessionOf(url)).toMatchObject({ status: 'refunded', amount: 1609, amount_refunded: 1609 });
    expect(await loadOrder(kit.t.db, orderId)).toMatchObject({ status: 'refunded', provider_charge_id: sessionId });
    expect(await redirectRowOf(orderId)).toMatchObject({ status: 'refunded' });
    // D24 notifies again, twice at once: acknowledged, nothing refunded twice
    const again = await Promise.all(
      [1, 2].map(() => kit.t.app.inject({ method: 'POST', url: '/api/v2/payments/directa24/notify', headers: { 'content-type': 'application/json' }, payload: sent()?.rawBody ?? '' })),
    );
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(sessionOf(url)?.amount_refunded).toBe(1609);
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refunded']);
    expect(await subscriptionsOf(m.id)).toEqual([{ status: 'active', plan_id: 'basic_1m' }]);
  });

  it('refunds an UpGate payment through UpGate’s POST /v1/refund of its SALE, once, however often UpGate posts back', async () => {
    const { m, url, orderId, sessionId } = await givenUpRedirectOrder('upgate_new_payment', { payment_option: 'upi' });
    await payOnProviderPage(url);
    const sent = () => kit.payments.sandbox.upgate.postbacks.find((p) => p.payment_id === sessionId && p.transaction_type === 'SALE');
    // delivered: the API answered it, having applied it (the refund made at UpGate and recorded)
    for (let i = 0; i < 300 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toMatchObject({ transaction_status: 'SUCCESS', attempts: [200], delivered: true });
    expect(sessionOf(url)).toMatchObject({ status: 'refunded', amount: 1609, amount_refunded: 1609 });
    expect(await loadOrder(kit.t.db, orderId)).toMatchObject({ status: 'refunded', provider_charge_id: sessionId });
    expect(await redirectRowOf(orderId)).toMatchObject({ status: 'refunded' });
    // UpGate posts the SALE again, twice at once: acknowledged, nothing refunded twice
    const again = await Promise.all(
      [1, 2].map(() => kit.t.app.inject({ method: 'POST', url: '/api/v2/payments/upgate/postback', headers: { 'content-type': 'application/json', ...sent()?.headers }, payload: sent()?.rawBody ?? '' })),
    );
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(sessionOf(url)?.amount_refunded).toBe(1609);
    expect(kit.payments.sandbox.upgate.transactions.filter((tx) => tx.payment.payment_id === sessionId && tx.transaction_type === 'REFUND')).toHaveLength(1);
    // the REFUND's own postback is recorded, not applied
    const refundPostback = () => kit.payments.sandbox.upgate.postbacks.find((p) => p.payment_id === sessionId && p.transaction_type === 'REFUND');
    for (let i = 0; i < 300 && !refundPostback()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(refundPostback()).toMatchObject({ attempts: [200], delivered: true });
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refunded']);
    expect(await subscriptionsOf(m.id)).toEqual([{ status: 'active', plan_id: 'basic_1m' }]);
  });

  it('refunds an Overpay payment through Overpay’s POST /beyag/transactions/refunds of its payment, once, however often Overpay notifies', async () => {
    const { m, url, orderId, sessionId } = await givenUpRedirectOrder('overpay_new_payment');
    await payOnProviderPage(url);
    const sent = () => kit.payments.sandbox.overpay.notifications.find((n) => n.token === sessionId && n.type === 'payment');
    // delivered: the API answered it, having applied it (the refund made at Overpay and recorded)
    for (let i = 0; i < 300 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toMatchObject({ status: 'successful', attempts: [200], delivered: true });
    expect(sessionOf(url)).toMatchObject({ status: 'refunded', amount: 1609, amount_refunded: 1609 });
    expect(await loadOrder(kit.t.db, orderId)).toMatchObject({ status: 'refunded', provider_charge_id: sessionId });
    expect(await redirectRowOf(orderId)).toMatchObject({ status: 'refunded' });
    const refunds = () => kit.payments.sandbox.overpay.transactions.filter((tx) => tx.type === 'refund' && tx.tracking_id === orderId);
    // the payment's uid as parent_uid, no amount (all of it), our order as the refund's tracking_id
    expect(refunds()).toEqual([expect.objectContaining({ parent_uid: sent()?.uid, amount: 1609, status: 'successful' })]);
    // Overpay sends the payment again, twice at once: acknowledged, nothing refunded twice
    const again = await Promise.all(
      [1, 2].map(() => kit.t.app.inject({ method: 'POST', url: '/api/v2/payments/overpay/notify', headers: { 'content-type': 'application/json', ...sent()?.headers }, payload: sent()?.rawBody ?? '' })),
    );
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(sessionOf(url)?.amount_refunded).toBe(1609);
    expect(refunds()).toHaveLength(1);
    // the refund's own notification is recorded, not applied
    const refundNotice = () => kit.payments.sandbox.overpay.notifications.find((n) => n.token === sessionId && n.type === 'refund');
    for (let i = 0; i < 300 && !refundNotice()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(refundNotice()).toMatchObject({ status: 'successful', attempts: [200], delivered: true });
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refunded']);
    expect(await subscriptionsOf(m.id)).toEqual([{ status: 'active', plan_id: 'basic_1m' }]);
  });

  it('makes a CoinPayments payment’s refund a manual task for an admin (its API has no refund call): given up at once, never pretended', async () => {
    const { m, url, orderId, sessionId } = await givenUpRedirectOrder('coinpayments_new_payment');
    await payOnProviderPage(url);
    const sent = () => kit.payments.sandbox.coinPaymentsIpns.find((n) => n.txn_id === sessionId);
    // delivered: the API answered it, having applied it (the refund due recorded, the manual task made)
    for (let i = 0; i < 300 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toMatchObject({ status: 100, attempts: [200], delivered: true });
    // nothing refunded, nothing pretended: the order is still the given-up one, its payment still completed
    expect(sessionOf(url)).toMatchObject({ status: 'completed', amount_refunded: 0 });
    expect(await loadOrder(kit.t.db, orderId)).toMatchObject({ status: 'failed' });
    expect(await redirectRowOf(orderId)).toEqual({ status: 'completed', refunded_at: null });
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refund_failed#0']);
    const failed = (await ledgerOf(orderId)).find((e) => e.action === 'order.refund_failed');
    expect(failed?.details).toMatchObject({ manual: true, retry_at: null, error: expect.stringMatching(/^ManualRefundRequiredError: CoinPayments has no refund call/) });
    // the refund job is given up at once (the billing_jobs given_up gauge counts it), saying what the admin must do
    const { rows } = await kit.t.db.query<{ failed_at: Date | null; last_error: string; payload: Record<string, unknown> }>(
      `select failed_at, last_error, payload from billing_jobs where kind = $1 and payload->>'order_id' = $2`,
      [REFUND_JOB_KIND, orderId],
    );
    expect(rows).toEqual([
      {
        failed_at: now(),
        last_error: `manual refund needed: CoinPayments has no refund call: refund the payment ${sessionId} of order ${orderId} by hand from the CoinPayments dashboard`,
        payload: { order_id: orderId, reason: 'paid_after_given_up', charge_id: sessionId, charge_kind: 'redirect_session' },
      },
    ]);
    const given = (await kit.t.db.query<{ state: string; kind: string; jobs: number }>(BILLING_JOB_STATES_SQL)).rows.find((r) => r.state === 'given_up' && r.kind === REFUND_JOB_KIND);
    expect(given?.jobs).toBeGreaterThanOrEqual(1);
    // the worker does not try again, and CoinPayments repeating the IPN changes nothing
    later(24 * 3600_000);
    expect(await refundRuns(orderId, await work())).toEqual([]);
    const again = await kit.t.app.inject({ method: 'POST', url: '/api/v2/payments/coinpayments/ipn', headers: { 'content-type': 'application/x-www-form-urlencoded', hmac: sent()?.hmac ?? '' }, payload: sent()?.rawBody ?? '' });
    expect([again.statusCode, again.body]).toEqual([200, 'IPN OK']);
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refund_failed#0']);
    expect(await subscriptionsOf(m.id)).toEqual([{ status: 'active', plan_id: 'basic_1m' }]);
  });

  it('makes a PayOK payment’s refund a manual task for an admin (PayOK has no refund API): given up at once, never pretended', async () => {
    const { m, url, orderId, sessionId } = await givenUpRedirectOrder('payok_new_payment');
    await payOnProviderPage(url);
    const sent = () => kit.payments.sandbox.payok.notifications.find((n) => n.payment_id === sessionId);
    // delivered: the API answered it OK, having applied it (the refund due recorded, the manual task made)
    for (let i = 0; i < 300 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toMatchObject({ attempts: [200], delivered: true });
    // nothing refunded, nothing pretended: the order is still the given-up one, its payment still paid
    expect(sessionOf(url)).toMatchObject({ status: 'completed', amount_refunded: 0 });
    expect(await loadOrder(kit.t.db, orderId)).toMatchObject({ status: 'failed' });
    expect(await redirectRowOf(orderId)).toEqual({ status: 'completed', refunded_at: null });
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refund_failed#0']);
    const failed = (await ledgerOf(orderId)).find((e) => e.action === 'order.refund_failed');
    expect(failed?.details).toMatchObject({ manual: true, retry_at: null, error: expect.stringMatching(/^ManualRefundRequiredError: PayOK has no refund API/) });
    // the refund job is given up at once, saying what the admin must do
    const { rows } = await kit.t.db.query<{ failed_at: Date | null; last_error: string; payload: Record<string, unknown> }>(
      `select failed_at, last_error, payload from billing_jobs where kind = $1 and payload->>'order_id' = $2`,
      [REFUND_JOB_KIND, orderId],
    );
    expect(rows).toEqual([
      {
        failed_at: now(),
        last_error: `manual refund needed: PayOK has no refund API: pay back the payment ${sessionId} of order ${orderId} by hand (PayOK's cabinet or support)`,
        payload: { order_id: orderId, reason: 'paid_after_given_up', charge_id: sessionId, charge_kind: 'redirect_session' },
      },
    ]);
    // the worker does not try again, and PayOK repeating its notification changes nothing
    later(24 * 3600_000);
    expect(await refundRuns(orderId, await work())).toEqual([]);
    const again = await kit.t.app.inject({ method: 'POST', url: '/api/v2/payments/payok/notify', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: sent()?.rawBody ?? '' });
    expect([again.statusCode, again.body]).toEqual([200, 'OK']);
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refund_failed#0']);
    expect(await subscriptionsOf(m.id)).toEqual([{ status: 'active', plan_id: 'basic_1m' }]);
  });

  it('refunds the session at once: net 0 at the provider, order.refunded once, one active subscription', async () => {
    const { m, url, orderId, sessionId } = await givenUpRedirectOrder();
    await payOnProviderPage(url);
    await kit.payments.sandbox.webhooks.idle();

    expect(sessionOf(url)).toMatchObject({ status: 'refunded', amount: 1609, amount_refunded: 1609 });
    expect(refundsOf(sessionId)).toEqual([expect.objectContaining({ amount: 1609, status: 'succeeded' })]);
    expect(await loadOrder(kit.t.db, orderId)).toMatchObject({ status: 'refunded', provider_charge_id: sessionId });
    await printLedger('given-up redirect order refunded at once', orderId);
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refunded']);
    expect(await redirectRowOf(orderId)).toEqual({ status: 'refunded', refunded_at: now() });
    expect(await subscriptionsOf(m.id)).toEqual([{ status: 'active', plan_id: 'basic_1m' }]);
    // the order reads canceled to the member (a refunded duplicate)
    expect((await kit.call('GET', `/checkout/orders/${orderId}`, m.headers)).body.status).toBe('canceled');

    // The queued retry finds it done and refunds nothing more.
    later(60_000);
    expect(await refundRuns(orderId, await work())).toEqual(['already_refunded']);
    expect(refundsOf(sessionId)).toHaveLength(1);
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refunded']);
  });

  it('with the provider down at first, the billing worker retries the refund with backoff until it is done, once', async () => {
    const { m, url, orderId, sessionId } = await givenUpRedirectOrder();
    kit.line.setMode('down');
    await payOnProviderPage(url);
    await kit.payments.sandbox.webhooks.idle();
    expect(sessionOf(url)).toMatchObject({ status: 'completed', amount_refunded: 0 });
    expect(await loadOrder(kit.t.db, orderId)).toMatchObject({ status: 'failed' });
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refund_failed#0']);
    expect(await redirectRowOf(orderId)).toEqual({ status: 'completed', refunded_at: null });
    // one job for the order, naming the session to refund as a redirect session
    expect((await refundJobOf(orderId)).map((j) => j.payload)).toEqual([{ order_id: orderId, reason: 'paid_after_given_up', charge_id: sessionId, charge_kind: 'redirect_session' }]);

    // Not due yet; then due with the provider still down: failed and recorded each time, retried 1 then 2 minutes later.
    expect(await refundRuns(orderId, await work())).toEqual([]);
    later(60_000);
    expect(await refundRuns(orderId, await work())).toEqual(['error']);
    expect((await refundJobOf(orderId))[0]).toMatchObject({ attempts: 1, completed_at: null, run_at: new Date(now().getTime() + 60_000) });
    later(30_000);
    expect(await refundRuns(orderId, await work())).toEqual([]);
    later(30_000);
    expect(await refundRuns(orderId, await work())).toEqual(['error']);
    expect((await refundJobOf(orderId))[0]).toMatchObject({ attempts: 2, run_at: new Date(now().getTime() + 120_000) });
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refund_failed#0', 'order.refund_failed#1', 'order.refund_failed#2']);
    expect(sessionOf(url)?.amount_refunded).toBe(0);

    // The provider is back: two workers at once, one refund.
    kit.line.setMode('pass');
    later(120_000);
    expect(await refundRuns(orderId, ...(await Promise.all([work(), work()])))).toEqual(['refunded']);
    expect(sessionOf(url)).toMatchObject({ status: 'refunded', amount_refunded: 1609 });
    expect(refundsOf(sessionId)).toHaveLength(1);
    await printLedger('given-up redirect order refunded by the worker', orderId);
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refund_failed#0', 'order.refund_failed#1', 'order.refund_failed#2', 'order.refunded']);
    expect(await loadOrder(kit.t.db, orderId)).toMatchObject({ status: 'refunded' });
    expect(await redirectRowOf(orderId)).toEqual({ status: 'refunded', refunded_at: now() });
    expect((await refundJobOf(orderId))[0]?.completed_at).not.toBeNull();
    expect(await subscriptionsOf(m.id)).toEqual([{ status: 'active', plan_id: 'basic_1m' }]);
    later(24 * 3600_000);
    expect(await refundRuns(orderId, await work())).toEqual([]);
  });

  it('refunds once however the completion is announced: duplicated, reordered, redelivered', async () => {
    const { m, url, orderId, sessionId } = await givenUpRedirectOrder();
    await kit.payments.control('POST', '/_sandbox/webhooks/hold');
    await kit.payments.control('POST', '/_sandbox/webhooks/duplicate_next', { count: 3 });
    await payOnProviderPage(url);
    await kit.payments.control('POST', '/_sandbox/webhooks/release', { order: 'reverse' });
    await kit.payments.sandbox.webhooks.idle();
    const events = (await kit.payments.control('GET', '/_sandbox/events')).body.data as Array<{ id: string; type: string; data: { object: { id: string } } }>;
    const completed = events.find((e) => e.type === 'redirect_session.completed' && e.data.object.id === sessionId);
    await kit.payments.control('POST', `/_sandbox/events/${completed?.id}/redeliver`);
    // and the same event posted twice at once
    await kit.payments.control('POST', `/_sandbox/events/${completed?.id}/redeliver`);
    await kit.payments.control('POST', `/_sandbox/events/${completed?.id}/redeliver`);
    await kit.payments.sandbox.webhooks.idle();

    expect(refundsOf(sessionId)).toHaveLength(1);
    expect(sessionOf(url)).toMatchObject({ status: 'refunded', amount_refunded: 1609 });
    await printLedger('given-up redirect order, completion delivered many times', orderId);
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.failed', 'order.refund_due', 'order.refunded']);
    expect(await redirectRowOf(orderId)).toMatchObject({ status: 'refunded' });
    expect(await subscriptionsOf(m.id)).toEqual([{ status: 'active', plan_id: 'basic_1m' }]);
    // the sandbox's redirect_session.refunded reached the API and was recorded without effect
    const { rows } = await kit.t.db.query<{ applied: boolean }>(
      `select applied_at is not null as applied from payment_webhook_events where type = 'redirect_session.refunded' and payload -> 'object' ->> 'id' = $1`,
      [sessionId],
    );
    expect(rows).toEqual([{ applied: true }]);
  });

  it('refunds the session too when the order was still open but the member got a subscription another way meanwhile', async () => {
    const m = await kit.member('rsrefund');
    const redirect = await kit.call('POST', '/checkout/payport_new_payment', m.headers, { ...PAYER_DETAILS, plan_id: 'basic_1m', payment_option: null, idempotency_key: idempotencyKey() });
    const { url, order_id: orderId } = redirect.body as { url: string; order_id: string };
    // a leaderboard prize's free months start a complimentary subscription while the redirect order is open
    expect((await grantFreeMonths(kit.t.db, { userId: m.id, applicationId: 'fable', tier: 'premium', months: 1, source: `test:${m.id}` }, now())).outcome).toBe('created');
    await payOnProviderPage(url);
    await kit.payments.sandbox.webhooks.idle();
    const sessionId = sessionOf(url)!.id;
    expect(sessionOf(url)).toMatchObject({ status: 'refunded', amount_refunded: 1609 });
    expect(refundsOf(sessionId)).toHaveLength(1);
    await printLedger('redirect order paid while subscribed another way', orderId);
    expect(await actions(orderId)).toEqual(['order.redirected', 'order.succeeded', 'order.refund_due', 'order.refunded']);
    expect(await redirectRowOf(orderId)).toEqual({ status: 'refunded', refunded_at: now() });
    expect((await refundJobOf(orderId)).map((j) => j.payload)).toEqual([{ order_id: orderId, reason: 'already_subscribed', charge_kind: 'redirect_session' }]);
    expect(await subscriptionsOf(m.id)).toEqual([{ status: 'active', plan_id: 'premium_1m' }]);
  });
});
