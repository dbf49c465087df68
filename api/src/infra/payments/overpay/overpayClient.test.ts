import { sign } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '../../../testing/eventually';
import { redirectInput, testOverpayKeys, usePaymentsGateway } from '../../../testing/paymentsSandbox';
import { PaymentsUnavailableError, ProviderNoticeError, WebhookSignatureError, type ProviderNotice } from '../paymentsGateway';
import { createPaymentsGateway } from '../stripeGateway';
import { createOverpayClient, overpayBasicAuth, overpayStatus, OverpayRefusal } from './overpayClient';
import { SANDBOX_OVERPAY_KEYS, type OverpayConfig } from './overpayConfig';

// Overpay through its API (POST /ctp/api/checkouts, GET /ctp/api/checkouts/{token}, POST /beyag/transactions/refunds,
// each with the shop's HTTP Basic credentials), against the sandbox's Overpay over a real socket; its notifications
// (Basic credentials, Content-Signature) as redirect_session events, their checkout found by our order.

const { payments, gateway } = usePaymentsGateway();
let orders = 0;

const newOrder = () => `0b0a7e00-0000-4000-8000-${String(++orders).padStart(12, '0')}`;
const input = (orderId: string, amountMinor = 1609, currency = 'USD') => redirectInput('overpay', orderId, { amountMinor, currency });
const at = new Date('2026-12-06T12:00:00Z');
const shop = overpayBasicAuth(SANDBOX_OVERPAY_KEYS.shopId, SANDBOX_OVERPAY_KEYS.secretKey);
/** Billing's record: the checkout each order was made as. */
const recorded = new Map<string, { sessionId: string; page: string }>();
const recordedSessionOf = async (orderId: string) => recorded.get(orderId) ?? null;
/** A notification as Overpay sends it: the shop's Basic credentials, the body signed with the shop's key. */
const signed = (rawBody: string, headers: Record<string, string> = {}): ProviderNotice => ({
  rawBody,
  headers: { 'content-type': 'application/json', authorization: shop, 'content-signature': sign('sha256', Buffer.from(rawBody), testOverpayKeys().privateKey).toString('base64'), ...headers },
  recordedSessionOf,
});
const notificationOf = (token: string, type: string, status: string) => () => payments.sandbox.overpay.notifications.find((n) => n.token === token && n.type === type && n.status === status);
const noticeOf = (sent: { rawBody: string; headers: Record<string, string> } | undefined): ProviderNotice => ({ rawBody: sent?.rawBody ?? '', headers: sent?.headers ?? {}, recordedSessionOf });

async function checkoutFor(orderId: string, amountMinor?: number, currency?: string) {
  const made = await gateway.createRedirectSession(input(orderId, amountMinor, currency), `${orderId}:redirect`);
  recorded.set(orderId, { sessionId: made.sessionId, page: 'overpay' });
  return { made, ref: { sessionId: made.sessionId, provider: 'overpay', orderId } };
}

