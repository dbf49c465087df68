// UpGate's API as the sandbox serves it, over a real socket: calls with X-Api-Key (refused in UpGate's
// `{ errors: [{ error_code, error_message }] }` when wrong), the hosted page, the signed postback of each transaction to
// the merchant account's callback URL (retried while refused), the transaction list, refunds, X-Idempotency-Key.
import type { PaymentsSandbox } from '../server';
import { withProviderSandbox, type WebhookReceiver } from '../testing/testSandbox';
import { DEFAULT_UPGATE } from './upgateApi';
import { upgateSignature } from './upgateProtocol';

let sandbox: PaymentsSandbox;
let merchantSetting: WebhookReceiver;
let orders = 0;

withProviderSandbox(
  (url) => ({ upgate: { ...DEFAULT_UPGATE, postbackUrl: url } }),
  (rig) => ({ sandbox, merchantSetting } = rig),
);

async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { 'x-api-key': DEFAULT_UPGATE.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { data?: unknown } };
}
const checkout = (fields: Record<string, unknown> = {}) => ({
  payment_data: { type: 'SALE', merchant_payment_id: `order-${++orders}`, methods: ['KAKAO_PAY'], amount: 15, currency_code: 'USD' },
  customer: { merchant_customer_id: 'user-1', email: 'ada@example.com', country_code: 'KR' },
  callback: { success_url: 'http://127.0.0.1:4999/checkout/success', failure_url: 'http://127.0.0.1:4999/checkout?cancelled=1' },
  products: [{ type: 'SALE', merchant_product_id: 'basic_1m', name: 'Fable basic_1m', price: 15 }],
  ...fields,
});
const choose = (url: string, choice: 'pay' | 'cancel') => fetch(`${url}/${choice}`, { method: 'POST', redirect: 'manual' });
const until = async (done: () => boolean) => {
  for (let i = 0; i < 300 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
};
const redirectOf = (made: { body: Record<string, unknown> }) => (made.body.session as { redirect_url: string }).redirect_url;

it('makes a checkout on its hosted page; paying is a SALE SUCCESS, posted back signed (X-Signature) and listed; the payer goes to success_url', async () => {
  const made = await call('POST', '/v1/checkout', checkout());
  expect(made.status).toBe(200);
  expect(made.body).toMatchObject({ id: expect.stringMatching(/^[0-9A-Z]+$/), session: { redirect_url: expect.stringMatching(/\/pay\/[0-9A-Z]+$/) } });
  const id = made.body.id as string;
  expect(redirectOf(made)).toBe(`${sandbox.url}/pay/${id}`);
  expect((await fetch(redirectOf(made))).status).toBe(200);
  const back = await choose(redirectOf(made), 'pay');
  expect(back.headers.get('location')).toBe('http://127.0.0.1:4999/checkout/success');

  const sent = () => sandbox.upgate.postbacks.find((p) => p.payment_id === id);
  await until(() => sent()?.delivered === true);
  // (another test's postbacks may still arrive: this payment's only)
  const mine = merchantSetting.received.filter((r) => r.rawBody.includes(id));
  expect(mine).toHaveLength(1);
  const { rawBody, headers } = mine[0] as { rawBody: string; headers: Record<string, string | string[] | undefined> };
  expect(headers['x-signature']).toBe(upgateSignature(DEFAULT_UPGATE.secretKey, rawBody));
  expect(JSON.parse(rawBody)).toMatchObject({
    type: 'TRANSACTION',
    data: {
      transaction_type: 'SALE',
      transaction_status: 'SUCCESS',
      response_code: 1000,
      transaction_amount: '15.00',
      transaction_currency_code: 'USD',
      payment: { payment_id: id, merchant_payment_id: `order-${orders}`, merchant_customer_id: 'user-1', payment_method: 'KAKAO_PAY' },
    },
  });
  expect(sent()).toMatchObject({ transaction_type: 'SALE', transaction_status: 'SUCCESS', attempts: [200], delivered: true });

  const listed = await call('GET', '/v1/transaction?transaction_type=SALE&limit=1');
  expect(listed.body).toMatchObject({ type: 'TRANSACTION', data: [{ transaction_id: sent()?.transaction_id, payment: { payment_id: id } }] });
});

it('retries a postback the merchant refuses until it is taken; a cancelled checkout is a SALE DECLINE and goes to failure_url', async () => {
  const made = await call('POST', '/v1/checkout', checkout());
  const id = made.body.id as string;
  let refusals = 2;
  merchantSetting.answer((body) => (body.includes(id) && refusals-- > 0 ? 500 : 200));
  const back = await choose(redirectOf(made), 'cancel');
  expect(back.headers.get('location')).toBe('http://127.0.0.1:4999/checkout?cancelled=1');
  const sent = () => sandbox.upgate.postbacks.find((p) => p.payment_id === made.body.id);
  await until(() => sent()?.delivered === true);
  expect(sent()).toMatchObject({ transaction_type: 'SALE', transaction_status: 'DECLINE', attempts: [500, 500, 200], delivered: true });
  const mine = merchantSetting.received.filter((r) => r.rawBody.includes(id));
  expect(mine.map((r) => r.status)).toEqual([500, 500, 200]);
  expect(new Set(mine.map((r) => r.rawBody)).size).toBe(1);
  expect(JSON.parse(mine[0]?.rawBody ?? '')).toMatchObject({ data: { response_code: 2000, transaction_status: 'DECLINE' } });
});

it('refuses a wrong API key and a field UpGate would refuse, in its { errors: [{ error_code, error_message }] }', async () => {
  expect(await call('POST', '/v1/checkout', checkout(), { 'x-api-key': 'someone_else' })).toEqual({ status: 401, body: { errors: [{ error_code: 'INVALID_REQUEST', error_message: 'Invalid API key' }] } });
  expect((await call('GET', '/v1/transaction', undefined, { 'x-api-key': '' })).status).toBe(401);
  expect(await call('POST', '/v1/checkout', checkout({ callback: { success_url: 'http://127.0.0.1:4999/ok' } }))).toEqual({
    status: 400,
    body: { errors: [{ error_code: 'INVALID_REQUEST_PARAMETER', error_message: 'callback.failure_url: required, an http(s) URL' }] },
  });
  expect((await call('POST', '/v1/checkout', checkout({ products: [] }))).body).toEqual({ errors: [{ error_code: 'INVALID_REQUEST_PARAMETER', error_message: 'products: expected at least 1 product' }] });
  expect((await call('GET', '/v1/transaction?limit=1001')).status).toBe(400);
});

it('refuses any request after the first one with the same X-Idempotency-Key, as UpGate documents', async () => {
  const body = checkout();
  expect((await call('POST', '/v1/checkout', body, { 'x-idempotency-key': `key-${orders}` })).status).toBe(200);
  expect(await call('POST', '/v1/checkout', body, { 'x-idempotency-key': `key-${orders}` })).toEqual({
    status: 400,
    body: { errors: [{ error_code: 'INVALID_REQUEST', error_message: `Duplicate request: X-Idempotency-Key key-${orders} has already been used` }] },
  });
});

it('refunds a successful SALE in parts up to its amount; each refund is a REFUND transaction, posted back', async () => {
  const made = await call('POST', '/v1/checkout', checkout());
  const id = made.body.id as string;
  const saleOf = () => sandbox.upgate.transactions.find((t) => t.payment.payment_id === id && t.transaction_type === 'SALE');
  await choose(redirectOf(made), 'pay');
  const sale = saleOf()?.transaction_id as string;
  expect((await call('POST', '/v1/refund', { transaction_id: 'NOPE' })).body).toEqual({ errors: [{ error_code: 'NOT_FOUND', error_message: 'Transaction not found' }] });
  expect((await call('POST', '/v1/refund', { transaction_id: sale, amount: '5.00' })).status).toBe(400);
  const part = await call('POST', '/v1/refund', { transaction_id: sale, amount: '5.00', currency_code: 'USD', reason: 'part', initiated_by: 'fable' });
  expect(part).toEqual({ status: 200, body: { type: 'REFUND', data: { transaction_id: expect.any(String), reason: 'part', initiated_by: 'fable' } } });
  expect((await call('POST', '/v1/refund', { transaction_id: sale, amount: '10.01', currency_code: 'USD' })).body).toMatchObject({ errors: [{ error_code: 'INVALID_REQUEST_PARAMETER' }] });
  // no amount: the full remaining amount
  expect((await call('POST', '/v1/refund', { transaction_id: sale })).status).toBe(200);
  expect(sandbox.state.redirectSessions.get(id)).toMatchObject({ status: 'refunded', amount_refunded: 1500 });
  expect((await call('POST', '/v1/refund', { transaction_id: sale })).body).toMatchObject({ errors: [{ error_code: 'INVALID_REQUEST_PARAMETER' }] });
  const refunds = sandbox.upgate.transactions.filter((t) => t.payment.payment_id === id && t.transaction_type === 'REFUND');
  expect(refunds.map((t) => t.transaction_amount)).toEqual(['5.00', '10.00']);
  await until(() => sandbox.upgate.postbacks.filter((p) => p.payment_id === id && p.transaction_type === 'REFUND' && p.delivered).length === 2);

  // a declined SALE is not refunded
  const declined = await call('POST', '/v1/checkout', checkout());
  await choose(redirectOf(declined), 'cancel');
  const decline = sandbox.upgate.transactions.find((t) => t.payment.payment_id === declined.body.id)?.transaction_id;
  expect((await call('POST', '/v1/refund', { transaction_id: decline })).body).toEqual({ errors: [{ error_code: 'INVALID_REQUEST', error_message: 'Only a successful SALE transaction can be refunded' }] });
});

it('lists transactions newest first, a page at a time through prev_id', async () => {
  for (let i = 0; i < 3; i++) await choose(redirectOf(await call('POST', '/v1/checkout', checkout())), 'pay');
  const first = await call('GET', '/v1/transaction?transaction_type=SALE&limit=2');
  const page = first.body.data as Array<{ transaction_id: string }>;
  expect(page).toHaveLength(2);
  expect((page[0]?.transaction_id ?? '') > (page[1]?.transaction_id ?? '')).toBe(true);
  const next = (first.body.meta as { next_prev_id: string }).next_prev_id;
  expect(next).toBe(page[1]?.transaction_id);
  const second = await call('GET', `/v1/transaction?transaction_type=SALE&limit=2&prev_id=${next}`);
  expect(((second.body.data as Array<{ transaction_id: string }>)[0]?.transaction_id ?? 'Z') < next).toBe(true);
  // their postbacks taken before the next test
  await until(() => sandbox.upgate.postbacks.every((p) => p.delivered));
});
