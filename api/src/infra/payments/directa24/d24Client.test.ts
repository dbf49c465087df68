import { eventually } from '../../../testing/eventually';
import { redirectInput, usePaymentsGateway } from '../../../testing/paymentsSandbox';
import { PaymentsUnavailableError, ProviderNoticeError } from '../paymentsGateway';
import { createD24Client, d24Authorization, d24Date, D24Refusal, d24Status } from './d24Client';
import { SANDBOX_D24_KEYS } from './d24Config';

// Directa24 through its Deposits API v3 (POST /v3/deposits, GET /v3/deposits/{id}, POST /v3/refunds, each signed with
// X-Date, X-Login and Authorization: D24 …), against the sandbox's D24 over a real socket; its notification
// ({ deposit_id }, unsigned) read back as the deposit D24 holds.

const { payments, gateway } = usePaymentsGateway();
let orders = 0;

const newOrder = () => `0d24d24d-0000-4000-8000-${String(++orders).padStart(12, '0')}`;
const input = (orderId: string, amountMinor = 1609, currency = 'USD') =>
  redirectInput('directa24', orderId, { amountMinor, currency, buyer: { firstName: 'Ada', lastName: 'Lovelace', country: 'br' } });
const at = new Date('2026-12-06T12:00:00Z');
const notice = (body: string) => ({ rawBody: body, headers: { 'content-type': 'application/json' } });
const sentFor = (depositId: string, status: string) => () => payments.sandbox.directa24.notifications.find((n) => String(n.deposit_id) === depositId && n.status === status);