test('a checkout is made with a payment token, paid on its page, read back by its token and refunded through the gateway API', async () => {
  const orderId = newOrder();
  const { made, ref } = await checkoutFor(orderId);
  expect(made.url).toBe(`${payments.sandbox.url}/pay/${made.sessionId}`);
  // what Overpay was given: minor units, our order as tracking_id, the return addresses, the notification URL
  const sent = payments.sandbox.state.redirectSessions.get(made.sessionId);
  expect(sent).toMatchObject({ provider: 'overpay', amount: 1609, currency: 'usd', return_url: input(orderId).returnUrl, cancel_url: input(orderId).cancelUrl });
  expect(sent?.overpay).toEqual({
    tracking_id: orderId,
    description: 'Fable basic_1m',
    test: true,
    language: 'en',
    email: 'ada@example.com',
    decline_url: input(orderId).cancelUrl,
    fail_url: input(orderId).cancelUrl,
    notification_url: payments.config.overpay?.notificationUrl,
    payment_uid: null,
  });

  expect(await gateway.getRedirectSession(ref)).toEqual({ status: 'open', amountMinor: 1609, currency: 'USD', metadata: { order_id: orderId } });
  // not paid: nothing to refund, nothing asked of the gateway API
  await expect(gateway.refundRedirectSession(ref, null, `${orderId}:refund`)).rejects.toThrow(new OverpayRefusal(400, `the checkout ${made.sessionId} has no successful payment to refund`));

  const back = await fetch(`${made.url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(back.headers.get('location')).toBe(input(orderId).returnUrl);
  expect(await gateway.getRedirectSession(ref)).toEqual({ status: 'completed', amountMinor: 1609, currency: 'USD', metadata: { order_id: orderId } });

  const part = await gateway.refundRedirectSession(ref, 609, `${orderId}:refund:part`);
  expect(part.refundId).toMatch(/^\d+-[0-9a-f]{10}$/);
  expect(payments.sandbox.state.redirectSessions.get(made.sessionId)).toMatchObject({ status: 'completed', amount_refunded: 609 });
  // no amount: all that is left
  const rest = await gateway.refundRedirectSession(ref, null, `${orderId}:refund`);
  expect(payments.sandbox.overpay.transactions.find((t) => t.uid === rest.refundId)).toMatchObject({ type: 'refund', amount: 1000, tracking_id: orderId, parent_uid: sent?.overpay?.payment_uid });
  expect(payments.sandbox.state.redirectSessions.get(made.sessionId)).toMatchObject({ status: 'refunded', amount_refunded: 1609 });
  // Overpay takes no idempotency key: asked again, it refuses more than what is left (nothing is refunded twice, and
  // billing gives the refund up for a person to look at)
  await expect(gateway.refundRedirectSession(ref, null, `${orderId}:refund`)).rejects.toThrow(OverpayRefusal);
  expect(payments.sandbox.overpay.transactions.filter((t) => t.type === 'refund' && t.tracking_id === orderId)).toHaveLength(2);
});

test('a notification is the event of the checkout recorded for its order: successful completed, failed canceled, the same one the same event; refunds recorded only', async () => {
  const orderId = newOrder();
  const { made, ref } = await checkoutFor(orderId, 2500, 'EUR');
  await fetch(`${made.url}/pay`, { method: 'POST', redirect: 'manual' });
  const paid = notificationOf(made.sessionId, 'payment', 'successful');
  await eventually(() => paid() !== undefined);
  // as the sandbox sent it: the shop's Basic credentials and a Content-Signature the public key verifies
  expect(paid()?.headers).toMatchObject({ authorization: shop, 'content-signature': expect.any(String) });
  const event = await gateway.providerNotification('overpay', noticeOf(paid()), at);
  expect(event).toEqual({
    id: `overpay:${made.sessionId}:${paid()?.uid}:successful`,
    type: 'redirect_session.completed',
    created: at.getTime() / 1000,
    object: { id: made.sessionId, amount: 2500, currency: 'eur', metadata: { order_id: orderId } },
  });
  // sent again (Overpay retries until answered 2xx): the same event, kept once by its id
  expect((await gateway.providerNotification('overpay', noticeOf(paid()), at)).id).toBe(event.id);

  await gateway.refundRedirectSession(ref, null, `${orderId}:refund`);
  const refund = notificationOf(made.sessionId, 'refund', 'successful');
  await eventually(() => refund() !== undefined);
  const refunded = await gateway.providerNotification('overpay', noticeOf(refund()), at);
  expect([refunded.type, refunded.id, refunded.object.id]).toEqual(['overpay.refund_successful', `overpay:${made.sessionId}:${refund()?.uid}:successful`, made.sessionId]);

  const cancelledOrder = newOrder();
  const cancelled = await checkoutFor(cancelledOrder);
  const back = await fetch(`${cancelled.made.url}/cancel`, { method: 'POST', redirect: 'manual' });
  expect(back.headers.get('location')).toBe(input(cancelledOrder).cancelUrl);
  const failed = notificationOf(cancelled.made.sessionId, 'payment', 'failed');
  await eventually(() => failed() !== undefined);
  expect(await gateway.providerNotification('overpay', noticeOf(failed()), at)).toMatchObject({
    type: 'redirect_session.canceled',
    object: { id: cancelled.made.sessionId, amount: 1609, currency: 'usd', metadata: { order_id: cancelledOrder } },
  });
  expect(await gateway.getRedirectSession(cancelled.ref)).toMatchObject({ status: 'canceled', amountMinor: 1609, currency: 'USD' });
});

test('a notification without the shop’s Basic credentials or a Content-Signature that verifies is refused; one authenticated but not about a checkout of ours is not ours to take', async () => {
  const orderId = newOrder();
  const { made } = await checkoutFor(orderId);
  const body = JSON.stringify({ transaction: { uid: '1-abc', type: 'payment', status: 'successful', amount: 1609, currency: 'USD', tracking_id: orderId } });
  const notify = (notice: ProviderNotice) => gateway.providerNotification('overpay', notice, at);
  await expect(notify({ ...signed(body), headers: { 'content-type': 'application/json' } })).rejects.toThrow(new WebhookSignatureError('The Overpay notification lacks HTTP Basic authentication'));
  await expect(notify(signed(body, { authorization: overpayBasicAuth(SANDBOX_OVERPAY_KEYS.shopId, 'not-the-secret-key') }))).rejects.toThrow(
    new WebhookSignatureError('The Overpay notification’s HTTP Basic credentials are not the shop’s'),
  );
  // the secret key differing only in case is another secret key
  await expect(notify(signed(body, { authorization: overpayBasicAuth(SANDBOX_OVERPAY_KEYS.shopId, SANDBOX_OVERPAY_KEYS.secretKey.toUpperCase()) }))).rejects.toThrow(WebhookSignatureError);
  const { 'content-signature': _, ...unsigned } = signed(body).headers as Record<string, string>;
  await expect(notify({ ...signed(body), headers: unsigned })).rejects.toThrow(new WebhookSignatureError('The Overpay notification lacks Content-Signature'));
  // the body changed after signing
  await expect(notify({ ...signed(body), rawBody: body.replace('1609', '1') })).rejects.toThrow(new WebhookSignatureError('The Overpay notification’s Content-Signature does not verify'));
  await expect(notify(signed(body, { 'content-signature': 'bm90IGEgc2lnbmF0dXJl' }))).rejects.toThrow(WebhookSignatureError);

  await expect(notify(signed('transaction=1'))).rejects.toThrow(new ProviderNoticeError('The Overpay notification is not JSON'));
  await expect(notify(signed('{"transaction":{"uid":"1-abc"}}'))).rejects.toThrow(new ProviderNoticeError('The Overpay notification lacks the transaction’s uid, type, status, amount or currency'));
  await expect(notify(signed(body.replace(`"tracking_id":"${orderId}"`, '"tracking_id":null')))).rejects.toThrow(new ProviderNoticeError('The Overpay notification lacks tracking_id (our order)'));
  // a payment of an order with no checkout of ours recorded (or one of another provider), or asked with no record at hand
  const other = newOrder();
  await expect(notify(signed(body.replace(orderId, other)))).rejects.toThrow(new ProviderNoticeError(`The Overpay notification names no Overpay checkout of ours (tracking_id ${other})`));
  recorded.set(other, { sessionId: 'rs_generic', page: 'payport' });
  await expect(notify(signed(body.replace(orderId, other)))).rejects.toThrow(ProviderNoticeError);
  await expect(notify({ ...signed(body), recordedSessionOf: undefined })).rejects.toThrow(ProviderNoticeError);
  await expect(notify(signed('{"something":"else"}'))).rejects.toThrow(new ProviderNoticeError('The Overpay notification is neither a transaction nor a checkout'));

  // authenticated and whole: the checkout recorded for the order (billing then checks the amount and currency)
  expect(await notify(signed(body))).toMatchObject({ type: 'redirect_session.completed', object: { id: made.sessionId, metadata: { order_id: orderId } } });
  // a refund of an order without a record: recorded, under the transaction's uid
  const refund = JSON.stringify({ transaction: { uid: '2-abc', parent_uid: '1-abc', type: 'refund', status: 'successful', amount: 100, currency: 'USD', tracking_id: other.replace(/.$/, 'f') } });
  expect(await notify(signed(refund))).toMatchObject({ type: 'overpay.refund_successful', object: { id: '2-abc' } });
  // a token that expired unpaid, notified as the checkout: canceled
  const expired = JSON.stringify({ token: made.sessionId, shop_id: 1, transaction_type: 'payment', gateway_response: null, status: 'expired', order: { currency: 'USD', amount: 1609, description: 'Fable basic_1m', tracking_id: orderId } });
  expect(await notify(signed(expired))).toEqual({
    id: `overpay:${made.sessionId}:checkout_expired`,
    type: 'redirect_session.canceled',
    created: at.getTime() / 1000,
    object: { id: made.sessionId, amount: 1609, currency: 'usd', metadata: { order_id: orderId } },
  });
});

test('without OVERPAY_PUBLIC_KEY the Basic credentials alone authenticate a notification', async () => {
  const config = payments.config.overpay as OverpayConfig;
  const basicOnly = createOverpayClient({ ...config, publicKey: null });
  const orderId = newOrder();
  const { made } = await checkoutFor(orderId);
  const body = JSON.stringify({ transaction: { uid: '3-abc', type: 'payment', status: 'pending', amount: 1609, currency: 'USD', tracking_id: orderId } });
  expect(await basicOnly.notification({ rawBody: body, headers: { authorization: shop }, recordedSessionOf }, at)).toMatchObject({ id: `overpay:${made.sessionId}:3-abc:pending`, type: 'overpay.payment_pending' });
  await expect(Promise.resolve().then(() => basicOnly.notification({ rawBody: body, headers: {}, recordedSessionOf }, at))).rejects.toThrow(WebhookSignatureError);
});

test('Overpay refuses the wrong credentials in its own shape; not configured it is unavailable; a refund is sent once, never retried by us', async () => {
  const orderId = newOrder();
  const config = payments.config.overpay as OverpayConfig;
  const wrong = createOverpayClient({ ...config, secretKey: 'someone_else' });
  await expect(wrong.create(input(orderId), `${orderId}:redirect`)).rejects.toThrow(new OverpayRefusal(401, 'Unauthorized'));
  await expect(wrong.details({ sessionId: 'nope', provider: 'overpay', orderId })).rejects.toThrow(OverpayRefusal);
  await expect(createOverpayClient(config).details({ sessionId: 'nope', provider: 'overpay', orderId })).rejects.toThrow(new OverpayRefusal(404, 'Checkout not found'));
  // not configured: unavailable (503), nothing sent
  const none = createPaymentsGateway({ ...payments.config, overpay: null });
  await expect(none.createRedirectSession(input(orderId), `${orderId}:redirect`)).rejects.toThrow(PaymentsUnavailableError);
  await expect(none.providerNotification('overpay', { rawBody: '', headers: {} }, at)).rejects.toThrow(PaymentsUnavailableError);

  // the gateway API answering 500: the refund is tried once (a retry could refund twice), then unavailable
  let refundsAsked = 0;
  const failing = createServer((_request, response) => {
    refundsAsked += 1;
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
  try {
    const { made, ref } = await checkoutFor(orderId);
    await fetch(`${made.url}/pay`, { method: 'POST', redirect: 'manual' });
    const client = createOverpayClient({ ...config, apiUrl: `http://127.0.0.1:${(failing.address() as AddressInfo).port}` });
    await expect(client.refund(ref, null, `${orderId}:refund`)).rejects.toThrow(PaymentsUnavailableError);
    expect(refundsAsked).toBe(1);
  } finally {
    await new Promise<void>((resolve) => failing.close(() => resolve()));
  }
});

test('maps a payment’s status: successful paid; failed and expired cancelled; anything else open; Overpay unreachable is PaymentsUnavailableError', async () => {
  expect(overpayStatus('successful')).toBe('completed');
  expect(['failed', 'expired'].map(overpayStatus)).toEqual(['canceled', 'canceled']);
  expect(['incomplete', 'pending', null, 'something_new'].map(overpayStatus)).toEqual(['open', 'open', 'open', 'open']);
  expect(overpayBasicAuth('1', 's')).toBe(`Basic ${Buffer.from('1:s').toString('base64')}`);
  const down = createOverpayClient({ ...(payments.config.overpay as OverpayConfig), url: 'http://127.0.0.1:9' });
  await expect(down.details({ sessionId: 't', provider: 'overpay', orderId: 'o' })).rejects.toThrow(PaymentsUnavailableError);
});
