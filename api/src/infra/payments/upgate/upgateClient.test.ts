import { eventually } from '../../../testing/eventually';
import { redirectInput, usePaymentsGateway } from '../../../testing/paymentsSandbox';
import { PaymentsUnavailableError, ProviderNoticeError, WebhookSignatureError } from '../paymentsGateway';
import { createPaymentsGateway } from '../stripeGateway';
import { createUpgateClient, upgateSaleStatus, upgateSignature, UpgateRefusal } from './upgateClient';
import { SANDBOX_UPGATE_KEYS } from './upgateConfig';

// UpGate through its API (POST /v1/checkout, GET /v1/transaction, POST /v1/refund, each with X-Api-Key), against the
// sandbox's UpGate over a real socket; its postbacks (signed in X-Signature) as redirect_session events.

const { payments, gateway } = usePaymentsGateway();
let orders = 0;

const newOrder = () => `0a9a7e00-0000-4000-8000-${String(++orders).padStart(12, '0')}`;
const input = (orderId: string, page = 'ug_kakao', amountMinor = 1609, currency = 'USD') =>
  redirectInput(page, orderId, { amountMinor, currency, buyer: { firstName: 'Ada', lastName: 'Lovelace', country: 'kr' } });
const at = new Date('2026-12-06T12:00:00Z');
const signed = (body: string, secret: string = SANDBOX_UPGATE_KEYS.secretKey) => ({ rawBody: body, headers: { 'content-type': 'application/json', 'x-signature': upgateSignature(secret, body) } });
const postbackOf = (paymentId: string, type: string, status: string) => () =>
  payments.sandbox.upgate.postbacks.find((p) => p.payment_id === paymentId && p.transaction_type === type && p.transaction_status === status);

