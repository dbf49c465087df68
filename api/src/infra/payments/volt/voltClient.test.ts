import { eventually } from '../../../testing/eventually';
import { redirectInput, startTestPaymentsSandbox, usePaymentsGateway } from '../../../testing/paymentsSandbox';
import { PaymentsUnavailableError, ProviderNoticeError, WebhookSignatureError } from '../paymentsGateway';
import { createPaymentsGateway } from '../stripeGateway';
import { uniqueReferenceOf, uuidOf, VoltRefusal, voltSignature, voltStatus } from './voltClient';
import { SANDBOX_VOLT_KEYS } from './voltConfig';

// Volt through its Gateway API (OAuth password grant, /v2/payments, /payments/{id}, refunds), against the sandbox's
// Volt over a real socket; its notification (X-Volt-Signed) as the redirect_session event billing applies.

const { payments, gateway } = usePaymentsGateway();
let orders = 0;

const newOrder = () => `0c0ffee0-0000-4000-8000-${String(++orders).padStart(12, '0')}`;
const input = (orderId: string) => redirectInput('volt', orderId, { currency: 'EUR' });
const at = new Date('2026-12-06T12:00:00Z');

/** A notification as Volt signs it: `body|timed|version` with the notification secret. */
function notice(body: string, options: { secret?: string; timed?: string; version?: string; signed?: string | null } = {}) {
  const timed = options.timed ?? '1765022400';
  const version = options.version ?? '2.0';
  const signed = options.signed === undefined ? voltSignature(options.secret ?? SANDBOX_VOLT_KEYS.notificationSecret, body, timed, version) : options.signed;
  return { rawBody: body, headers: { 'content-type': 'application/json', 'user-agent': `Volt/${version}`, 'x-volt-timed': timed, ...(signed === null ? {} : { 'x-volt-signed': signed }) } };
}
const paid = async (orderId: string) => {
  const made = await gateway.createRedirectSession(input(orderId), `${orderId}:redirect`);
  expect((await fetch(`${made.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  return made;
};

test('a payment is created on /v2/payments, read, paid on its checkout page and refunded through Volt’s refund request', async () => {
  const orderId = newOrder();
  const made = await gateway.createRedirectSession(input(orderId), `${orderId}:redirect`);
  expect(made.url).toBe(`${payments.sandbox.url}/pay/${made.sessionId}`);
  // what Volt was given: the price in minor units, our order (its letters and digits as uniqueReference), the payer
  const sent = payments.sandbox.state.redirectSessions.get(made.sessionId);
  expect(sent).toMatchObject({ provider: 'volt', amount: 1609, currency: 'eur', return_url: input(orderId).returnUrl, cancel_url: input(orderId).cancelUrl });
  expect(sent?.volt).toMatchObject({ type: 'SERVICES', uniqueReference: uniqueReferenceOf(orderId), merchantInternalReference: orderId, payer: { reference: 'u-1', email: 'ada@example.com' } });
  expect(uniqueReferenceOf(orderId)).toMatch(/^[A-Za-z0-9]{18}$/);
  // the same order's key again (an answer lost): the same payment (Idempotency-Key)
  expect(await gateway.createRedirectSession(input(orderId), `${orderId}:redirect`)).toEqual(made);

  const ref = { sessionId: made.sessionId, provider: 'volt', orderId };
  expect(await gateway.getRedirectSession(ref)).toEqual({ status: 'open', amountMinor: 1609, currency: 'EUR', metadata: { order_id: orderId, user_id: 'u-1' } });
  // not paid yet: Volt refuses the refund
  await expect(gateway.refundRedirectSession(ref, null, `${orderId}:refund`)).rejects.toThrow(VoltRefusal);

  const back = await fetch(`${made.url}/pay`, { method: 'POST', redirect: 'manual' });
  const location = new URL(back.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:4999/checkout/success');
  expect(JSON.parse(Buffer.from(location.searchParams.get('volt') ?? '', 'base64').toString())).toEqual({ id: made.sessionId, uniqueReference: uniqueReferenceOf(orderId), status: 'COMPLETED' });
  expect((await gateway.getRedirectSession(ref)).status).toBe('completed');

  const part = await gateway.refundRedirectSession(ref, 609, `${orderId}:refund:part`);
  // the same refund key again: Volt's answer to it, not a second refund
  expect(await gateway.refundRedirectSession(ref, 609, `${orderId}:refund:part`)).toEqual(part);
  expect(payments.sandbox.state.redirectSessions.get(made.sessionId)).toMatchObject({ status: 'completed', amount_refunded: 609 });
  expect((await gateway.refundRedirectSession(ref, null, `${orderId}:refund`)).refundId).toMatch(/^[0-9a-f-]{36}$/);
  expect(payments.sandbox.state.redirectSessions.get(made.sessionId)).toMatchObject({ status: 'refunded', amount_refunded: 1609 });
  expect((await gateway.getRedirectSession(ref)).status).toBe('refunded');
  // refunded in full already (a retry whose answer was lost, with another key): done, nothing more paid back
  expect(await gateway.refundRedirectSession(ref, null, `${orderId}:refund:again`)).toEqual({ refundId: `${made.sessionId}:refunded` });
  await expect(gateway.refundRedirectSession(ref, 1, `${orderId}:refund:more`)).rejects.toThrow(/Volt refused \(422\)/);
});

test('the notification the sandbox sends verifies with the notification secret; the payment it names is read for the event', async () => {
  const orderId = newOrder();
  const made = await paid(orderId);
  const sent = () => payments.sandbox.volt.notifications.find((n) => n.payment === made.sessionId);
  await eventually(() => sent() !== undefined);
  expect(JSON.parse(sent()?.rawBody ?? '')).toEqual({
    payment: made.sessionId,
    reference: uniqueReferenceOf(orderId),
    merchantInternalReference: orderId,
    amount: 1609,
    status: 'COMPLETED',
    detailedStatus: 'COMPLETED',
  });
  const event = await gateway.providerNotification('volt', { rawBody: sent()?.rawBody ?? '', headers: sent()?.headers ?? {} }, at);
  expect(event).toEqual({
    id: `volt:${made.sessionId}:completed`,
    type: 'redirect_session.completed',
    created: at.getTime() / 1000,
    object: { id: made.sessionId, amount: 1609, currency: 'eur', metadata: { order_id: orderId, user_id: 'u-1' } },
  });
  // sent again (Volt retries): the same event, kept once by its id
  expect((await gateway.providerNotification('volt', { rawBody: sent()?.rawBody ?? '', headers: sent()?.headers ?? {} }, at)).id).toBe(event.id);

  const cancelledOrder = newOrder();
  const cancelled = await gateway.createRedirectSession(input(cancelledOrder), `${cancelledOrder}:redirect`);
  const back = await fetch(`${cancelled.url}/cancel`, { method: 'POST', redirect: 'manual' });
  expect(back.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:4999\/checkout\?cancelled=1&volt=/);
  const cancelNotice = () => payments.sandbox.volt.notifications.find((n) => n.payment === cancelled.sessionId);
  await eventually(() => cancelNotice() !== undefined);
  const canceled = await gateway.providerNotification('volt', { rawBody: cancelNotice()?.rawBody ?? '', headers: cancelNotice()?.headers ?? {} }, at);
  expect([canceled.type, canceled.id]).toEqual(['redirect_session.canceled', `volt:${cancelled.sessionId}:cancelled_by_user`]);
});

test('maps Volt’s statuses: COMPLETED, RECEIVED, SETTLED paid; FAILED and the user’s or bank’s refusals cancelled; the rest open', () => {
  expect(['COMPLETED', 'RECEIVED', 'SETTLED'].map((s) => voltStatus(s))).toEqual(['completed', 'completed', 'completed']);
  expect([voltStatus('FAILED'), voltStatus('FAILED', 'CANCELLED_BY_USER'), voltStatus('PENDING', 'ABANDONED_BY_USER'), voltStatus('FAILED', 'REFUSED_BY_BANK'), voltStatus('NOT_RECEIVED')]).toEqual([
    'canceled',
    'canceled',
    'canceled',
    'canceled',
    'canceled',
  ]);
  expect([voltStatus('PENDING'), voltStatus('NEW_PAYMENT'), voltStatus('PENDING', 'AWAITING_CHECKOUT_AUTHORISATION'), voltStatus('REFUNDED')]).toEqual(['open', 'open', 'open', 'refunded']);
  // a UUID per key, the same for the same key (Volt's idempotency-key)
  expect(uuidOf('o-1:refund')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(uuidOf('o-1:refund')).toBe(uuidOf('o-1:refund'));
  expect(uuidOf('o-1:refund')).not.toBe(uuidOf('o-2:refund'));
});

test('refuses a notification with a wrong or missing signature, a tampered body, another version, or one it cannot take', async () => {
  const orderId = newOrder();
  const made = await paid(orderId);
  const body = JSON.stringify({ payment: made.sessionId, reference: uniqueReferenceOf(orderId), merchantInternalReference: orderId, amount: 1609, status: 'COMPLETED', detailedStatus: 'COMPLETED' });
  const rejects = (n: { rawBody: string; headers: Record<string, string> }) => expect(gateway.providerNotification('volt', n, at)).rejects;
  await rejects(notice(body, { secret: 'not-the-notification-secret' })).toThrow(new WebhookSignatureError('The Volt notification signature (X-Volt-Signed) does not match'));
  await rejects(notice(body, { signed: null })).toThrow(/lacks X-Volt-Signed/);
  const signed = notice(body);
  await rejects({ ...signed, rawBody: body.replace('1609', '1') }).toThrow(WebhookSignatureError);
  await rejects({ ...signed, headers: { ...signed.headers, 'user-agent': 'Volt/1.0' } }).toThrow(WebhookSignatureError);
  await rejects({ ...signed, headers: { ...signed.headers, 'x-volt-timed': '1765022401' } }).toThrow(WebhookSignatureError);
  await rejects(notice('not json')).toThrow(new ProviderNoticeError('The Volt notification is not JSON'));
  await rejects(notice(JSON.stringify({ payment: made.sessionId, status: 'COMPLETED' }))).toThrow(/lacks payment, amount or status/);
  await rejects(notice(JSON.stringify({ payment: '00000000-0000-4000-8000-000000000000', amount: 1609, status: 'COMPLETED' }))).toThrow(/Volt knows no payment/);
  // signed, but not what Volt holds for that payment
  await rejects(notice(JSON.stringify({ payment: made.sessionId, amount: 1, status: 'COMPLETED' }))).toThrow(/amount is not its payment’s/);
  expect(await gateway.providerNotification('volt', notice('{}'), at)).toMatchObject({ id: 'volt:test:1765022400', type: 'volt.test' });
});

test('the access token is kept until it expires; a token Volt no longer takes is replaced and the call made again', async () => {
  const orderId = newOrder();
  const made = await gateway.createRedirectSession(input(orderId), `${orderId}:redirect`);
  const before = payments.sandbox.volt.tokensIssued.length;
  const ref = { sessionId: made.sessionId, provider: 'volt', orderId };
  await Promise.all([gateway.getRedirectSession(ref), gateway.getRedirectSession(ref)]);
  await gateway.getRedirectSession(ref);
  // the token of the first call serves the others
  expect(payments.sandbox.volt.tokensIssued.length - before).toBe(0);
  payments.sandbox.volt.revokeTokens();
  expect((await gateway.getRedirectSession(ref)).status).toBe('open');
  expect(payments.sandbox.volt.tokensIssued.length - before).toBe(1);

  // a token of one second is never kept (it would expire on the way)
  const shortLived = await startTestPaymentsSandbox({ volt: { ...SANDBOX_VOLT_KEYS, notificationUrl: null, tokenTtlSeconds: 1 } });
  try {
    const short = createPaymentsGateway(shortLived.config);
    const other = newOrder();
    const shortMade = await short.createRedirectSession(input(other), `${other}:redirect`);
    await short.getRedirectSession({ sessionId: shortMade.sessionId, provider: 'volt', orderId: other });
    expect(shortLived.sandbox.volt.tokensIssued).toHaveLength(2);
  } finally {
    await shortLived.close();
  }
});

test('credentials Volt refuses are a VoltRefusal with its words; bad input is refused 422; unreachable is unavailable; not configured says which variables', async () => {
  const config = payments.config.volt!;
  const wrongSecret = createPaymentsGateway({ ...payments.config, volt: { ...config, clientSecret: 'not-the-secret' } });
  await expect(wrongSecret.createRedirectSession(input(newOrder()), 'k1')).rejects.toThrow(new VoltRefusal(401, 'Client authentication failed'));
  const wrongPassword = createPaymentsGateway({ ...payments.config, volt: { ...config, password: 'not-the-password' } });
  await expect(wrongPassword.createRedirectSession(input(newOrder()), 'k2')).rejects.toThrow(/Volt refused \(400\): The user credentials were incorrect/);
  await expect(gateway.createRedirectSession({ ...input(newOrder()), currency: 'XYZ' }, 'k3')).rejects.toThrow(/Volt refused \(422\): currencyCode: must be a supported ISO 4217 code/);
  const down = createPaymentsGateway({ ...payments.config, volt: { ...config, url: 'http://127.0.0.1:9' } });
  await expect(down.createRedirectSession(input(newOrder()), 'k4')).rejects.toBeInstanceOf(PaymentsUnavailableError);
  const none = createPaymentsGateway({ ...payments.config, volt: null });
  await expect(none.createRedirectSession(input(newOrder()), 'k5')).rejects.toThrow(/volt is not configured \(VOLT_CLIENT_ID, VOLT_CLIENT_SECRET, VOLT_USERNAME, VOLT_PASSWORD, VOLT_NOTIFICATION_SECRET\)/);
  await expect(none.providerNotification('volt', notice('{}'), at)).rejects.toThrow(PaymentsUnavailableError);
});
