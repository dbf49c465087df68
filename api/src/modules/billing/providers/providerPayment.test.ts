import { API_HEADERS, CheckoutOrderSchema, ProviderPaymentResultSchema } from '@fable/contracts';
import { createHash, randomUUID, sign } from 'node:crypto';
import { describePayments } from '../../../testing/paymentsDescribe';
import { idempotencyKey, PAYER_DETAILS, type PaymentsTestApp } from '../../../testing/paymentsTestApp';
import {
  COINPAYMENTS_IPN_PATH,
  D24_NOTIFY_PATH,
  OVERPAY_NOTIFY_PATH,
  PAYOK_NOTIFY_PATH,
  PAYSSION_NOTIFY_PATH,
  testOverpayKeys,
  UPGATE_POSTBACK_PATH,
  VOLT_NOTIFY_PATH,
  type PaymentsLine,
  type TestPaymentsSandbox,
} from '../../../testing/paymentsSandbox';
import { isPayssionPage, PAYSSION_PM_IDS } from '../../../infra/payments/payssion/payssionClient';
import { coinPaymentsHmac, isCoinPaymentsPage } from '../../../infra/payments/coinpayments/coinPaymentsClient';
import { SANDBOX_COINPAYMENTS_KEYS } from '../../../infra/payments/coinpayments/coinPaymentsConfig';
import { SANDBOX_PAYSSION_KEYS } from '../../../infra/payments/payssion/payssionConfig';
import { isVoltPage, voltSignature } from '../../../infra/payments/volt/voltClient';
import { SANDBOX_VOLT_KEYS } from '../../../infra/payments/volt/voltConfig';
import { isD24Page } from '../../../infra/payments/directa24/d24Client';
import { isUpgatePage, UPGATE_METHODS, upgateSignature } from '../../../infra/payments/upgate/upgateClient';
import { SANDBOX_UPGATE_KEYS } from '../../../infra/payments/upgate/upgateConfig';
import { isOverpayPage, overpayBasicAuth } from '../../../infra/payments/overpay/overpayClient';
import { SANDBOX_OVERPAY_KEYS } from '../../../infra/payments/overpay/overpayConfig';
import { isPayokPage, payokLinkSign, payokNotificationSign, payokPaymentId } from '../../../infra/payments/payok/payokClient';
import { SANDBOX_PAYOK_KEYS } from '../../../infra/payments/payok/payokConfig';
import { forApplication, testGuestId, type TestApp } from '../../../testing/testApp';

// Redirect providers against the payments sandbox over a real socket (through a line the tests can cut), its hosted
// page and its signed webhooks, on both databases.

/** The site's origin: the test app's PUBLIC_URL (unset: the default). */
const SITE = 'http://localhost:3000';

