import { createHash } from 'node:crypto';
import { redirectInput, usePaymentsGateway } from '../../../testing/paymentsSandbox';
import { ManualRefundRequiredError, PaymentsUnavailableError, ProviderNoticeError, WebhookSignatureError } from '../paymentsGateway';
import { createPaymentsGateway } from '../stripeGateway';
import { payokLinkSign, payokNotificationSign, payokPaymentId, PayokRefusal, payokStatus } from './payokClient';
import { SANDBOX_PAYOK_KEYS } from './payokConfig';

// PayOK through its own protocol, against the sandbox's PayOK over a real socket: the signed payment link (no create
// call), the status read of POST /api/transaction, its notification (MD5 sign with the shop's secret key) as the
// redirect_session event billing applies, and its refund as a manual task (no refund API).

const { payments, gateway } = usePaymentsGateway();
let orders = 0;

const newOrder = () => `0b0c7e00-0000-4000-8000-${String(++orders).padStart(12, '0')}`;
const input = (orderId: string, overrides = {}) => redirectInput('payok', orderId, overrides);
const at = new Date('2026-12-06T12:00:00Z');
const { shopId, secretKey } = SANDBOX_PAYOK_KEYS;

/** A notification as PayOK posts it: the form, signed with `secret` over its desc, currency, shop, payment_id, amount. */
function notice(fields: Record<string, string>, secret: string = secretKey) {
  const form = { payment_id: '0b0c7e0000004000', shop: shopId, amount: '16.09', profit: '15.53', desc: 'Fable basic_1m', currency: 'USD', email: 'ada@example.com', date: '2026-12-06 12:00:00', method: 'cd', ...fields };
  const sign = payokNotificationSign(secret, { desc: form.desc, currency: form.currency, shop: form.shop, payment_id: form.payment_id, amount: form.amount });
  return { rawBody: new URLSearchParams({ ...form, sign }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

test('a payment is a signed link to /pay (PayOK has no create call), read with /api/transaction once opened, paid on its page; its refund is a manual task', async () => {
  const orderId = newOrder();
  const made = await gateway.createRedirectSession(input(orderId), 'unused-key');
  // our payment id: 16 hex digits of the order's SHA-256; the link signed with the shop's secret key
  expect(made.sessionId).toBe(createHash('sha256').update(orderId).digest('hex').slice(0, 16));
  const link = new URL(made.url);
  expect(`${link.origin}${link.pathname}`).toBe(`${payments.sandbox.url}/pay`);
  const fields = Object.fromEntries(link.searchParams);
  expect(fields).toEqual({
    amount: '16.09',
    payment: made.sessionId,
    shop: shopId,
    currency: 'USD',
    desc: 'Fable basic_1m',
    sign: payokLinkSign(secretKey, { amount: '16.09', payment: made.sessionId, shop: shopId, currency: 'USD', desc: 'Fable basic_1m' }),
    email: 'ada@example.com',
    success_url: input(orderId).returnUrl,
  });
  // the same order again: the same link (nothing is made at PayOK until the payer opens it)
  expect(await gateway.createRedirectSession(input(orderId), 'unused-key')).toEqual(made);

  const ref = { sessionId: made.sessionId, provider: 'payok', orderId };
  // not opened yet: PayOK has no transaction for it (error 10), still open
  expect(await gateway.getRedirectSession(ref)).toEqual({ status: 'open', amountMinor: 0, currency: '', metadata: { order_id: orderId } });
  const opened = await fetch(made.url);
  expect(opened.status).toBe(200);
  expect(await gateway.getRedirectSession(ref)).toEqual({ status: 'open', amountMinor: 1609, currency: 'USD', metadata: { order_id: orderId } });
  const back = await fetch(`${opened.url}/pay`, { method: 'POST', redirect: 'manual' });
  expect([back.status, back.headers.get('location')]).toEqual([303, input(orderId).returnUrl]);
  expect(await gateway.getRedirectSession(ref)).toEqual({ status: 'completed', amountMinor: 1609, currency: 'USD', metadata: { order_id: orderId } });

  // PayOK has no refund API: not pretended, a person's task
  await expect(gateway.refundRedirectSession(ref, null, 'k')).rejects.toThrow(ManualRefundRequiredError);
  await expect(gateway.refundRedirectSession(ref, null, 'k')).rejects.toThrow(`PayOK has no refund API: pay back the payment ${made.sessionId} of order ${orderId} by hand`);
});

test('the notification the sandbox sends verifies with the shop’s secret key and is redirect_session.completed, one event however often it comes', async () => {
  const orderId = newOrder();
  const made = await gateway.createRedirectSession(input(orderId), 'k');
  const opened = await fetch(made.url);
  await fetch(`${opened.url}/pay`, { method: 'POST', redirect: 'manual' });
  const sent = payments.sandbox.payok.notifications.find((n) => n.payment_id === made.sessionId);
  const event = {
    id: `payok:${made.sessionId}:paid:1609:USD`,
    type: 'redirect_session.completed',
    created: at.getTime() / 1000,
    // no order named: billing finds the order that recorded this payment on the payok page
    object: { id: made.sessionId, provider: 'payok', amount: 1609, currency: 'usd', metadata: {} },
  };
  const received = { rawBody: sent?.rawBody ?? '', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  expect(await gateway.providerNotification('payok', received, at)).toEqual(event);
  expect(await gateway.providerNotification('payok', received, at)).toEqual(event);
  // the amount read is `amount`, not `profit` (less PayOK's commission)
  expect(sent?.form.profit).not.toBe(sent?.form.amount);
});

test('refuses a notification with a wrong or missing sign, a field changed, another shop, or an amount it cannot take', async () => {
  const refused = (n: { rawBody: string; headers: Record<string, string> }) => expect(gateway.providerNotification('payok', n, at)).rejects;
  await refused(notice({}, 'not-the-secret-key')).toThrow(new WebhookSignatureError('The PayOK notification signature (sign) does not match'));
  const signed = notice({});
  await refused({ ...signed, rawBody: signed.rawBody.replace(/&sign=[0-9a-f]+/, '') }).toThrow(new WebhookSignatureError('The PayOK notification lacks sign'));
  await refused({ ...signed, rawBody: signed.rawBody.replace('amount=16.09', 'amount=0.01') }).toThrow(WebhookSignatureError);
  await refused({ ...signed, rawBody: signed.rawBody.replace('payment_id=0b0c7e0000004000', 'payment_id=0b0c7e0000004001') }).toThrow(WebhookSignatureError);
  // the sign does not cover profit, email, date, method: changing them changes nothing
  expect((await gateway.providerNotification('payok', { ...signed, rawBody: signed.rawBody.replace('profit=15.53', 'profit=0') }, at)).object).toMatchObject({ amount: 1609 });
  await refused(notice({ shop: '999' })).toThrow(new ProviderNoticeError('The PayOK notification is for another shop'));
  await refused(notice({ amount: '16.095' })).toThrow(new ProviderNoticeError('amount is not an amount in cents: 16.095'));
  await refused(notice({ payment_id: '' })).toThrow(new ProviderNoticeError('The PayOK notification lacks payment_id or currency'));
});

test('a currency PayOK does not take is refused before any link; a status read PayOK refuses is a PayokRefusal; unreachable is unavailable; not configured, 503', async () => {
  await expect(gateway.createRedirectSession(input(newOrder(), { currency: 'GBP' }), 'k')).rejects.toThrow('PayOK: a link takes RUB, UAH, USD, EUR, not GBP');
  const orderId = newOrder();
  const ref = { sessionId: payokPaymentId(orderId), provider: 'payok', orderId };
  const config = payments.config.payok!;
  const wrongKey = createPaymentsGateway({ ...payments.config, payok: { ...config, apiKey: 'not-the-api-key' } });
  await expect(wrongKey.getRedirectSession(ref)).rejects.toThrow(new PayokRefusal('1', 'Invalid API_ID or API_KEY'));
  const down = createPaymentsGateway({ ...payments.config, payok: { ...config, url: 'http://127.0.0.1:9' } });
  await expect(down.getRedirectSession(ref)).rejects.toBeInstanceOf(PaymentsUnavailableError);
  const none = createPaymentsGateway({ ...payments.config, payok: null });
  await expect(none.createRedirectSession(input(orderId), 'k')).rejects.toThrow(/payok is not configured \(PAYOK_SHOP_ID, PAYOK_SECRET_KEY, PAYOK_API_ID, PAYOK_API_KEY\)/);
  await expect(none.providerNotification('payok', notice({}), at)).rejects.toThrow(PaymentsUnavailableError);
});

test('the payment id is 16 hex digits of the order’s SHA-256, one per order however alike their ids; transaction_status 1 is paid, 2 failed, anything else open', () => {
  const id = payokPaymentId('3F2A9C1B-7D4E-4A12-9B3C-0123456789AB');
  expect(id).toMatch(/^[0-9a-f]{16}$/);
  expect(payokPaymentId('3f2a9c1b-7d4e-4a12-9b3c-0123456789ab')).toBe(id);
  // orders whose ids share their first digits (time-ordered UUIDs, or the tests' own) still have their own ids
  expect(new Set(Array.from({ length: 100 }, (_, i) => payokPaymentId(`3f2a9c1b-7d4e-4a12-9b3c-${String(i).padStart(12, '0')}`))).size).toBe(100);
  expect(() => payokPaymentId('order-1')).toThrow('PayOK: order id order-1 is not a UUID');
  expect(['1', 1, '2', '0', 0, undefined, '3'].map(payokStatus)).toEqual(['completed', 'completed', 'canceled', 'open', 'open', 'open', 'open']);
});
