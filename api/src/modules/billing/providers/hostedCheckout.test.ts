import { API_HEADERS, CheckoutOrderSchema, HOSTED_CHECKOUT_PARAMS as P, ProviderPaymentResultSchema } from '@fable/contracts';
import { randomUUID } from 'node:crypto';
import { describePayments } from '../../../testing/paymentsDescribe';
import { idempotencyKey, PAYER_DETAILS } from '../../../testing/paymentsTestApp';
import { forApplication, testGuestId } from '../../../testing/testApp';

// The hosted checkout link of a subscription billing provider (document 2 §7) against the payments sandbox over a
// real socket: the link's contents, the sandbox's page at that link, its payment announced by a signed webhook, and
// the subscription started through the redirect providers' path; on both databases.

/** The site's origin: the test app's PUBLIC_URL (unset: the default). */
const SITE = 'http://localhost:3000';

describePayments('the hosted checkout link on %s', (kit) => {
  const member = () => kit.member('hosted');
  const body = (extra: object = {}) => ({ ...PAYER_DETAILS, plan_id: 'basic_1m', idempotency_key: idempotencyKey(), ...extra });
  const link = (headers: Record<string, string>, payload: object) => kit.call('POST', '/checkout/hosted_checkout', headers, payload);
  const sessionOf = (url: string) => kit.payments.sandbox.state.redirectSessions.get(new URL(url).searchParams.get(P.page) ?? '');
  const sessionsOfUser = (userId: string) => [...kit.payments.sandbox.state.redirectSessions.values()].filter((s) => s.metadata.user_id === userId);
  const order = async (headers: Record<string, string>, orderId: string) => kit.call('GET', `/checkout/orders/${orderId}`, headers);
  const tierOf = async (userId: string) => (await kit.t.db.query<{ tier: string }>('select tier from users where id = $1', [userId])).rows[0]?.tier;

  async function addCoupon(percentOff: number): Promise<string> {
    const code = `HOSTED${randomUUID().slice(0, 8).toUpperCase()}`;
    await kit.t.db.query(
      `insert into billing_coupons (application_id, code, kind, percent_off, duration, created_at) values ('fable', $1, 'coupon', $2, 'once', now())`,
      [code, percentOff],
    );
    return code;
  }

  /** The shopper opens the link: the page (its status and text) and, when it can be paid, its Pay and Cancel actions. */
  async function openLink(url: string): Promise<{ status: number; html: string; action: (choice: 'pay' | 'cancel') => string }> {
    const res = await fetch(url);
    const html = await res.text();
    const action = (choice: 'pay' | 'cancel') => {
      const found = new RegExp(`action="(/pay/[^"]+/${choice})"`).exec(html)?.[1];
      if (!found) throw new Error(`the page has no ${choice} form:\n${html}`);
      return new URL(found, url).toString();
    };
    return { status: res.status, html, action };
  }
  /** Submits the page's Pay or Cancel form: where the provider sends the browser back. */
  async function choose(url: string, choice: 'pay' | 'cancel'): Promise<URL> {
    const page = await openLink(url);
    expect(page.status).toBe(200);
    const res = await fetch(page.action(choice), { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location') as string);
  }

  it('builds the link: item price id, quantity 1, customer email, user id as custom field, the coupon when one applies', async () => {
    const m = await member();
    const coupon = await addCoupon(20);
    const res = await link(m.headers, body({ promo_code: coupon.toLowerCase() }));
    expect(res.status).toBe(200);
    const answer = ProviderPaymentResultSchema.parse(res.body);
    const url = new URL(answer.url as string);
    expect(url.origin).toBe(new URL(kit.payments.sandbox.url).origin);
    expect(url.pathname).toBe('/hosted_pages/checkout');
    const session = sessionOf(url.toString());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      [P.itemPriceId]: 'basic-USD-Monthly',
      [P.quantity]: '1',
      [P.email]: PAYER_DETAILS.email,
      [P.userId]: m.id,
      [P.coupon]: coupon,
      [P.page]: session?.id,
    });
    // $15 − 20 % = $12, + 7.25 % California tax = $12.87: the calculation's price, charged by the provider's page
    expect([session?.provider, session?.amount, session?.currency, session?.status]).toEqual(['hosted_checkout', 1287, 'usd', 'open']);
    expect(session?.metadata).toMatchObject({ order_id: answer.order_id, user_id: m.id, plan_id: 'basic_1m', payment_method: 'hosted_checkout', item_price_id: 'basic-USD-Monthly', coupon_id: coupon });
    expect(session?.return_url).toBe(`${SITE}/checkout/success?order_id=${answer.order_id}`);

    // no coupon: no coupon parameter; an annual plan's item price
    const plain = ProviderPaymentResultSchema.parse((await link(m.headers, body({ plan_id: 'premium_1y' }))).body);
    const plainUrl = new URL(plain.url as string);
    expect(plainUrl.searchParams.has(P.coupon)).toBe(false);
    expect(plainUrl.searchParams.get(P.itemPriceId)).toBe('premium-USD-Yearly');
    expect(plainUrl.searchParams.get(P.quantity)).toBe('1');
  });

  it('pays on the provider’s page: the webhook pays the order, the subscription starts and the tier follows, once', async () => {
    const m = await member();
    const request = body();
    const { url, order_id: orderId } = ProviderPaymentResultSchema.parse((await link(m.headers, request)).body) as { url: string; order_id: string };
    const page = await openLink(url);
    expect(page.html).toContain('basic-USD-Monthly');
    expect(page.html).toContain('$16.09');
    expect((await order(m.headers, orderId)).body.status).toBe('pending');

    const back = await choose(url, 'pay');
    expect(back.toString()).toBe(`${SITE}/checkout/success?order_id=${orderId}&session_id=${sessionOf(url)?.id}`);
    await kit.payments.sandbox.webhooks.idle();
    const paid = CheckoutOrderSchema.parse((await order(m.headers, orderId)).body);
    expect(paid).toMatchObject({ status: 'succeeded', plan_id: 'basic_1m', orderTotal: 16.09, currency: 'USD', transaction_id: sessionOf(url)?.id });
    const subscriptions = await kit.t.db.query<{ id: string; status: string; plan_id: string }>('select id::text as id, status, plan_id from subscriptions where user_id = $1', [m.id]);
    expect(subscriptions.rows).toEqual([{ id: paid.subscription_id, status: 'active', plan_id: 'basic_1m' }]);
    expect(await tierOf(m.id)).toBe('basic');

    // the link again: already paid; the same key answers the success page; a new attempt: already subscribed
    expect((await openLink(url)).html).toContain('already completed');
    expect((await link(m.headers, request)).body).toEqual({ url: `${SITE}/checkout/success?order_id=${orderId}`, order_id: orderId });
    const again = await link(m.headers, body());
    expect([again.status, again.body.error.code]).toEqual([409, 'already_subscribed']);
  });

  it('cancels the order when the member cancels on the provider’s page', async () => {
    const m = await member();
    const { url, order_id: orderId } = ProviderPaymentResultSchema.parse((await link(m.headers, body())).body) as { url: string; order_id: string };
    const back = await choose(url, 'cancel');
    expect(`${back.origin}${back.pathname}`).toBe(`${SITE}/checkout`);
    expect(back.searchParams.get('cancelled')).toBe('1');
    await kit.payments.sandbox.webhooks.idle();
    expect((await order(m.headers, orderId)).body).toMatchObject({ status: 'canceled', error_message: 'The payment was canceled.' });
    expect(await tierOf(m.id)).toBe('free');
  });

  it('refuses a link edited in the address bar: nothing can be paid with it', async () => {
    const m = await member();
    const coupon = await addCoupon(50);
    const { url } = ProviderPaymentResultSchema.parse((await link(m.headers, body())).body) as { url: string };
    const edited = (param: string, value: string | null) => {
      const next = new URL(url);
      if (value === null) next.searchParams.delete(param);
      else next.searchParams.set(param, value);
      return next.toString();
    };
    const cases: Array<[string, string | null, number, string]> = [
      [P.itemPriceId, 'premium-USD-Yearly', 400, 'does not match'],
      [P.quantity, '2', 400, 'quantity must be 1'],
      [P.email, 'someone.else@example.com', 400, 'does not match'],
      [P.userId, randomUUID(), 400, 'does not match'],
      [P.coupon, coupon, 400, 'does not match'],
      [P.itemPriceId, null, 400, 'is missing'],
      [P.page, 'rs_nosuchpage', 404, 'does not exist'],
    ];
    for (const [param, value, status, words] of cases) {
      const page = await openLink(edited(param, value));
      expect([param, value, page.status]).toEqual([param, value, status]);
      expect(page.html).toContain(words);
      expect(page.html).not.toContain('/pay/');
    }
    expect(sessionOf(url)?.status).toBe('open');
  });

  it('answers the same link to a repeated key, even five at once, and refuses the key with other details', async () => {
    const m = await member();
    const request = body();
    const answers = await Promise.all(Array.from({ length: 5 }, () => link(m.headers, request)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(sessionsOfUser(m.id)).toHaveLength(1);
    const mismatch = await link(m.headers, { ...request, plan_id: 'premium_1m' });
    expect([mismatch.status, mismatch.body.error.code]).toEqual([409, 'idempotency_mismatch']);
    // the same key on a redirect provider is another request
    expect((await kit.call('POST', '/checkout/volt_new_payment', m.headers, { ...request, payment_option: null })).status).toBe(409);
  });

  it('refuses bad input with a clear 4xx and makes no checkout', async () => {
    const m = await member();
    const refusal = async (payload: object) => {
      const res = await link(m.headers, payload);
      return [res.status, res.body.error.code, res.body.error.message];
    };
    expect(await refusal(body({ promo_code: 'NOSUCHCOUPON' }))).toEqual([400, 'invalid_coupon', 'Invalid coupon']);
    expect((await link(m.headers, body({ promo_code: 'NOSUCHCOUPON' }))).body.error.details).toMatchObject({ reason: 'not_found' });
    expect(await refusal(body({ plan_id: 'gold_1m' }))).toEqual([404, 'plan_not_found', 'This plan is not available.']);
    expect(await refusal(body({ email: 'not-an-email' }))).toEqual([400, 'invalid_email', 'Invalid email address']);
    expect((await refusal(body({ idempotency_key: 'short' })))[0]).toBe(400);
    expect((await refusal(body({ email: 'x'.repeat(321) })))[0]).toBe(400);
    expect((await refusal(body({ first_name: 'Pa\u0000t' })))[0]).toBe(400);
    expect((await refusal({ plan_id: 'basic_1m', idempotency_key: idempotencyKey() }))[0]).toBe(400);
    // tales offers card only
    const tales = await kit.member('hosted', forApplication('tales'));
    const notOffered = await link(tales.headers, body());
    expect([notOffered.status, notOffered.body.error.code]).toEqual([400, 'payment_method_not_offered']);
    expect(sessionsOfUser(m.id)).toHaveLength(0);
    expect(sessionsOfUser(tales.id)).toHaveLength(0);
  });

  it('is for members only', async () => {
    expect((await link({ [API_HEADERS.guestUserId]: testGuestId() }, body())).status).toBe(401);
    expect((await link({}, body())).status).toBe(401);
  });
});