describePayments('redirect providers on %s', (kit, backend) => {
  let t: TestApp;
  let payments: TestPaymentsSandbox;
  let line: PaymentsLine;

  beforeAll(async () => {
    ({ t, payments, line } = kit);
    // storynest offers every payment method, for the provider paths (fable: card, volt, coinpayments, payssion)
    await t.db.query(
      `update billing_purchase_options set payment_methods = $1 where application_id = 'storynest'`,
      [JSON.stringify(['card', 'volt', 'payport', 'antrpay', 'directa24', 'luxfin', 'payok', 'inwizo_ecom', 'inwizo_tpay', 'inwizo_sbp', 'ug_alipay', 'ug_kakao', 'ug_upi', 'coinpayments', 'overpay', 'fpay_alipay', 'fpay_wechat', 'payssion'])],
    );
    // the main brand offers payport too: the paths of the sandbox's generic redirect sessions (volt, coinpayments,
    // payssion, directa24, upgate, overpay and payok speak their own APIs)
    await t.db.query(`update billing_purchase_options set payment_methods = $1 where application_id = 'fable'`, [
      JSON.stringify(['card', 'volt', 'coinpayments', 'payssion', 'payport', 'directa24', 'ug_kakao', 'overpay', 'payok']),
    ]);
  });

  /** A member of the application the headers name (none: the main brand's). */
  const member = (headers: Record<string, string> = {}) => kit.member('redir', headers);
  const call: PaymentsTestApp['call'] = (...args) => kit.call(...args);
  const key = idempotencyKey;
  const body = (extra: object = {}) => ({ ...PAYER_DETAILS, plan_id: 'basic_1m', payment_option: null, idempotency_key: key(), ...extra });
  const pay = (headers: Record<string, string>, payment: string, payload: object) => call('POST', `/checkout/${payment}`, headers, payload);
  const sessionOf = (url: string) => payments.sessionOfPage(url);
  /** The shopper on the sandbox's hosted page (where a PayOK link leads): Pay or Cancel; answers where the page sends them. */
  async function onProviderPage(url: string, choice: 'pay' | 'cancel'): Promise<URL> {
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const res = await fetch(`${page.url}/${choice}`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location') as string);
  }
  const order = async (headers: Record<string, string>, orderId: string) => call('GET', `/checkout/orders/${orderId}`, headers);
  const subscriptionsOf = async (userId: string) =>
    (await t.db.query<{ id: string; status: string; plan_id: string }>('select id::text as id, status, plan_id from subscriptions where user_id = $1', [userId])).rows;
  const tierOf = async (userId: string) => (await t.db.query<{ tier: string }>('select tier from users where id = $1', [userId])).rows[0]?.tier;
  const ledgerOfUser = async (userId: string) =>
    (await t.db.query<{ action: string; actor: string; from_state: string | null; to_state: string | null }>('select action, actor, from_state, to_state from billing_ledger where user_id = $1 order by id', [userId])).rows;
  const sessionsOfUser = (userId: string) => [...payments.sandbox.state.redirectSessions.values()].filter((s) => s.metadata.user_id === userId);

  it('sends every provider of document 2 §7 and its options to its page, priced as the calculation prices it', async () => {
    const storynest = forApplication('storynest');
    const m = await member(storynest);
    const paths: Array<[string, string | null, string, string]> = [
      ['volt_new_payment', null, 'US', 'volt'],
      ['payport_new_payment', null, 'US', 'payport'],
      ['antrpay_new_payment', null, 'US', 'antrpay'],
      ['directa24_new_payment', null, 'US', 'directa24'],
      ['luxfin_new_payment', null, 'US', 'luxfin'],
      ['payok_new_payment', null, 'US', 'payok'],
      ['inwizo_new_payment', 'ecom', 'US', 'inwizo_ecom'],
      ['inwizo_new_payment', 'tpay', 'US', 'inwizo_tpay'],
      ['inwizo_new_payment', 'sbp', 'US', 'inwizo_sbp'],
      ['upgate_new_payment', 'alipay', 'US', 'ug_alipay'],
      ['upgate_new_payment', 'kakao', 'US', 'ug_kakao'],
      ['upgate_new_payment', 'upi', 'US', 'ug_upi'],
      ['coinpayments_new_payment', null, 'US', 'coinpayments'],
      ['overpay_new_payment', null, 'US', 'overpay'],
      ['fpay_new_payment', 'alipay', 'US', 'fpay_alipay'],
      ['fpay_new_payment', 'wechat', 'US', 'fpay_wechat'],
      ['payssion_new_payment', 'gcash', 'PH', 'payssion_gcash'],
      ['payssion_new_payment', 'paymaya', 'PH', 'payssion_paymaya'],
      ['payssion_new_payment', 'russian_card', 'RU', 'payssion_russian_card'],
      ['payssion_new_payment', 'sbp', 'RU', 'payssion_sbp'],
      ['payssion_new_payment', 'tbank', 'RU', 'payssion_tbank'],
      ['payssion_new_payment', 'yoomoney', 'RU', 'payssion_yoomoney'],
      ['payssion_new_payment', 'sberpay', 'RU', 'payssion_sberpay'],
    ];
    const postal: Record<string, string> = { US: '90210', PH: '1000', RU: '101000' };
    for (const [payment, option, country, page] of paths) {
      const res = await pay(m.headers, payment, body({ payment_option: option, country, state: country === 'US' ? 'CA' : '', postal_code: postal[country] }));
      expect([payment, option, res.status]).toEqual([payment, option, 200]);
      const answer = ProviderPaymentResultSchema.parse(res.body);
      const session = sessionOf(answer.url as string);
      if (isPayssionPage(page)) {
        // through Payssion's own API: its method id, our order id, one return address
        expect([page, session?.provider, session?.amount, session?.currency]).toEqual([page, `Payssion ${PAYSSION_PM_IDS[page]}`, 1500, 'usd']);
        expect(session?.payssion).toEqual({ order_id: answer.order_id, pm_id: PAYSSION_PM_IDS[page], description: 'Fable basic_1m' });
        expect(session?.return_url).toBe(`${SITE}/checkout/success?order_id=${answer.order_id}`);
        continue;
      }
      if (isVoltPage(page)) {
        // through Volt's own API: the price in minor units, our order as merchantInternalReference, our member as payer
        expect([session?.provider, session?.amount, session?.currency]).toEqual(['volt', 1609, 'usd']);
        expect(session?.volt).toMatchObject({ type: 'SERVICES', merchantInternalReference: answer.order_id, payer: { reference: m.id, email: PAYER_DETAILS.email } });
        expect([session?.return_url, session?.cancel_url]).toEqual([`${SITE}/checkout/success?order_id=${answer.order_id}`, `${SITE}/checkout?plan_id=basic_1m&order_id=${answer.order_id}&cancelled=1`]);
        continue;
      }
      if (isD24Page(page)) {
        // through Directa24's Deposits API: the price in major units, our order as invoice_id, the member as payer
        expect([session?.provider, session?.amount, session?.currency]).toEqual(['directa24', 1609, 'usd']);
        expect(session?.directa24).toMatchObject({ invoice_id: answer.order_id, country: 'US', payer: { id: m.id, email: PAYER_DETAILS.email, first_name: 'Pat', last_name: 'Payer' } });
        expect([session?.return_url, session?.directa24?.error_url]).toEqual([`${SITE}/checkout/success?order_id=${answer.order_id}`, `${SITE}/checkout?plan_id=basic_1m&order_id=${answer.order_id}&cancelled=1`]);
        continue;
      }
      if (isUpgatePage(page)) {
        // through UpGate's checkout API: the method chosen, the price in major units, our order as merchant_payment_id
        expect([session?.provider, session?.amount, session?.currency]).toEqual(['upgate', 1609, 'usd']);
        expect(session?.upgate).toMatchObject({ merchant_payment_id: answer.order_id, merchant_customer_id: m.id, email: PAYER_DETAILS.email, country_code: 'US', methods: [UPGATE_METHODS[page]] });
        expect([session?.return_url, session?.cancel_url]).toEqual([`${SITE}/checkout/success?order_id=${answer.order_id}`, `${SITE}/checkout?plan_id=basic_1m&order_id=${answer.order_id}&cancelled=1`]);
        continue;
      }
      if (isOverpayPage(page)) {
        // through Overpay's checkout API: the price in minor units, our order as tracking_id, notified to the API
        expect([session?.provider, session?.amount, session?.currency]).toEqual(['overpay', 1609, 'usd']);
        expect(session?.overpay).toMatchObject({ tracking_id: answer.order_id, email: PAYER_DETAILS.email, description: 'Fable basic_1m', notification_url: payments.config.overpay?.notificationUrl });
        expect([session?.return_url, session?.cancel_url]).toEqual([`${SITE}/checkout/success?order_id=${answer.order_id}`, `${SITE}/checkout?plan_id=basic_1m&order_id=${answer.order_id}&cancelled=1`]);
        continue;
      }
      if (isPayokPage(page)) {
        // PayOK's signed link (no create call): our payment id for the order, major units, the checkout's email
        const link = Object.fromEntries(new URL(answer.url as string).searchParams);
        const signed = { amount: '16.09', payment: payokPaymentId(answer.order_id as string), shop: SANDBOX_PAYOK_KEYS.shopId, currency: 'USD', desc: 'Fable basic_1m' };
        expect(link).toEqual({ ...signed, sign: payokLinkSign(SANDBOX_PAYOK_KEYS.secretKey, signed), email: PAYER_DETAILS.email, success_url: `${SITE}/checkout/success?order_id=${answer.order_id}` });
        // nothing at PayOK until the payer opens it
        expect(session).toBeUndefined();
        continue;
      }
      if (isCoinPaymentsPage(page)) {
        // through CoinPayments' own API: the price in USD, paid in the sandbox's test coin, our order as its invoice
        expect([session?.provider, session?.amount, session?.currency]).toEqual(['CoinPayments LTCT', 1609, 'usd']);
        expect(session?.coinpayments).toMatchObject({ invoice: answer.order_id, custom: m.id, buyer_email: PAYER_DETAILS.email, item_name: 'Fable basic_1m' });
        expect([session?.return_url, session?.cancel_url]).toEqual([`${SITE}/checkout/success?order_id=${answer.order_id}`, `${SITE}/checkout?plan_id=basic_1m&order_id=${answer.order_id}&cancelled=1`]);
        continue;
      }
      // $15 + 7.25 % California tax = 16.09 (16.0875 rounded half up); no tax in PH and RU
      expect([page, session?.provider, session?.amount, session?.currency]).toEqual([page, page, country === 'US' ? 1609 : 1500, 'usd']);
      expect(session?.metadata).toMatchObject({ order_id: answer.order_id, user_id: m.id, plan_id: 'basic_1m' });
      expect(session?.return_url).toBe(`${SITE}/checkout/success?order_id=${answer.order_id}`);
      expect(session?.cancel_url).toBe(`${SITE}/checkout?plan_id=basic_1m&order_id=${answer.order_id}&cancelled=1`);
    }
    // each new attempt gave the previous one up: one open order at a time
    const open = await t.db.query(`select 1 from billing_orders where user_id = $1 and status = 'pending'`, [m.id]);
    expect(open.rows).toHaveLength(1);
  });

  it('completes by webhook: the order is paid, the subscription starts and the tier follows, once', async () => {
    const m = await member();
    const res = await pay(m.headers, 'payport_new_payment', body());
    expect(res.status).toBe(200);
    const { url, order_id: orderId } = res.body as { url: string; order_id: string };
    expect((await order(m.headers, orderId)).body.status).toBe('pending');
    const back = await onProviderPage(url, 'pay');
    expect(back.toString()).toBe(`${SITE}/checkout/success?order_id=${orderId}&session_id=${sessionOf(url)?.id}`);
    await payments.sandbox.webhooks.idle();
    const paid = CheckoutOrderSchema.parse((await order(m.headers, orderId)).body);
    expect(paid).toMatchObject({ status: 'succeeded', plan_id: 'basic_1m', orderTotal: 16.09, currency: 'USD', transaction_id: sessionOf(url)?.id });
    expect(paid.subscription_id).toBeTruthy();
    expect(await subscriptionsOf(m.id)).toEqual([{ id: paid.subscription_id, status: 'active', plan_id: 'basic_1m' }]);
    expect(await tierOf(m.id)).toBe('basic');
    const ledger = await ledgerOfUser(m.id);
    console.log(`redirect payment ledger (${backend}):\n${ledger.map((e) => `  ${e.actor} ${e.action} ${e.from_state ?? '-'} → ${e.to_state ?? '-'}`).join('\n')}`);
    expect(ledger.map((e) => `${e.actor}:${e.action}`)).toEqual(['member:order.redirected', 'provider:order.succeeded', 'provider:subscription.created', 'provider:member.tier_changed']);
    // the same key again answers the success page, a new one is refused: already subscribed
    expect((await pay(m.headers, 'payport_new_payment', { ...body(), idempotency_key: (await t.db.query<{ k: string }>('select idempotency_key as k from billing_orders where id = $1', [orderId])).rows[0]?.k })).body).toEqual({
      url: `${SITE}/checkout/success?order_id=${orderId}`,
      order_id: orderId,
    });
    expect((await pay(m.headers, 'payport_new_payment', body())).status).toBe(409);
  });

  it('pays through Payssion’s own API: its signed notification pays the order once, a forged or repeated one changes nothing', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'payssion_new_payment', body({ payment_option: 'gcash', country: 'PH', state: '', postal_code: '1000' }))).body as {
      url: string;
      order_id: string;
    };
    const session = sessionOf(url);
    expect(session?.payssion?.order_id).toBe(orderId);
    const notify = (form: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: PAYSSION_NOTIFY_PATH, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
    const forged = await notify({ pm_id: 'gcash_ph', transaction_id: session?.id ?? '', order_id: orderId, amount: '15.00', currency: 'USD', state: 'completed', notify_sig: '0'.repeat(32) });
    expect([forged.statusCode, forged.json().error.code]).toEqual([400, 'invalid_signature']);
    // Signed, but for a payment this order did not record: acknowledged, not applied.
    const elsewhere: Record<string, string> = { pm_id: 'gcash_ph', transaction_id: 'ps_not_this_one', order_id: orderId, amount: '15.00', currency: 'USD', state: 'completed' };
    const { apiKey, secretKey } = SANDBOX_PAYSSION_KEYS;
    elsewhere.notify_sig = createHash('md5').update([apiKey, 'gcash_ph', '15.00', 'USD', orderId, 'completed', secretKey].join('|')).digest('hex');
    expect((await notify(elsewhere)).statusCode).toBe(200);
    expect((await order(m.headers, orderId)).body.status).toBe('pending');

    const back = await onProviderPage(url, 'pay');
    expect(back.toString()).toBe(`${SITE}/checkout/success?order_id=${orderId}`);
    const sent = () => payments.sandbox.payssionNotifications.find((n) => n.transaction_id === session?.id);
    for (let i = 0; i < 200 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toMatchObject({ state: 'completed', attempts: [200], delivered: true });
    const paid = CheckoutOrderSchema.parse((await order(m.headers, orderId)).body);
    expect(paid).toMatchObject({ status: 'succeeded', plan_id: 'basic_1m', orderTotal: 15, currency: 'USD', transaction_id: session?.id });
    expect(await subscriptionsOf(m.id)).toHaveLength(1);
    expect(await tierOf(m.id)).toBe('basic');

    // Payssion sends it again (it retries until answered): acknowledged, applied once.
    expect((await notify(sent()?.form ?? {})).statusCode).toBe(200);
    expect((await ledgerOfUser(m.id)).filter((e) => e.action === 'order.succeeded')).toHaveLength(1);
  });

  it('pays a Payssion order whose payment the API never recorded (its answer lost): the signed notification names the order', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'payssion_new_payment', body({ payment_option: 'paymaya', country: 'PH', state: '', postal_code: '1000' }))).body as {
      url: string;
      order_id: string;
    };
    // as if Payssion's answer to the create had been lost: the order pending, no payment recorded for it
    await t.db.query('delete from billing_redirect_payments where order_id = $1', [orderId]);
    await onProviderPage(url, 'pay');
    const sent = () => payments.sandbox.payssionNotifications.find((n) => n.transaction_id === sessionOf(url)?.id);
    for (let i = 0; i < 200 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await order(m.headers, orderId)).body).toMatchObject({ status: 'succeeded', transaction_id: sessionOf(url)?.id });
    expect(await tierOf(m.id)).toBe('basic');
  });

  it('pays through CoinPayments’ own API: its IPN pays the order once; a forged, foreign or other-amount IPN changes nothing', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'coinpayments_new_payment', body())).body as { url: string; order_id: string };
    const session = sessionOf(url);
    expect(session?.coinpayments?.invoice).toBe(orderId);
    const ipn = (rawBody: string, hmac: string | null) =>
      t.app.inject({ method: 'POST', url: COINPAYMENTS_IPN_PATH, headers: { 'content-type': 'application/x-www-form-urlencoded', ...(hmac === null ? {} : { hmac }) }, payload: rawBody });
    /** An IPN for this payment as CoinPayments signs it (the IPN secret), with `fields` changed. */
    const signed = (fields: Record<string, string>, secret: string = SANDBOX_COINPAYMENTS_KEYS.ipnSecret) => {
      const raw = new URLSearchParams({
        ipn_version: '1.0', ipn_type: 'api', ipn_mode: 'hmac', ipn_id: randomUUID(), merchant: SANDBOX_COINPAYMENTS_KEYS.merchantId, txn_id: session?.id ?? '',
        status: '100', status_text: 'Complete', currency1: 'USD', amount1: '16.09', invoice: orderId, custom: m.id, ...fields,
      }).toString();
      return [raw, coinPaymentsHmac(secret, raw)] as const;
    };
    const refused = async (raw: string, hmac: string | null) => {
      const res = await ipn(raw, hmac);
      return [res.statusCode, res.json().error.code, res.json().error.message];
    };
    expect(await refused(...signed({}, 'not-the-ipn-secret'))).toEqual([400, 'invalid_signature', 'The CoinPayments IPN HMAC signature does not match']);
    expect(await refused(signed({})[0], null)).toEqual([400, 'invalid_signature', 'No HMAC signature sent']);
    expect(await refused(...signed({ merchant: 'another_merchant' }))).toEqual([400, 'invalid_notification', 'The IPN is for another merchant']);
    expect(await refused(...signed({ amount1: '16.0901' }))).toEqual([400, 'invalid_notification', 'amount1 is not an amount in cents: 16.0901']);
    // Signed, but not what the order costs, or in another currency, or for a payment the order did not record:
    // acknowledged (a retry would say the same), not applied.
    const others: Array<Record<string, string>> = [{ amount1: '0.01' }, { currency1: 'EUR' }, { txn_id: 'CPNOTTHISONE' }, { custom: 'another-member' }];
    for (const fields of others) {
      const res = await ipn(...signed(fields));
      expect([fields, res.statusCode, res.body]).toEqual([fields, 200, 'IPN OK']);
    }
    // pending (funds seen, not confirmed yet): recorded, nothing changes
    expect((await ipn(...signed({ status: '1', status_text: 'Funds received' }))).statusCode).toBe(200);
    expect((await order(m.headers, orderId)).body.status).toBe('pending');

    const back = await onProviderPage(url, 'pay');
    expect(back.toString()).toBe(`${SITE}/checkout/success?order_id=${orderId}`);
    const sent = () => payments.sandbox.coinPaymentsIpns.find((n) => n.txn_id === session?.id);
    for (let i = 0; i < 200 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toMatchObject({ status: 100, attempts: [200], delivered: true });
    expect(CheckoutOrderSchema.parse((await order(m.headers, orderId)).body)).toMatchObject({ status: 'succeeded', plan_id: 'basic_1m', orderTotal: 16.09, transaction_id: session?.id });
    expect(await subscriptionsOf(m.id)).toHaveLength(1);
    expect(await tierOf(m.id)).toBe('basic');

    // CoinPayments sends it again, and status 2 (queued for payout, complete too), and both at once: applied once.
    const again = await Promise.all([ipn(sent()?.rawBody ?? '', sent()?.hmac ?? ''), ipn(sent()?.rawBody ?? '', sent()?.hmac ?? ''), ipn(...signed({ status: '2' }))]);
    expect(again.map((r) => [r.statusCode, r.body])).toEqual([[200, 'IPN OK'], [200, 'IPN OK'], [200, 'IPN OK']]);
    expect((await ledgerOfUser(m.id)).filter((e) => e.action === 'order.succeeded' || e.action === 'subscription.created')).toHaveLength(2);
  });

  it('cancels a CoinPayments order when the buyer cancels (status -1), and sends them back to the cancel page', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'coinpayments_new_payment', body())).body as { url: string; order_id: string };
    const back = await onProviderPage(url, 'cancel');
    expect([back.pathname, back.searchParams.get('cancelled')]).toEqual(['/checkout', '1']);
    const sent = () => payments.sandbox.coinPaymentsIpns.find((n) => n.txn_id === sessionOf(url)?.id);
    for (let i = 0; i < 200 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()?.status).toBe(-1);
    expect((await order(m.headers, orderId)).body).toMatchObject({ status: 'canceled', error_message: 'The payment was canceled.' });
    expect(await subscriptionsOf(m.id)).toEqual([]);
  });

  it('pays through Volt’s own API: its signed notification pays the order once; a forged one is refused, one for another amount or currency changes nothing', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'volt_new_payment', body())).body as { url: string; order_id: string };
    const session = sessionOf(url);
    expect(session?.volt?.merchantInternalReference).toBe(orderId);
    const notify = (rawBody: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: VOLT_NOTIFY_PATH, headers: { 'content-type': 'application/json', ...headers }, payload: rawBody });
    /** A notification for this payment as Volt signs it (the notification secret), with `fields` changed. */
    const signed = (fields: Record<string, unknown> = {}, secret: string = SANDBOX_VOLT_KEYS.notificationSecret) => {
      const raw = JSON.stringify({ payment: session?.id, reference: session?.volt?.uniqueReference, merchantInternalReference: orderId, amount: 1609, status: 'COMPLETED', detailedStatus: 'COMPLETED', ...fields });
      const timed = String(Math.floor(Date.now() / 1000));
      return [raw, { 'user-agent': 'Volt/2.0', 'x-volt-timed': timed, 'x-volt-signed': voltSignature(secret, raw, timed, '2.0') }] as const;
    };
    const refused = async (raw: string, headers: Record<string, string>) => {
      const res = await notify(raw, headers);
      return [res.statusCode, res.json().error.code, res.json().error.message];
    };
    expect(await refused(...signed({}, 'not-the-notification-secret'))).toEqual([400, 'invalid_signature', 'The Volt notification signature (X-Volt-Signed) does not match']);
    const [raw, headers] = signed();
    expect(await refused(raw, { ...headers, 'x-volt-signed': '' })).toEqual([400, 'invalid_signature', 'The Volt notification lacks X-Volt-Signed, X-Volt-Timed or a Volt/<version> User-Agent']);
    expect(await refused(raw.replace('1609', '1'), headers)).toEqual([400, 'invalid_signature', 'The Volt notification signature (X-Volt-Signed) does not match']);
    expect(await refused(...signed({ amount: 1 }))).toEqual([400, 'invalid_notification', 'The Volt notification’s amount is not its payment’s']);
    // not paid yet: Volt's payment is still pending, so a notification saying COMPLETED pays nothing (the payment is read)
    expect((await notify(...signed())).statusCode).toBe(200);
    expect((await order(m.headers, orderId)).body.status).toBe('pending');
    // Volt payments naming this order for another amount, or in another currency (made and paid at Volt, notified by
    // Volt, signed): acknowledged, not applied
    const stray = { provider: 'volt', returnUrl: `${SITE}/checkout/success`, cancelUrl: `${SITE}/checkout`, metadata: { order_id: orderId, user_id: m.id } };
    for (const [amountMinor, currency] of [[1, 'USD'], [1609, 'EUR']] as const) {
      const other = await payments.gateway.createRedirectSession({ ...stray, amountMinor, currency }, `stray:${currency}`);
      await onProviderPage(other.url, 'pay');
      const delivered = () => payments.sandbox.volt.notifications.find((n) => n.payment === other.sessionId)?.delivered;
      for (let i = 0; i < 200 && !delivered(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect([amountMinor, currency, delivered(), (await order(m.headers, orderId)).body.status]).toEqual([amountMinor, currency, true, 'pending']);
    }

    const back = await onProviderPage(url, 'pay');
    expect(`${back.origin}${back.pathname}?order_id=${back.searchParams.get('order_id')}`).toBe(`${SITE}/checkout/success?order_id=${orderId}`);
    expect(back.searchParams.get('volt')).toEqual(expect.any(String));
    const sent = () => payments.sandbox.volt.notifications.find((n) => n.payment === session?.id);
    for (let i = 0; i < 200 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toMatchObject({ status: 'COMPLETED', attempts: [200], delivered: true });
    expect(CheckoutOrderSchema.parse((await order(m.headers, orderId)).body)).toMatchObject({ status: 'succeeded', plan_id: 'basic_1m', orderTotal: 16.09, transaction_id: session?.id });
    expect(await subscriptionsOf(m.id)).toHaveLength(1);
    expect(await tierOf(m.id)).toBe('basic');

    // Volt sends it again, three times at once: applied once
    const again = await Promise.all([1, 2, 3].map(() => notify(sent()?.rawBody ?? '', sent()?.headers ?? {})));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await ledgerOfUser(m.id)).filter((e) => e.action === 'order.succeeded' || e.action === 'subscription.created')).toHaveLength(2);
  });

  it('cancels a Volt order when the payer cancels (FAILED / CANCELLED_BY_USER), and sends them back to the cancel page', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'volt_new_payment', body())).body as { url: string; order_id: string };
    const back = await onProviderPage(url, 'cancel');
    expect([back.pathname, back.searchParams.get('cancelled')]).toEqual(['/checkout', '1']);
    const sent = () => payments.sandbox.volt.notifications.find((n) => n.payment === sessionOf(url)?.id);
    for (let i = 0; i < 200 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toMatchObject({ status: 'FAILED', detailedStatus: 'CANCELLED_BY_USER', delivered: true });
    expect((await order(m.headers, orderId)).body).toMatchObject({ status: 'canceled', error_message: 'The payment was canceled.' });
    expect(await subscriptionsOf(m.id)).toEqual([]);
  });

  it('pays through Directa24’s Deposits API: its notification only names the deposit, read back at D24; applied once; another amount or currency changes nothing', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'directa24_new_payment', body())).body as { url: string; order_id: string };
    const session = sessionOf(url);
    expect(session?.directa24?.invoice_id).toBe(orderId);
    const notify = (rawBody: string) => t.app.inject({ method: 'POST', url: D24_NOTIFY_PATH, headers: { 'content-type': 'application/json' }, payload: rawBody });
    const refused = async (raw: string) => {
      const res = await notify(raw);
      return [res.statusCode, res.json().error.code, res.json().error.message];
    };
    expect(await refused('{}')).toEqual([400, 'invalid_notification', 'The Directa24 notification lacks a deposit_id']);
    expect(await refused('{"deposit_id":1}')).toEqual([400, 'invalid_notification', 'Directa24 knows no deposit 1']);
    // a notification before the payment (or forged by anyone): D24 still holds it PENDING, so nothing is paid
    const ours = JSON.stringify({ deposit_id: Number(session?.id) });
    expect((await notify(ours)).statusCode).toBe(200);
    expect((await order(m.headers, orderId)).body.status).toBe('pending');
    // D24 deposits naming this order for another amount, or in another currency (made and paid at D24, notified):
    // acknowledged, not applied
    const stray = { provider: 'directa24', returnUrl: `${SITE}/checkout/success`, cancelUrl: `${SITE}/checkout`, metadata: { order_id: orderId, user_id: m.id }, buyer: { firstName: 'Pat', lastName: 'Payer', country: 'BR' } };
    for (const [amountMinor, currency] of [[1, 'USD'], [1609, 'BRL']] as const) {
      const other = await payments.gateway.createRedirectSession({ ...stray, amountMinor, currency }, `stray:d24:${currency}`);
      await onProviderPage(other.url, 'pay');
      const delivered = () => payments.sandbox.directa24.notifications.find((n) => String(n.deposit_id) === other.sessionId)?.delivered;
      for (let i = 0; i < 200 && !delivered(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect([amountMinor, currency, delivered(), (await order(m.headers, orderId)).body.status]).toEqual([amountMinor, currency, true, 'pending']);
    }

    const back = await onProviderPage(url, 'pay');
    expect(back.toString()).toBe(`${SITE}/checkout/success?order_id=${orderId}`);
    const sent = () => payments.sandbox.directa24.notifications.find((n) => String(n.deposit_id) === session?.id && n.status === 'COMPLETED');
    for (let i = 0; i < 200 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toMatchObject({ attempts: [200], delivered: true });
    expect(CheckoutOrderSchema.parse((await order(m.headers, orderId)).body)).toMatchObject({ status: 'succeeded', plan_id: 'basic_1m', orderTotal: 16.09, transaction_id: session?.id });
    expect(await subscriptionsOf(m.id)).toHaveLength(1);
    expect(await tierOf(m.id)).toBe('basic');

    // D24 sends it again, three times at once: applied once
    const again = await Promise.all([1, 2, 3].map(() => notify(ours)));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await ledgerOfUser(m.id)).filter((e) => e.action === 'order.succeeded' || e.action === 'subscription.created')).toHaveLength(2);
  });

  it('cancels a Directa24 order when the payer cancels (CANCELLED), and sends them back to the cancel page', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'directa24_new_payment', body())).body as { url: string; order_id: string };
    const back = await onProviderPage(url, 'cancel');
    expect([back.pathname, back.searchParams.get('cancelled')]).toEqual(['/checkout', '1']);
    const sent = () => payments.sandbox.directa24.notifications.find((n) => String(n.deposit_id) === sessionOf(url)?.id);
    for (let i = 0; i < 200 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toMatchObject({ status: 'CANCELLED', delivered: true });
    expect((await order(m.headers, orderId)).body).toMatchObject({ status: 'canceled', error_message: 'The payment was canceled.' });
    expect(await subscriptionsOf(m.id)).toEqual([]);
  });

  it('pays through UpGate’s checkout API: its signed SALE postback pays the order once; a forged one is refused, one for another payment or amount changes nothing', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'upgate_new_payment', body({ payment_option: 'kakao' }))).body as { url: string; order_id: string };
    const session = sessionOf(url);
    expect(session?.upgate).toMatchObject({ merchant_payment_id: orderId, methods: ['KAKAO_PAY'] });
    const postback = (rawBody: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: UPGATE_POSTBACK_PATH, headers: { 'content-type': 'application/json', ...headers }, payload: rawBody });
    /** A SALE postback as UpGate signs it (the secret key), for this order, with `payment` and `fields` changed. */
    const signed = (fields: Record<string, unknown> = {}, payment: Record<string, unknown> = {}, secret: string = SANDBOX_UPGATE_KEYS.secretKey) => {
      const raw = JSON.stringify({
        type: 'TRANSACTION',
        data: {
          transaction_id: `T${randomUUID().slice(0, 8).toUpperCase()}`,
          transaction_type: 'SALE',
          transaction_status: 'SUCCESS',
          transaction_amount: '16.09',
          transaction_currency_code: 'USD',
          payment: { payment_id: session?.id, merchant_payment_id: orderId, merchant_customer_id: m.id, ...payment },
          ...fields,
        },
      });
      return [raw, { 'x-signature': upgateSignature(secret, raw) }] as const;
    };
    const refused = async (raw: string, headers: Record<string, string>) => {
      const res = await postback(raw, headers);
      return [res.statusCode, res.json().error.code, res.json().error.message];
    };
    expect(await refused(...signed({}, {}, 'not-the-secret-key'))).toEqual([400, 'invalid_signature', 'The UpGate postback signature (X-Signature) does not match']);
    const [raw, headers] = signed();
    expect(await refused(raw, {})).toEqual([400, 'invalid_signature', 'The UpGate postback lacks X-Signature']);
    expect(await refused(raw.replace('16.09', '0.01'), headers)).toEqual([400, 'invalid_signature', 'The UpGate postback signature (X-Signature) does not match']);
    expect(await refused(...signed({ transaction_id: undefined }))).toEqual([400, 'invalid_notification', 'The UpGate postback lacks transaction_id, transaction_type or transaction_status']);
    // UpGate's word about another payment naming this order, or for another amount or currency: acknowledged, not applied
    for (const [fields, payment] of [[{}, { payment_id: 'ANOTHER' }], [{ transaction_amount: '0.01' }, {}], [{ transaction_currency_code: 'EUR' }, {}]] as const) {
      expect((await postback(...signed(fields, payment))).statusCode).toBe(200);
      expect((await order(m.headers, orderId)).body.status).toBe('pending');
    }

    const back = await onProviderPage(url, 'pay');
    expect(back.toString()).toBe(`${SITE}/checkout/success?order_id=${orderId}`);
    const sent = () => payments.sandbox.upgate.postbacks.find((p) => p.payment_id === session?.id && p.transaction_type === 'SALE');
    for (let i = 0; i < 200 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toMatchObject({ transaction_status: 'SUCCESS', attempts: [200], delivered: true });
    expect(CheckoutOrderSchema.parse((await order(m.headers, orderId)).body)).toMatchObject({ status: 'succeeded', plan_id: 'basic_1m', orderTotal: 16.09, transaction_id: session?.id });
    expect(await subscriptionsOf(m.id)).toHaveLength(1);
    expect(await tierOf(m.id)).toBe('basic');

    // UpGate posts it again, three times at once: applied once
    const again = await Promise.all([1, 2, 3].map(() => postback(sent()?.rawBody ?? '', sent()?.headers ?? {})));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await ledgerOfUser(m.id)).filter((e) => e.action === 'order.succeeded' || e.action === 'subscription.created')).toHaveLength(2);
  });

  it('cancels an UpGate order when the SALE is declined, and sends the payer back to the cancel page', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'upgate_new_payment', body({ payment_option: 'kakao' }))).body as { url: string; order_id: string };
    const back = await onProviderPage(url, 'cancel');
    expect([back.pathname, back.searchParams.get('cancelled')]).toEqual(['/checkout', '1']);
    const sent = () => payments.sandbox.upgate.postbacks.find((p) => p.payment_id === sessionOf(url)?.id);
    for (let i = 0; i < 200 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent()).toMatchObject({ transaction_type: 'SALE', transaction_status: 'DECLINE', delivered: true });
    expect((await order(m.headers, orderId)).body).toMatchObject({ status: 'canceled', error_message: 'The payment was canceled.' });
    expect(await subscriptionsOf(m.id)).toEqual([]);
  });

  it('pays through Overpay’s checkout API: its notification (Basic credentials, Content-Signature) pays the order once; a forged one is refused, one for another order or amount changes nothing', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'overpay_new_payment', body())).body as { url: string; order_id: string };
    const session = sessionOf(url);
    expect(session?.overpay).toMatchObject({ tracking_id: orderId });
    const notify = (rawBody: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: OVERPAY_NOTIFY_PATH, headers: { 'content-type': 'application/json', ...headers }, payload: rawBody });
    /** A payment notification as Overpay sends it (the shop's Basic credentials, signed with the shop's key), for this order, with `fields` changed. */
    const sent = (fields: Record<string, unknown> = {}, secretKey: string = SANDBOX_OVERPAY_KEYS.secretKey) => {
      const raw = JSON.stringify({ transaction: { uid: `9-${randomUUID().slice(0, 10)}`, type: 'payment', status: 'successful', amount: 1609, currency: 'USD', tracking_id: orderId, test: true, ...fields } });
      const headers = { authorization: overpayBasicAuth(SANDBOX_OVERPAY_KEYS.shopId, secretKey), 'content-signature': sign('sha256', Buffer.from(raw), testOverpayKeys().privateKey).toString('base64') };
      return [raw, headers] as const;
    };
    const refused = async (raw: string, headers: Record<string, string>) => {
      const res = await notify(raw, headers);
      return [res.statusCode, res.json().error.code, res.json().error.message];
    };
    expect(await refused(...sent({}, 'not-the-secret-key'))).toEqual([400, 'invalid_signature', 'The Overpay notification’s HTTP Basic credentials are not the shop’s']);
    const [raw, headers] = sent();
    expect(await refused(raw, {})).toEqual([400, 'invalid_signature', 'The Overpay notification lacks HTTP Basic authentication']);
    expect(await refused(raw.replace('1609', '1'), headers)).toEqual([400, 'invalid_signature', 'The Overpay notification’s Content-Signature does not verify']);
    expect(await refused(...sent({ uid: undefined }))).toEqual([400, 'invalid_notification', 'The Overpay notification lacks the transaction’s uid, type, status, amount or currency']);
    // authenticated, but not Overpay's shape
    const foreign = JSON.stringify({ order: 'not an overpay body' });
    expect(await refused(foreign, { ...headers, 'content-signature': sign('sha256', Buffer.from(foreign), testOverpayKeys().privateKey).toString('base64') })).toEqual([
      400,
      'invalid_notification',
      'The Overpay notification is neither a transaction nor a checkout',
    ]);
    const stranger = randomUUID();
    expect(await refused(...sent({ tracking_id: stranger }))).toEqual([400, 'invalid_notification', `The Overpay notification names no Overpay checkout of ours (tracking_id ${stranger})`]);
    // Overpay's word of a payment of this order for another amount or currency: acknowledged, not applied
    for (const fields of [{ amount: 1 }, { currency: 'EUR' }]) {
      expect((await notify(...sent(fields))).statusCode).toBe(200);
      expect((await order(m.headers, orderId)).body.status).toBe('pending');
    }

    const back = await onProviderPage(url, 'pay');
    expect(back.toString()).toBe(`${SITE}/checkout/success?order_id=${orderId}`);
    const notified = () => payments.sandbox.overpay.notifications.find((n) => n.token === session?.id && n.type === 'payment');
    for (let i = 0; i < 200 && !notified()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(notified()).toMatchObject({ status: 'successful', attempts: [200], delivered: true });
    expect(CheckoutOrderSchema.parse((await order(m.headers, orderId)).body)).toMatchObject({ status: 'succeeded', plan_id: 'basic_1m', orderTotal: 16.09, transaction_id: session?.id });
    expect(await subscriptionsOf(m.id)).toHaveLength(1);
    expect(await tierOf(m.id)).toBe('basic');

    // Overpay sends it again, three times at once: applied once
    const again = await Promise.all([1, 2, 3].map(() => notify(notified()?.rawBody ?? '', notified()?.headers ?? {})));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await ledgerOfUser(m.id)).filter((e) => e.action === 'order.succeeded' || e.action === 'subscription.created')).toHaveLength(2);
  });

  it('cancels an Overpay order when its payment fails, and sends the payer back to the cancel page', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'overpay_new_payment', body())).body as { url: string; order_id: string };
    const back = await onProviderPage(url, 'cancel');
    expect([back.pathname, back.searchParams.get('cancelled')]).toEqual(['/checkout', '1']);
    const notified = () => payments.sandbox.overpay.notifications.find((n) => n.token === sessionOf(url)?.id);
    for (let i = 0; i < 200 && !notified()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(notified()).toMatchObject({ type: 'payment', status: 'failed', delivered: true });
    expect((await order(m.headers, orderId)).body).toMatchObject({ status: 'canceled', error_message: 'The payment was canceled.' });
    expect(await subscriptionsOf(m.id)).toEqual([]);
  });

  it('pays through PayOK’s signed link: its notification pays the order once (answered OK); a forged or foreign one is refused, one for another payment or amount changes nothing', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'payok_new_payment', body())).body as { url: string; order_id: string };
    const paymentId = payokPaymentId(orderId);
    expect(new URL(url).searchParams.get('payment')).toBe(paymentId);
    const notify = (rawBody: string) => t.app.inject({ method: 'POST', url: PAYOK_NOTIFY_PATH, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: rawBody });
    /** A notification for this order's payment as PayOK signs it (the shop's secret key), with `fields` changed. */
    const signed = (fields: Record<string, string> = {}, secret: string = SANDBOX_PAYOK_KEYS.secretKey) => {
      const form = { payment_id: paymentId, shop: SANDBOX_PAYOK_KEYS.shopId, amount: '16.09', profit: '15.53', desc: 'Fable basic_1m', currency: 'USD', email: PAYER_DETAILS.email, date: '2026-03-15 12:00:00', method: 'cd', ...fields };
      return new URLSearchParams({ ...form, sign: payokNotificationSign(secret, form) }).toString();
    };
    const refused = async (raw: string) => {
      const res = await notify(raw);
      return [res.statusCode, res.json().error.code, res.json().error.message];
    };
    expect(await refused(signed({}, 'not-the-secret-key'))).toEqual([400, 'invalid_signature', 'The PayOK notification signature (sign) does not match']);
    expect(await refused(signed().replace(/&sign=[0-9a-f]+/, ''))).toEqual([400, 'invalid_signature', 'The PayOK notification lacks sign']);
    expect(await refused(signed().replace('amount=16.09', 'amount=0.01'))).toEqual([400, 'invalid_signature', 'The PayOK notification signature (sign) does not match']);
    expect(await refused(signed({ shop: '999' }))).toEqual([400, 'invalid_notification', 'The PayOK notification is for another shop']);
    // Signed, but for a payment no order recorded, or not what the order costs, or in another currency: acknowledged
    // (a retry would say the same), not applied
    const others: Array<Record<string, string>> = [{ payment_id: 'ffffffffffffffff' }, { amount: '0.01' }, { currency: 'EUR' }];
    for (const fields of others) {
      const res = await notify(signed(fields));
      expect([fields, res.statusCode, res.body]).toEqual([fields, 200, 'OK']);
    }
    expect((await order(m.headers, orderId)).body.status).toBe('pending');

    const back = await onProviderPage(url, 'pay');
    expect(back.toString()).toBe(`${SITE}/checkout/success?order_id=${orderId}`);
    const sent = () => payments.sandbox.payok.notifications.find((n) => n.payment_id === paymentId);
    for (let i = 0; i < 200 && !sent()?.delivered; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    // taken at once: the API answered 200 OK
    expect(sent()).toMatchObject({ attempts: [200], delivered: true });
    expect(CheckoutOrderSchema.parse((await order(m.headers, orderId)).body)).toMatchObject({ status: 'succeeded', plan_id: 'basic_1m', orderTotal: 16.09, transaction_id: paymentId });
    expect(await subscriptionsOf(m.id)).toHaveLength(1);
    expect(await tierOf(m.id)).toBe('basic');

    // PayOK sends it again, three times at once: applied once, each answered OK
    const again = await Promise.all([1, 2, 3].map(() => notify(sent()?.rawBody ?? '')));
    expect(again.map((r) => [r.statusCode, r.body])).toEqual([[200, 'OK'], [200, 'OK'], [200, 'OK']]);
    expect((await ledgerOfUser(m.id)).filter((e) => e.action === 'order.succeeded' || e.action === 'subscription.created')).toHaveLength(2);
  });

  it('applies PayOK notifications arriving at once (its retries overlapping) exactly once', async () => {
    const m = await member();
    const { order_id: orderId } = (await pay(m.headers, 'payok_new_payment', body())).body as { url: string; order_id: string };
    const form = { payment_id: payokPaymentId(orderId), shop: SANDBOX_PAYOK_KEYS.shopId, amount: '16.09', profit: '15.53', desc: 'Fable basic_1m', currency: 'USD', email: PAYER_DETAILS.email, date: '2026-03-15 12:00:00', method: 'cd' };
    const rawBody = new URLSearchParams({ ...form, sign: payokNotificationSign(SANDBOX_PAYOK_KEYS.secretKey, form) }).toString();
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => t.app.inject({ method: 'POST', url: PAYOK_NOTIFY_PATH, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: rawBody })),
    );
    expect(answers.map((r) => [r.statusCode, r.body])).toEqual([[200, 'OK'], [200, 'OK'], [200, 'OK'], [200, 'OK']]);
    expect((await order(m.headers, orderId)).body).toMatchObject({ status: 'succeeded', transaction_id: payokPaymentId(orderId) });
    expect(await subscriptionsOf(m.id)).toHaveLength(1);
    expect((await ledgerOfUser(m.id)).filter((e) => e.action === 'order.succeeded' || e.action === 'subscription.created')).toHaveLength(2);
  });

  it('leaves a PayOK order pending when the payer gives up on PayOK’s page (PayOK notifies paid payments only) and sends them back to the link’s one address', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'payok_new_payment', body())).body as { url: string; order_id: string };
    const back = await onProviderPage(url, 'cancel');
    expect(back.toString()).toBe(`${SITE}/checkout/success?order_id=${orderId}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(payments.sandbox.payok.notifications.find((n) => n.payment_id === payokPaymentId(orderId))).toBeUndefined();
    expect((await order(m.headers, orderId)).body.status).toBe('pending');
    // a new attempt gives it up, as any open redirect order
    expect((await pay(m.headers, 'payok_new_payment', body())).status).toBe(200);
    expect((await order(m.headers, orderId)).body).toMatchObject({ status: 'failed' });
  });

  it('applies duplicated and reordered deliveries, and a redelivery, exactly once', async () => {
    const m = await member();
    const { url, order_id: orderId } = (await pay(m.headers, 'payport_new_payment', body({ plan_id: 'premium_1m' }))).body as { url: string; order_id: string };
    await payments.control('POST', '/_sandbox/webhooks/hold');
    await payments.control('POST', '/_sandbox/webhooks/duplicate_next', { count: 5 });
    await onProviderPage(url, 'pay');
    await payments.control('POST', '/_sandbox/webhooks/release', { order: 'reverse' });
    await payments.sandbox.webhooks.idle();
    const completed = ((await payments.control('GET', '/_sandbox/events')).body.data as Array<{ id: string; type: string; data: { object: { id: string } } }>).find(
      (e) => e.type === 'redirect_session.completed' && e.data.object.id === sessionOf(url)?.id,
    );
    await payments.control('POST', `/_sandbox/events/${completed?.id}/redeliver`);
    await payments.sandbox.webhooks.idle();
    expect((await order(m.headers, orderId)).body.status).toBe('succeeded');
    expect(await subscriptionsOf(m.id)).toHaveLength(1);
    expect(await tierOf(m.id)).toBe('premium');
    expect((await ledgerOfUser(m.id)).filter((e) => e.action === 'order.succeeded' || e.action === 'subscription.created')).toHaveLength(2);
  });

  it('cancels the order when the member cancels on the provider page, and answers that to a replay', async () => {
    const m = await member();
    const request = body({ plan_id: 'basic_1m' });
    const { url, order_id: orderId } = (await pay(m.headers, 'payport_new_payment', request)).body as { url: string; order_id: string };
    const back = await onProviderPage(url, 'cancel');
    expect(back.pathname).toBe('/checkout');
    expect(back.searchParams.get('cancelled')).toBe('1');
    expect(back.searchParams.get('plan_id')).toBe('basic_1m');
    await payments.sandbox.webhooks.idle();
    expect((await order(m.headers, orderId)).body).toMatchObject({ status: 'canceled', error_message: 'The payment was canceled.' });
    expect(await subscriptionsOf(m.id)).toEqual([]);
    expect(await tierOf(m.id)).toBe('free');
    expect((await pay(m.headers, 'payport_new_payment', request)).body).toEqual({ order_id: orderId, error_message: 'The payment was canceled.' });
    // and a new attempt starts a new order
    const again = await pay(m.headers, 'payport_new_payment', body());
    expect(again.status).toBe(200);
    expect(again.body.order_id).not.toBe(orderId);
  });

  it('answers the same session to a repeated key, even five at once, and refuses the key with other details', async () => {
    const m = await member();
    const request = body();
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(m.headers, 'payport_new_payment', request)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body)))).toEqual(new Set([JSON.stringify(answers[0]?.body)]));
    expect(sessionsOfUser(m.id)).toHaveLength(1);
    expect((await t.db.query('select 1 from billing_orders where user_id = $1', [m.id])).rows).toHaveLength(1);
    const mismatch = await pay(m.headers, 'payport_new_payment', { ...request, plan_id: 'premium_1m' });
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.error.code).toBe('idempotency_mismatch');
    expect((await pay(m.headers, 'coinpayments_new_payment', request)).status).toBe(409);
  });

  it('keeps the order when the provider cannot be reached (503) and makes the session on a retry with the same key', async () => {
    const m = await member();
    const request = body();
    line.setMode('down');
    const down = await pay(m.headers, 'payport_new_payment', request);
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('payments_unavailable');
    expect(sessionsOfUser(m.id)).toHaveLength(0);
    line.setMode('pass');
    const retry = await pay(m.headers, 'payport_new_payment', request);
    expect(retry.status).toBe(200);
    expect(retry.body.order_id).toBe(down.body.error.details.order_id);
    expect(sessionsOfUser(m.id)).toHaveLength(1);
  });

  it('returns the member to the site origin they paid from (a loopback twin of PUBLIC_URL), never to another', async () => {
    const m = await member();
    const twin = await t.app.inject({ method: 'POST', url: '/api/checkout/payport_new_payment', headers: { ...m.headers, origin: 'http://127.0.0.1:3000' }, payload: body() });
    expect(sessionOf(twin.json().url)?.return_url).toBe(`http://127.0.0.1:3000/checkout/success?order_id=${twin.json().order_id}`);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/checkout/payport_new_payment', headers: { ...m.headers, origin: 'https://evil.example' }, payload: body() });
    expect(sessionOf(foreign.json().url)?.return_url).toBe(`${SITE}/checkout/success?order_id=${foreign.json().order_id}`);
    expect(sessionOf(foreign.json().url)?.cancel_url.startsWith(`${SITE}/checkout?`)).toBe(true);
  });

  it('prices the birthday offer at $0.99 for the first month at the provider', async () => {
    t.clock.set(new Date('2025-02-14T12:00:00Z'));
    try {
      const m = await member();
      const res = await pay(m.headers, 'payport_new_payment', body({ plan_id: 'premium_1m', offer_id: 'BIRTHDAY2025', country: 'BR', state: '', postal_code: '01310-100' }));
      expect(res.status).toBe(200);
      expect(sessionOf(res.body.url)?.amount).toBe(99);
    } finally {
      t.clock.set(new Date('2026-03-15T12:00:00Z'));
    }
  });

  it('refuses providers it does not know, methods the application does not offer, wrong options and bad input', async () => {
    const m = await member();
    const status = async (payment: string, payload: object) => (await pay(m.headers, payment, payload)).status;
    for (const payment of ['paypal_new_payment', 'volt_new_payment_x', 'volt', 'card_new_payment', 'new_payment']) expect([payment, await status(payment, body())]).toEqual([payment, 404]);
    const notOffered = await pay(m.headers, 'inwizo_new_payment', body({ payment_option: 'sbp' }));
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.error.code).toBe('payment_method_not_offered');
    expect(await status('payport_new_payment', body({ payment_option: 'gcash' }))).toBe(400);
    expect(await status('payssion_new_payment', body({ payment_option: null }))).toBe(400);
    expect(await status('payssion_new_payment', body({ payment_option: 'gcash', country: 'RU', state: '', postal_code: '101000' }))).toBe(400);
    expect(await status('payssion_new_payment', body({ payment_option: 'bitcoin', country: 'PH', state: '', postal_code: '1000' }))).toBe(400);
    expect(await status('payport_new_payment', body({ idempotency_key: 'short' }))).toBe(400);
    expect(await status('payport_new_payment', body({ first_name: 'x'.repeat(31) }))).toBe(400);
    expect(await status('payport_new_payment', body({ first_name: 'Pa\u0000t' }))).toBe(400);
    expect(await status('payport_new_payment', body({ plan_id: 'gold_1m' }))).toBe(404);
    expect(await status('payport_new_payment', body({ postal_code: 'nope' }))).toBe(400);
    expect(await status('payport_new_payment', body({ promo_code: 'NOSUCHCODE' }))).toBe(400);
    // tales offers card only
    const tales = await member(forApplication('tales'));
    expect((await pay(tales.headers, 'payport_new_payment', body())).body.error.code).toBe('payment_method_not_offered');
    expect(sessionsOfUser(m.id)).toHaveLength(0);
  });

  it('is for members only; an order is its member’s', async () => {
    const guest = { [API_HEADERS.guestUserId]: testGuestId() };
    expect((await pay(guest, 'payport_new_payment', body())).status).toBe(401);
    expect((await pay({}, 'payport_new_payment', body())).status).toBe(401);
    expect((await call('POST', '/checkout/abandon', guest, { plan_id: 'basic_1m', payment_method: 'payport' })).status).toBe(401);
    const owner = await member();
    const other = await member();
    const { order_id: orderId } = (await pay(owner.headers, 'payport_new_payment', body())).body as { order_id: string };
    expect((await order(other.headers, orderId)).status).toBe(404);
    expect((await call('POST', '/checkout/abandon', other.headers, { plan_id: 'basic_1m', payment_method: 'payport', order_id: orderId })).status).toBe(404);
  });

  it('records the checkout-abandon event in the ledger', async () => {
    const m = await member();
    const { order_id: orderId } = (await pay(m.headers, 'payport_new_payment', body())).body as { order_id: string };
    expect((await call('POST', '/checkout/abandon', m.headers, { plan_id: 'basic_1m', payment_method: 'payport', order_id: orderId })).status).toBe(204);
    expect((await call('POST', '/checkout/abandon', m.headers, { plan_id: 'premium_1y', payment_method: 'card' })).status).toBe(204);
    const abandoned = (await ledgerOfUser(m.id)).filter((e) => e.action === 'checkout.abandoned');
    expect(abandoned).toEqual([
      { action: 'checkout.abandoned', actor: 'member', from_state: 'pending', to_state: 'pending' },
      { action: 'checkout.abandoned', actor: 'member', from_state: null, to_state: null },
    ]);
    // the order stays open for the provider to decide
    expect((await order(m.headers, orderId)).body.status).toBe('pending');
    expect((await call('POST', '/checkout/abandon', m.headers, { plan_id: 'gold_1m', payment_method: 'payport' })).status).toBe(404);
    expect((await call('POST', '/checkout/abandon', m.headers, { plan_id: 'basic_1m', payment_method: 'paypal' })).status).toBe(400);
    expect((await call('POST', '/checkout/abandon', m.headers, { plan_id: 'basic_1m', payment_method: 'payport', order_id: randomUUID() })).status).toBe(404);
  });
});
