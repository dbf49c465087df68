// Overpay's API as the sandbox serves it, over a real socket: calls with the shop's HTTP Basic credentials (refused in
// BeGateway's `{ message, errors }` when wrong), the hosted page, the checkout read, the notification of each
// transaction to the checkout's notification_url (Basic credentials and Content-Signature; retried while refused),
// refunds.
import { generateKeyPairSync, verify } from 'node:crypto';
import type { PaymentsSandbox } from '../server';
import { withProviderSandbox, type WebhookReceiver } from '../testing/testSandbox';
import { DEFAULT_OVERPAY } from './overpayApi';
import { overpayBasicAuth } from './overpayProtocol';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
let sandbox: PaymentsSandbox;
let receiver: WebhookReceiver;
let orders = 0;

withProviderSandbox(
  () => ({ overpay: { ...DEFAULT_OVERPAY, signingKey: keys.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() } }),
  (rig) => ({ sandbox, receiver } = rig),
);

const shop = overpayBasicAuth(DEFAULT_OVERPAY.shopId, DEFAULT_OVERPAY.secretKey);
async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: shop, accept: 'application/json', 'x-api-version': '2', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const checkout = (fields: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) => ({
  checkout: {
    transaction_type: 'payment',
    test: true,
    order: { amount: 1500, currency: 'EUR', description: 'Fable basic_1m', tracking_id: `order-${++orders}` },
    settings: {
      success_url: 'http://127.0.0.1:4999/checkout/success',
      decline_url: 'http://127.0.0.1:4999/checkout?declined=1',
      fail_url: 'http://127.0.0.1:4999/checkout?failed=1',
      cancel_url: 'http://127.0.0.1:4999/checkout?cancelled=1',
      notification_url: receiver.url,
      language: 'en',
      ...settings,
    },
    customer: { email: 'ada@example.com' },
    ...fields,
  },
});
const tokenOf = (made: { body: Record<string, unknown> }) => (made.body.checkout as { token: string }).token;
const redirectOf = (made: { body: Record<string, unknown> }) => (made.body.checkout as { redirect_url: string }).redirect_url;
const choose = (url: string, choice: 'pay' | 'cancel') => fetch(`${url}/${choice}`, { method: 'POST', redirect: 'manual' });
const until = async (done: () => boolean) => {
  for (let i = 0; i < 300 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
};

it('makes a checkout on its hosted page; paying is a payment transaction, notified with the shop’s Basic credentials and Content-Signature; the checkout read shows it', async () => {
  const made = await call('POST', '/ctp/api/checkouts', checkout());
  expect(made.status).toBe(200);
  const token = tokenOf(made);
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  expect(made.body).toEqual({ checkout: { token, redirect_url: `${sandbox.url}/pay/${token}` } });
  expect((await fetch(redirectOf(made))).status).toBe(200);
  expect((await call('GET', `/ctp/api/checkouts/${token}`)).body).toMatchObject({
    checkout: { token, status: 'incomplete', finished: false, expired: false, test: true, order: { amount: 1500, currency: 'EUR', tracking_id: `order-${orders}` }, gateway_response: null },
  });

  const back = await choose(redirectOf(made), 'pay');
  expect(back.headers.get('location')).toBe('http://127.0.0.1:4999/checkout/success');
  const sent = () => sandbox.overpay.notifications.find((n) => n.token === token);
  await until(() => sent()?.delivered === true);
  const mine = receiver.received.filter((r) => r.rawBody.includes(`order-${orders}`));
  expect(mine).toHaveLength(1);
  const { rawBody, headers } = mine[0] as { rawBody: string; headers: Record<string, string | string[] | undefined> };
  expect(headers.authorization).toBe(shop);
  expect(verify('sha256', Buffer.from(rawBody), keys.publicKey, Buffer.from(String(headers['content-signature']), 'base64'))).toBe(true);
  const { transaction } = JSON.parse(rawBody) as { transaction: Record<string, unknown> };
  expect(transaction).toMatchObject({ type: 'payment', status: 'successful', amount: 1500, currency: 'EUR', tracking_id: `order-${orders}`, test: true, uid: sent()?.uid });
  expect(sent()).toMatchObject({ type: 'payment', status: 'successful', attempts: [200], delivered: true });

  expect((await call('GET', `/ctp/api/checkouts/${token}`)).body).toMatchObject({
    checkout: { status: 'successful', finished: true, gateway_response: { payment: { uid: transaction.uid, status: 'successful' } } },
  });
});

it('retries a notification the merchant refuses until it is taken; a cancelled checkout is a failed payment and goes to decline_url', async () => {
  const made = await call('POST', '/ctp/api/checkouts', checkout());
  const tracking = `order-${orders}`;
  let refusals = 2;
  receiver.answer((body) => (body.includes(tracking) && refusals-- > 0 ? 500 : 200));
  const back = await choose(redirectOf(made), 'cancel');
  expect(back.headers.get('location')).toBe('http://127.0.0.1:4999/checkout?declined=1');
  const sent = () => sandbox.overpay.notifications.find((n) => n.token === tokenOf(made));
  await until(() => sent()?.delivered === true);
  expect(sent()).toMatchObject({ type: 'payment', status: 'failed', attempts: [500, 500, 200], delivered: true });
  const mine = receiver.received.filter((r) => r.rawBody.includes(tracking));
  expect(mine.map((r) => r.status)).toEqual([500, 500, 200]);
  expect(new Set(mine.map((r) => r.rawBody)).size).toBe(1);
  expect((await call('GET', `/ctp/api/checkouts/${tokenOf(made)}`)).body).toMatchObject({ checkout: { status: 'failed', finished: true } });
});

it('notifies no one for a checkout without notification_url (Overpay notifies only the URL a checkout names)', async () => {
  const made = await call('POST', '/ctp/api/checkouts', checkout({}, { notification_url: undefined }));
  await choose(redirectOf(made), 'pay');
  expect(sandbox.overpay.transactions.filter((t) => t.tracking_id === `order-${orders}`)).toHaveLength(1);
  expect(sandbox.overpay.notifications.filter((n) => n.token === tokenOf(made))).toEqual([]);
});

it('refuses wrong credentials, a missing X-API-Version, a field Overpay would refuse and an unknown token, in its { message, errors }', async () => {
  const wrong = overpayBasicAuth(DEFAULT_OVERPAY.shopId, 'not-the-secret-key');
  expect(await call('POST', '/ctp/api/checkouts', checkout(), { authorization: wrong })).toEqual({ status: 401, body: { message: 'Unauthorized', errors: {} } });
  expect((await call('GET', '/ctp/api/checkouts/nope', undefined, { authorization: '' })).status).toBe(401);
  expect((await call('POST', '/beyag/transactions/refunds', { request: {} }, { authorization: wrong })).status).toBe(401);
  expect((await call('POST', '/ctp/api/checkouts', checkout(), { 'x-api-version': '1' })).body).toMatchObject({ errors: { 'X-API-Version': ['must be 2'] } });
  expect(await call('POST', '/ctp/api/checkouts', checkout({ order: { amount: 15.5, currency: 'EUR', description: 'x' } }))).toEqual({
    status: 422,
    body: { message: 'checkout.order.amount must be a positive integer in minimal currency units', errors: { 'checkout.order.amount': ['must be a positive integer in minimal currency units'] } },
  });
  expect((await call('POST', '/ctp/api/checkouts', checkout({}, { notification_url: 'ftp://x' }))).body).toMatchObject({ errors: { 'checkout.settings.notification_url': ['must be an http(s) URL'] } });
  expect((await call('POST', '/ctp/api/checkouts', { order: {} })).status).toBe(422);
  expect(await call('GET', '/ctp/api/checkouts/0123')).toEqual({ status: 404, body: { message: 'Checkout not found', errors: {} } });
});

it('refunds a successful payment in parts up to its amount; each refund is a refund transaction, notified with our tracking_id', async () => {
  const made = await call('POST', '/ctp/api/checkouts', checkout());
  const token = tokenOf(made);
  await choose(redirectOf(made), 'pay');
  const payment = (await call('GET', `/ctp/api/checkouts/${token}`)).body as { checkout: { gateway_response: { payment: { uid: string } } } };
  const uid = payment.checkout.gateway_response.payment.uid;
  expect((await call('POST', '/beyag/transactions/refunds', { request: { parent_uid: 'nope', reason: 'r' } })).body).toEqual({ message: 'Parent transaction not found', errors: {} });
  expect((await call('POST', '/beyag/transactions/refunds', { request: { parent_uid: uid } })).body).toMatchObject({ errors: { 'request.reason': ['is required'] } });
  const part = await call('POST', '/beyag/transactions/refunds', { request: { parent_uid: uid, reason: 'part', amount: 500, tracking_id: 'refund-1' } });
  expect(part).toEqual({
    status: 200,
    body: { transaction: expect.objectContaining({ uid: expect.stringMatching(/^\d+-[0-9a-f]{10}$/), parent_uid: uid, type: 'refund', status: 'successful', amount: 500, currency: 'EUR', tracking_id: 'refund-1' }) },
  });
  expect((await call('POST', '/beyag/transactions/refunds', { request: { parent_uid: uid, reason: 'too much', amount: 1001 } })).body).toMatchObject({ errors: { amount: [expect.any(String)] } });
  // no amount: what is left
  expect((await call('POST', '/beyag/transactions/refunds', { request: { parent_uid: uid, reason: 'rest' } })).body).toMatchObject({ transaction: { amount: 1000, tracking_id: `order-${orders}` } });
  expect(sandbox.state.redirectSessions.get(token)).toMatchObject({ status: 'refunded', amount_refunded: 1500 });
  expect((await call('POST', '/beyag/transactions/refunds', { request: { parent_uid: uid, reason: 'again' } })).status).toBe(422);
  await until(() => sandbox.overpay.notifications.filter((n) => n.token === token && n.type === 'refund' && n.delivered).length === 2);
  // the checkout read still shows the payment (its refunds are transactions of their own)
  expect((await call('GET', `/ctp/api/checkouts/${token}`)).body).toMatchObject({ checkout: { status: 'successful', gateway_response: { payment: { uid } } } });

  // a failed payment is not refunded
  const declined = await call('POST', '/ctp/api/checkouts', checkout());
  await choose(redirectOf(declined), 'cancel');
  const failed = sandbox.overpay.transactions.find((t) => t.tracking_id === `order-${orders}`)?.uid;
  expect((await call('POST', '/beyag/transactions/refunds', { request: { parent_uid: failed, reason: 'r' } })).body).toEqual({
    message: 'Only a successful payment transaction can be refunded',
    errors: { parent_uid: ['is not a successful payment'] },
  });
  // their notifications taken before the sandbox closes
  await until(() => sandbox.overpay.notifications.every((n) => n.delivered));
});