test('a deposit is created on /v3/deposits, read, paid on its page and refunded through /v3/refunds', async () => {
  const orderId = newOrder();
  const made = await gateway.createRedirectSession(input(orderId), `${orderId}:redirect`);
  expect(made.sessionId).toMatch(/^\d+$/);
  expect(made.url).toBe(`${payments.sandbox.url}/pay/${made.sessionId}`);
  // what D24 was given: the price in major units, our order as invoice_id, the payer and the country
  const sent = payments.sandbox.state.redirectSessions.get(made.sessionId);
  expect(sent).toMatchObject({ provider: 'directa24', amount: 1609, currency: 'usd', return_url: input(orderId).returnUrl, cancel_url: input(orderId).cancelUrl });
  expect(sent?.directa24).toMatchObject({ invoice_id: orderId, country: 'BR', description: 'Fable basic_1m', payer: { id: 'u-1', email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' } });
  // the same order's key again (an answer lost): the same deposit (X-Idempotency-Key)
  expect(await gateway.createRedirectSession(input(orderId), `${orderId}:redirect`)).toEqual(made);

  const ref = { sessionId: made.sessionId, provider: 'directa24', orderId };
  expect(await gateway.getRedirectSession(ref)).toEqual({ status: 'open', amountMinor: 1609, currency: 'USD', metadata: { order_id: orderId } });
  // not paid yet: D24 refuses the refund
  await expect(gateway.refundRedirectSession(ref, null, `${orderId}:refund`)).rejects.toThrow(D24Refusal);

  const back = await fetch(`${made.url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(back.headers.get('location')).toBe(input(orderId).returnUrl);
  expect((await gateway.getRedirectSession(ref)).status).toBe('completed');

  const part = await gateway.refundRedirectSession(ref, 609, `${orderId}:refund:part`);
  // the same refund key again: D24's answer to it, not a second refund
  expect(await gateway.refundRedirectSession(ref, 609, `${orderId}:refund:part`)).toEqual(part);
  // the same key for another request: D24's 104
  await expect(gateway.refundRedirectSession(ref, 100, `${orderId}:refund:part`)).rejects.toThrow(/Directa24 refused \(400 104 IDEMPOTENCY_KEY_ALREADY_USED\)/);
  expect(payments.sandbox.state.redirectSessions.get(made.sessionId)).toMatchObject({ status: 'completed', amount_refunded: 609 });
  // no amount is the whole deposit for D24: more than is left
  await expect(gateway.refundRedirectSession(ref, null, `${orderId}:refund`)).rejects.toThrow(/802 INVALID_AMOUNT_TO_REFUND/);
  expect((await gateway.refundRedirectSession(ref, 1000, `${orderId}:refund:rest`)).refundId).toMatch(/^\d+$/);
  expect(payments.sandbox.state.redirectSessions.get(made.sessionId)).toMatchObject({ status: 'refunded', amount_refunded: 1609 });
  // refunded in full already (a retry whose answer was lost, with another key): done, nothing more paid back
  expect(await gateway.refundRedirectSession(ref, null, `${orderId}:refund:again`)).toEqual({ refundId: `${made.sessionId}:refunded` });
});

test('a whole refund (no amount) of a completed deposit, once however often it is asked', async () => {
  const orderId = newOrder();
  const made = await gateway.createRedirectSession(input(orderId), `${orderId}:redirect`);
  await fetch(`${made.url}/pay`, { method: 'POST', redirect: 'manual' });
  const ref = { sessionId: made.sessionId, provider: 'directa24', orderId };
  const first = await gateway.refundRedirectSession(ref, null, `${orderId}:refund`);
  expect(first.refundId).toMatch(/^\d+$/);
  expect(await gateway.refundRedirectSession(ref, null, `${orderId}:refund`)).toEqual({ refundId: `${made.sessionId}:refunded` });
  expect(payments.sandbox.state.redirectSessions.get(made.sessionId)).toMatchObject({ status: 'refunded', amount_refunded: 1609 });
});

test('the notification names the deposit only: the event says what GET /v3/deposits/{id} answers, the same one each time', async () => {
  const orderId = newOrder();
  const made = await gateway.createRedirectSession(input(orderId), `${orderId}:redirect`);
  // a notification sent (or forged) before the payment: the deposit is still pending, whatever anyone says
  const early = await gateway.providerNotification('directa24', notice(JSON.stringify({ deposit_id: Number(made.sessionId) })), at);
  expect([early.type, early.id]).toEqual(['directa24.pending', `directa24:${made.sessionId}:pending`]);

  await fetch(`${made.url}/pay`, { method: 'POST', redirect: 'manual' });
  const sent = sentFor(made.sessionId, 'COMPLETED');
  await eventually(() => sent() !== undefined);
  expect(JSON.parse(sent()?.rawBody ?? '')).toEqual({ deposit_id: Number(made.sessionId) });
  const event = await gateway.providerNotification('directa24', notice(sent()?.rawBody ?? ''), at);
  expect(event).toEqual({
    id: `directa24:${made.sessionId}:completed`,
    type: 'redirect_session.completed',
    created: at.getTime() / 1000,
    object: { id: made.sessionId, amount: 1609, currency: 'usd', metadata: { order_id: orderId } },
  });
  // sent again (D24 says it may): the same event, kept once by its id
  expect((await gateway.providerNotification('directa24', notice(sent()?.rawBody ?? ''), at)).id).toBe(event.id);

  const cancelledOrder = newOrder();
  const cancelled = await gateway.createRedirectSession(input(cancelledOrder), `${cancelledOrder}:redirect`);
  const back = await fetch(`${cancelled.url}/cancel`, { method: 'POST', redirect: 'manual' });
  expect(back.headers.get('location')).toBe(input(cancelledOrder).cancelUrl);
  const cancelNotice = sentFor(cancelled.sessionId, 'CANCELLED');
  await eventually(() => cancelNotice() !== undefined);
  const canceled = await gateway.providerNotification('directa24', notice(cancelNotice()?.rawBody ?? ''), at);
  expect([canceled.type, canceled.id]).toEqual(['redirect_session.canceled', `directa24:${cancelled.sessionId}:cancelled`]);
});

test('a notification that is not JSON, names no deposit, or one D24 does not know is not ours to take', async () => {
  const refused = (body: string) => gateway.providerNotification('directa24', notice(body), at);
  await expect(refused('deposit_id=1')).rejects.toThrow(new ProviderNoticeError('The Directa24 notification is not JSON'));
  await expect(refused('{}')).rejects.toThrow(new ProviderNoticeError('The Directa24 notification lacks a deposit_id'));
  await expect(refused('{"deposit_id":"../v3/refunds"}')).rejects.toThrow(new ProviderNoticeError('The Directa24 notification lacks a deposit_id'));
  await expect(refused('{"deposit_id":1}')).rejects.toThrow(new ProviderNoticeError('Directa24 knows no deposit 1'));
});

test('D24 refuses a call whose signature, API Key or date is wrong, in its own error shape', async () => {
  const orderId = newOrder();
  const wrongSignature = createD24Client({ url: payments.sandbox.url, apiKey: SANDBOX_D24_KEYS.apiKey, apiSignature: 'not-the-api-signature', notificationUrl: null });
  await expect(wrongSignature.create(input(orderId), `${orderId}:redirect`)).rejects.toThrow(new D24Refusal(400, 102, 'INVALID_SIGNATURE', 'Invalid signature'));
  const wrongLogin = createD24Client({ url: payments.sandbox.url, apiKey: 'someone_else', apiSignature: SANDBOX_D24_KEYS.apiSignature, notificationUrl: null });
  await expect(wrongLogin.details({ sessionId: '300000001', provider: 'directa24', orderId })).rejects.toThrow(new D24Refusal(401, 100, 'INVALID_CREDENTIALS', 'Invalid Credentials'));

  const body = JSON.stringify({ invoice_id: orderId, amount: 16.09, currency: 'USD', country: 'BR' });
  const post = async (headers: Record<string, string>, payload = body) => {
    const res = await fetch(`${payments.sandbox.url}/v3/deposits`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });
    return [res.status, await res.json()];
  };
  const xDate = d24Date();
  const signed = { 'x-date': xDate, 'x-login': SANDBOX_D24_KEYS.apiKey, authorization: d24Authorization(SANDBOX_D24_KEYS.apiSignature, xDate, SANDBOX_D24_KEYS.apiKey, body) };
  // no Authorization at all
  expect(await post({ 'x-date': xDate, 'x-login': SANDBOX_D24_KEYS.apiKey })).toEqual([400, { code: 101, description: 'Missing or invalid format for required header Authorization', type: 'MISSING_REQUIRED_HEADER' }]);
  // the body changed after signing
  expect(await post(signed, body.replace('16.09', '0.01'))).toEqual([400, { code: 102, description: 'Invalid signature', type: 'INVALID_SIGNATURE' }]);
  // signed an hour ago
  const old = d24Date(new Date(Date.now() - 3_600_000));
  expect(await post({ ...signed, 'x-date': old, authorization: d24Authorization(SANDBOX_D24_KEYS.apiSignature, old, SANDBOX_D24_KEYS.apiKey, body) })).toEqual([
    400,
    { code: 103, description: 'X-Date header value out of valid range', type: 'INVALID_DATE_RANGE' },
  ]);
  // signed right: taken
  const [status, made] = await post(signed);
  expect([status, made]).toEqual([200, expect.objectContaining({ checkout_type: 'HOSTED', merchant_invoice_id: orderId, deposit_id: expect.any(Number) })]);
});

test('maps D24’s statuses: COMPLETED paid; CANCELLED, EXPIRED and DECLINED cancelled; the rest open', () => {
  expect(d24Status('COMPLETED')).toBe('completed');
  expect(['CANCELLED', 'EXPIRED', 'DECLINED'].map(d24Status)).toEqual(['canceled', 'canceled', 'canceled']);
  expect(['CREATED', 'PENDING', 'APPROVED', 'SOMETHING_NEW'].map(d24Status)).toEqual(['open', 'open', 'open', 'open']);
  // the documented example: "D24 " and 64 hex digits
  expect(d24Authorization('secret', '2020-06-21T12:33:20Z', 'login', '')).toMatch(/^D24 [0-9a-f]{64}$/);
  expect(d24Date(new Date('2020-06-21T12:33:20.123Z'))).toBe('2020-06-21T12:33:20Z');
});

test('a deposit in another currency is read in that currency; D24 unreachable is PaymentsUnavailableError', async () => {
  const orderId = newOrder();
  const made = await gateway.createRedirectSession(input(orderId, 8000, 'BRL'), `${orderId}:redirect`);
  expect(await gateway.getRedirectSession({ sessionId: made.sessionId, provider: 'directa24', orderId })).toMatchObject({ amountMinor: 8000, currency: 'BRL' });
  const down = createD24Client({ url: 'http://127.0.0.1:9', apiKey: 'k', apiSignature: 's', notificationUrl: null });
  await expect(down.details({ sessionId: '1', provider: 'directa24', orderId })).rejects.toThrow(PaymentsUnavailableError);
});
