// Directa24's Deposits API v3 as the sandbox serves it, over a real socket: signed calls (refused in D24's error shape
// when the signature, API Key or headers are wrong), the hosted page, the `{ deposit_id }` notification to the
// deposit's notification_url or the Merchant Panel's (retried while refused), refunds.
import type { PaymentsSandbox } from '../server';
import { withProviderSandbox, type WebhookReceiver } from '../testing/testSandbox';
import { DEFAULT_D24 } from './d24Api';
import { d24Authorization } from './d24Protocol';

let sandbox: PaymentsSandbox;
let receiver: WebhookReceiver;
let merchantSetting: WebhookReceiver;
let invoices = 0;

withProviderSandbox(
  (url) => ({ directa24: { ...DEFAULT_D24, notificationUrl: url } }),
  (rig) => ({ sandbox, receiver, merchantSetting } = rig),
);

/** A call as D24 documents it: X-Date, X-Login and Authorization over the raw body ("" for a GET). */
async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}, apiSignature = DEFAULT_D24.apiSignature) {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const xDate = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: {
      'x-date': xDate,
      'x-login': DEFAULT_D24.apiKey,
      authorization: d24Authorization(apiSignature, xDate, DEFAULT_D24.apiKey, raw),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : raw,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const deposit = (fields: Record<string, unknown> = {}) => ({
  invoice_id: `order-${++invoices}`,
  amount: 15,
  currency: 'USD',
  country: 'BR',
  payer: { id: 'user-1', email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  back_url: 'http://127.0.0.1:4999/checkout?cancelled=1',
  success_url: 'http://127.0.0.1:4999/checkout/success',
  error_url: 'http://127.0.0.1:4999/checkout?failed=1',
  notification_url: receiver.url,
  ...fields,
});
const choose = (url: string, choice: 'pay' | 'cancel') => fetch(`${url}/${choice}`, { method: 'POST', redirect: 'manual' });
const until = async (done: () => boolean) => {
  for (let i = 0; i < 300 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
};

it('creates a deposit on its hosted page, shows it PENDING then COMPLETED, notifies { deposit_id } and sends the payer to success_url', async () => {
  const made = await call('POST', '/v3/deposits', deposit());
  expect(made).toEqual({ status: 200, body: { checkout_type: 'HOSTED', redirect_url: expect.stringMatching(/\/pay\/\d+$/), deposit_id: expect.any(Number), user_id: 'user-1', merchant_invoice_id: `order-${invoices}` } });
  const id = made.body.deposit_id as number;
  expect((await call('GET', `/v3/deposits/${id}`)).body).toMatchObject({ deposit_id: id, invoice_id: `order-${invoices}`, country: 'BR', currency: 'USD', local_amount: 15, usd_amount: 15, status: 'PENDING', refunded: false });
  expect((await fetch(made.body.redirect_url as string)).status).toBe(200);
  const back = await choose(made.body.redirect_url as string, 'pay');
  expect(back.headers.get('location')).toBe('http://127.0.0.1:4999/checkout/success');
  expect((await call('GET', `/v3/deposits/${id}`)).body).toMatchObject({ status: 'COMPLETED' });
  // Delivered once the merchant's answer is back (the receiver holds the request a moment before that).
  const sent = () => sandbox.directa24.notifications.find((n) => n.deposit_id === id);
  await until(() => sent()?.delivered === true);
  expect(receiver.received).toHaveLength(1);
  expect(JSON.parse(receiver.received[0]?.rawBody ?? '')).toEqual({ deposit_id: id });
  expect(sent()).toMatchObject({ status: 'COMPLETED', attempts: [200], delivered: true });
});

it('retries a notification the merchant refuses until it is taken; a cancelled deposit is CANCELLED and goes to error_url; without notification_url, the Merchant Panel’s', async () => {
  let refusals = 2;
  receiver.answer(() => (refusals-- > 0 ? 500 : 200));
  const made = await call('POST', '/v3/deposits', deposit());
  const back = await choose(made.body.redirect_url as string, 'cancel');
  expect(back.headers.get('location')).toBe('http://127.0.0.1:4999/checkout?failed=1');
  const sent = () => sandbox.directa24.notifications.find((n) => n.deposit_id === made.body.deposit_id);
  await until(() => sent()?.delivered === true);
  expect(sent()).toMatchObject({ status: 'CANCELLED', attempts: [500, 500, 200], delivered: true });
  expect(new Set(receiver.received.map((r) => r.rawBody)).size).toBe(1);

  const merchants = await call('POST', '/v3/deposits', deposit({ notification_url: undefined }));
  await choose(merchants.body.redirect_url as string, 'pay');
  await until(() => merchantSetting.received.length === 1);
});

it('refuses a call whose signature, API Key or headers are wrong, in D24’s { code, description, type }', async () => {
  expect(await call('POST', '/v3/deposits', deposit(), {}, 'not-the-api-signature')).toEqual({ status: 400, body: { code: 102, description: 'Invalid signature', type: 'INVALID_SIGNATURE' } });
  expect(await call('GET', '/v3/deposits/300000001', undefined, { 'x-login': 'someone_else' })).toEqual({ status: 401, body: { code: 100, description: 'Invalid Credentials', type: 'INVALID_CREDENTIALS' } });
  expect(await call('GET', '/v3/deposits/300000001', undefined, { 'x-date': 'yesterday' })).toEqual({
    status: 400,
    body: { code: 101, description: 'Missing or invalid format for required header X-Date', type: 'MISSING_REQUIRED_HEADER' },
  });
  expect((await call('GET', '/v3/deposits/1')).body).toEqual({ code: 208, description: 'Resource not found', type: 'RESOURCE_NOT_FOUND' });
  expect((await call('POST', '/v3/deposits', deposit({ currency: 'XYZ' }))).body).toMatchObject({ code: 202, type: 'INVALID_REQUEST_BODY', description: 'Invalid request body: currency must be a supported ISO 4217 code' });
});

it('replays a POST with the same X-Idempotency-Key and refuses the key for another request (104)', async () => {
  const body = deposit();
  const first = await call('POST', '/v3/deposits', body, { 'x-idempotency-key': `key-${invoices}` });
  expect(await call('POST', '/v3/deposits', body, { 'x-idempotency-key': `key-${invoices}` })).toEqual(first);
  expect(await call('POST', '/v3/deposits', { ...body, amount: 16 }, { 'x-idempotency-key': `key-${invoices}` })).toEqual({
    status: 400,
    body: { code: 104, description: `Idempotency key key-${invoices} has been already used`, type: 'IDEMPOTENCY_KEY_ALREADY_USED' },
  });
});

it('refunds a completed deposit in parts up to its amount, and shows each refund', async () => {
  const made = await call('POST', '/v3/deposits', deposit());
  const id = made.body.deposit_id as number;
  const invoice = made.body.merchant_invoice_id as string;
  expect(await call('POST', '/v3/refunds', { deposit_id: id, invoice_id: invoice })).toEqual({ status: 400, body: { code: 800, description: 'Only a completed deposit can be refunded', type: 'DEPOSIT_NOT_COMPLETED' } });
  await choose(made.body.redirect_url as string, 'pay');
  expect((await call('POST', '/v3/refunds', { deposit_id: id, invoice_id: 'another' })).body).toMatchObject({ code: 208 });
  const part = await call('POST', '/v3/refunds', { deposit_id: id, invoice_id: invoice, amount: 5, comments: 'part' });
  expect(part).toEqual({ status: 200, body: { refund_id: expect.any(Number) } });
  expect((await call('GET', `/v3/refunds/${part.body.refund_id as number}`)).body).toMatchObject({ deposit_id: id, merchant_invoice_id: invoice, amount: 5, currency: 'USD', status: 'COMPLETED', comments: 'part' });
  expect((await call('POST', '/v3/refunds', { deposit_id: id, invoice_id: invoice, amount: 10.01 })).body).toMatchObject({ code: 802, type: 'INVALID_AMOUNT_TO_REFUND' });
  expect((await call('GET', `/v3/deposits/${id}`)).body).toMatchObject({ status: 'COMPLETED', refunded: false });
  expect((await call('POST', '/v3/refunds', { deposit_id: id, invoice_id: invoice, amount: 10 })).status).toBe(200);
  expect((await call('GET', `/v3/deposits/${id}`)).body).toMatchObject({ status: 'COMPLETED', refunded: true });
});