test('a checkout is made on /v1/checkout with the method chosen, paid on its page, read from its transactions and refunded through /v1/refund', async () => {
  const orderId = newOrder();
  const made = await gateway.createRedirectSession(input(orderId), `${orderId}:redirect`);
  expect(made.url).toBe(`${payments.sandbox.url}/pay/${made.sessionId}`);
  // what UpGate was given: our order as merchant_payment_id, the method, the price in major units, the payer
  const sent = payments.sandbox.state.redirectSessions.get(made.sessionId);
  expect(sent).toMatchObject({ provider: 'upgate', amount: 1609, currency: 'usd', return_url: input(orderId).returnUrl, cancel_url: input(orderId).cancelUrl });
  expect(sent?.upgate).toMatchObject({ merchant_payment_id: orderId, merchant_customer_id: 'u-1', email: 'ada@example.com', country_code: 'KR', methods: ['KAKAO_PAY'] });
  expect(sent?.upgate?.products).toEqual([{ type: 'SALE', merchant_product_id: 'basic_1m', name: 'Fable basic_1m', price: 16.09 }]);

  const ref = { sessionId: made.sessionId, provider: 'ug_kakao', orderId };
  // nothing paid yet: no transaction, open (UpGate shows no checkout's amount before its first transaction)
  expect(await gateway.getRedirectSession(ref)).toMatchObject({ status: 'open', metadata: { order_id: orderId } });
  // not paid: nothing to refund
  await expect(gateway.refundRedirectSession(ref, null, `${orderId}:refund`)).rejects.toThrow(UpgateRefusal);

  const back = await fetch(`${made.url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(back.headers.get('location')).toBe(input(orderId).returnUrl);
  expect(await gateway.getRedirectSession(ref)).toEqual({ status: 'completed', amountMinor: 1609, currency: 'USD', metadata: { order_id: orderId } });

  const part = await gateway.refundRedirectSession(ref, 609, `${orderId}:refund:part`);
  expect(part.refundId).toMatch(/^[0-9A-Z]+$/);
  // the same refund key again (an answer lost): UpGate refuses it, nothing is refunded twice
  await expect(gateway.refundRedirectSession(ref, 609, `${orderId}:refund:part`)).rejects.toThrow(/UpGate refused \(400 INVALID_REQUEST\): Duplicate request/);
  expect(payments.sandbox.state.redirectSessions.get(made.sessionId)).toMatchObject({ status: 'completed', amount_refunded: 609 });
  // no amount: all that is left
  expect((await gateway.refundRedirectSession(ref, null, `${orderId}:refund`)).refundId).toMatch(/^[0-9A-Z]+$/);
  expect(payments.sandbox.state.redirectSessions.get(made.sessionId)).toMatchObject({ status: 'refunded', amount_refunded: 1609 });
  expect((await gateway.getRedirectSession(ref)).status).toBe('refunded');
  // refunded in full already (a retry whose answer was lost, with its key or another): done, nothing more paid back
  expect(await gateway.refundRedirectSession(ref, null, `${orderId}:refund`)).toEqual({ refundId: `${made.sessionId}:refunded` });
  expect(payments.sandbox.upgate.transactions.filter((t) => t.payment.payment_id === made.sessionId && t.transaction_type === 'REFUND')).toHaveLength(2);
});

test('a signed SALE postback is the event: SUCCESS completed, DECLINE canceled, the same transaction the same event; other transactions recorded only', async () => {
  const orderId = newOrder();
  const made = await gateway.createRedirectSession(input(orderId, 'ug_alipay'), `${orderId}:redirect`);
  await fetch(`${made.url}/pay`, { method: 'POST', redirect: 'manual' });
  const sale = postbackOf(made.sessionId, 'SALE', 'SUCCESS');
  await eventually(() => sale() !== undefined);
  const notice = { rawBody: sale()?.rawBody ?? '', headers: sale()?.headers ?? {} };
  const event = await gateway.providerNotification('upgate', notice, at);
  expect(event).toEqual({
    id: `upgate:${made.sessionId}:${sale()?.transaction_id}`,
    type: 'redirect_session.completed',
    created: at.getTime() / 1000,
    object: { id: made.sessionId, amount: 1609, currency: 'usd', metadata: { order_id: orderId, user_id: 'u-1' } },
  });
  // posted again (UpGate retries until answered): the same event, kept once by its id
  expect((await gateway.providerNotification('upgate', notice, at)).id).toBe(event.id);

  await gateway.refundRedirectSession({ sessionId: made.sessionId, provider: 'ug_alipay', orderId }, null, `${orderId}:refund`);
  const refund = postbackOf(made.sessionId, 'REFUND', 'SUCCESS');
  await eventually(() => refund() !== undefined);
  const refunded = await gateway.providerNotification('upgate', { rawBody: refund()?.rawBody ?? '', headers: refund()?.headers ?? {} }, at);
  expect([refunded.type, refunded.id]).toEqual(['upgate.refund_success', `upgate:${made.sessionId}:${refund()?.transaction_id}`]);

  const cancelledOrder = newOrder();
  const cancelled = await gateway.createRedirectSession(input(cancelledOrder, 'ug_upi', 80000, 'INR'), `${cancelledOrder}:redirect`);
  expect(payments.sandbox.state.redirectSessions.get(cancelled.sessionId)?.upgate?.methods).toEqual(['UPI']);
  const back = await fetch(`${cancelled.url}/cancel`, { method: 'POST', redirect: 'manual' });
  expect(back.headers.get('location')).toBe(input(cancelledOrder).cancelUrl);
  const decline = postbackOf(cancelled.sessionId, 'SALE', 'DECLINE');
  await eventually(() => decline() !== undefined);
  const canceled = await gateway.providerNotification('upgate', { rawBody: decline()?.rawBody ?? '', headers: decline()?.headers ?? {} }, at);
  expect(canceled).toMatchObject({ type: 'redirect_session.canceled', object: { id: cancelled.sessionId, amount: 80000, currency: 'inr' } });
  expect(await gateway.getRedirectSession({ sessionId: cancelled.sessionId, provider: 'ug_upi', orderId: cancelledOrder })).toMatchObject({ status: 'canceled', amountMinor: 80000, currency: 'INR' });
});

test('a postback whose signature does not verify is refused; one signed but not a transaction of ours is not ours to take', async () => {
  const body = JSON.stringify({ type: 'TRANSACTION', data: { transaction_id: 'T1', transaction_type: 'SALE', transaction_status: 'SUCCESS', transaction_amount: '16.09', transaction_currency_code: 'USD', payment: { payment_id: 'P1', merchant_payment_id: 'o' } } });
  await expect(gateway.providerNotification('upgate', { rawBody: body, headers: {} }, at)).rejects.toThrow(new WebhookSignatureError('The UpGate postback lacks X-Signature'));
  await expect(gateway.providerNotification('upgate', signed(body, 'not-the-secret-key'), at)).rejects.toThrow(new WebhookSignatureError('The UpGate postback signature (X-Signature) does not match'));
  // the body changed after signing
  await expect(gateway.providerNotification('upgate', { ...signed(body), rawBody: body.replace('16.09', '0.01') }, at)).rejects.toThrow(WebhookSignatureError);
  await expect(gateway.providerNotification('upgate', signed('type=TRANSACTION'), at)).rejects.toThrow(new ProviderNoticeError('The UpGate postback is not JSON'));
  await expect(gateway.providerNotification('upgate', signed('{"type":"TRANSACTION","data":{}}'), at)).rejects.toThrow(
    new ProviderNoticeError('The UpGate postback lacks transaction_id, transaction_type or transaction_status'),
  );
  await expect(gateway.providerNotification('upgate', signed(body.replace('"merchant_payment_id":"o"', '"other":"o"')), at)).rejects.toThrow(
    new ProviderNoticeError('The UpGate postback lacks its payment, amount or currency'),
  );
  // signed and whole: taken (billing then finds no order P1 of ours)
  expect((await gateway.providerNotification('upgate', signed(body), at)).type).toBe('redirect_session.completed');
  // a subscription's postback: taken, nothing to apply
  expect((await gateway.providerNotification('upgate', signed('{"type":"SUBSCRIPTION","data":{"subscription_id":"S1"}}'), at)).type).toBe('upgate.subscription');
});

test('UpGate refuses a wrong API key in its own error shape; a method that is not UpGate’s is not sent', async () => {
  const orderId = newOrder();
  const wrongKey = createUpgateClient({ url: payments.sandbox.url, apiKey: 'someone_else', secretKey: SANDBOX_UPGATE_KEYS.secretKey });
  await expect(wrongKey.create(input(orderId), `${orderId}:redirect`)).rejects.toThrow(new UpgateRefusal(401, 'INVALID_REQUEST', 'Invalid API key'));
  await expect(wrongKey.details({ sessionId: 'P1', provider: 'ug_kakao', orderId })).rejects.toThrow(UpgateRefusal);
  const right = createUpgateClient({ url: payments.sandbox.url, ...SANDBOX_UPGATE_KEYS });
  await expect(right.create(input(orderId, 'ug_paypal'), `${orderId}:redirect`)).rejects.toThrow(/one of its methods/);
  // not configured: unavailable (503), nothing sent
  const none = createPaymentsGateway({ ...payments.config, upgate: null });
  await expect(none.createRedirectSession(input(orderId), `${orderId}:redirect`)).rejects.toThrow(PaymentsUnavailableError);
  await expect(none.providerNotification('upgate', { rawBody: '', headers: {} }, at)).rejects.toThrow(PaymentsUnavailableError);
});

test('maps a SALE’s outcome: SUCCESS paid; DECLINE and ERROR cancelled; anything else open; UpGate unreachable is PaymentsUnavailableError', async () => {
  expect(upgateSaleStatus('SUCCESS')).toBe('completed');
  expect(['DECLINE', 'ERROR'].map(upgateSaleStatus)).toEqual(['canceled', 'canceled']);
  expect(['PENDING', 'SOMETHING_NEW'].map(upgateSaleStatus)).toEqual(['open', 'open']);
  expect(upgateSignature('secret', '{}')).toMatch(/^[0-9a-f]{64}$/);
  const down = createUpgateClient({ url: 'http://127.0.0.1:9', apiKey: 'k', secretKey: 's' });
  await expect(down.details({ sessionId: 'P1', provider: 'ug_kakao', orderId: 'o' })).rejects.toThrow(PaymentsUnavailableError);
});
