// Payssion's API as the sandbox serves it, over a real socket: signed form posts, the hosted page, the signed
// notification to the merchant's notify URL (retried while refused), details and refunds.
import type { PaymentsSandbox } from '../server';
import { startTestSandbox, startWebhookReceiver, type WebhookReceiver } from '../testing/testSandbox';
import { DEFAULT_PAYSSION } from './payssionApi';
import { payssionSignature, SIGNED_FIELDS } from './payssionProtocol';

let sandbox: PaymentsSandbox;
let receiver: WebhookReceiver;
const { apiKey, secretKey } = DEFAULT_PAYSSION;
let orders = 0;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startTestSandbox({ payssion: { ...DEFAULT_PAYSSION, notifyUrl: receiver.url } });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer(() => 200);
});

/** A signed call: api_key added, api_sig over the call's fields. */
async function call(path: string, fields: Record<string, string>, signed: readonly string[], secret = secretKey) {
  const form: Record<string, string> = { api_key: apiKey, ...fields };
  form.api_sig = payssionSignature([...signed.map((name) => form[name] ?? ''), secret]);
  const response = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
  expect(response.status).toBe(200);
  return (await response.json()) as { result_code: number; description?: string; redirect_url?: string; transaction?: Record<string, string>; refund?: Record<string, string> };
}

const create = (fields: Partial<Record<string, string>> = {}, secret?: string) =>
  call(
    '/api/v1/payment/create',
    { pm_id: 'gcash_ph', amount: '12.50', currency: 'PHP', order_id: `order-${++orders}`, description: 'True Supporter', return_url: 'http://127.0.0.1:4999/checkout/return', ...fields } as Record<string, string>,
    SIGNED_FIELDS.create,
    secret,
  );
const details = (transaction: Record<string, string>) =>
  call('/api/v1/payment/getDetail', { transaction_id: transaction.transaction_id ?? '', order_id: transaction.order_id ?? '' }, SIGNED_FIELDS.details);
const refund = (transactionId: string, amount: string, currency = 'PHP') => call('/api/v1/refunds', { transaction_id: transactionId, amount, currency }, SIGNED_FIELDS.refund);
const choose = (url: string, choice: 'pay' | 'cancel') => fetch(`${url}/${choice}`, { method: 'POST', redirect: 'manual' });

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
};

it('creates a payment, sends the payer to its page, announces it paid with a valid notify_sig, and shows it completed', async () => {
  const made = await create();
  expect(made).toMatchObject({ result_code: 200, transaction: { state: 'pending', amount: '12.50', currency: 'PHP', pm_id: 'gcash_ph' } });
  const page = await fetch(made.redirect_url ?? '');
  expect(await page.text()).toContain('₱12.50');

  const back = await choose(made.redirect_url ?? '', 'pay');
  expect([back.status, back.headers.get('location')]).toEqual([303, 'http://127.0.0.1:4999/checkout/return']);
  await until(() => receiver.received.length === 1);
  const notice = Object.fromEntries(new URLSearchParams(receiver.received[0]!.rawBody));
  expect(notice).toMatchObject({ transaction_id: made.transaction?.transaction_id, order_id: made.transaction?.order_id, state: 'completed', amount: '12.50', paid: '12.50', currency: 'PHP' });
  expect(notice.notify_sig).toBe(payssionSignature([apiKey, 'gcash_ph', '12.50', 'PHP', notice.order_id ?? '', 'completed', secretKey]));
  expect((await details(made.transaction ?? {})).transaction).toMatchObject({ state: 'completed', paid: '12.50' });
});

it('retries a notification the notify URL refuses until it is taken', async () => {
  let refusals = 2;
  receiver.answer(() => (refusals-- > 0 ? 500 : 200));
  const made = await create({ pm_id: 'sbp_ru', currency: 'RUB', amount: '990.00' });
  await choose(made.redirect_url ?? '', 'cancel');
  const record = () => sandbox.payssionNotifications.find((n) => n.transaction_id === made.transaction?.transaction_id);
  // the sandbox records an attempt once its answer is read, after the receiver has answered it
  await until(() => record()?.delivered === true);
  expect(record()).toMatchObject({ state: 'cancelled', attempts: [500, 500, 200], delivered: true });
  expect(receiver.received).toHaveLength(3);
});

it('refunds a completed payment in part and then in full; refuses more, and an open one', async () => {
  const made = await create();
  const id = made.transaction?.transaction_id ?? '';
  expect(await refund(id, '12.50')).toMatchObject({ result_code: 412 });
  await choose(made.redirect_url ?? '', 'pay');
  expect(await refund(id, '2.50')).toMatchObject({ result_code: 200, refund: { amount: '2.50' }, transaction: { state: 'completed', refunded: '2.50' } });
  expect(await refund(id, '10.01')).toMatchObject({ result_code: 407 });
  expect(await refund(id, '10.00', 'USD')).toMatchObject({ result_code: 406 });
  expect(await refund(id, '10.00')).toMatchObject({ result_code: 200, transaction: { state: 'refunded' } });
  expect(await refund(id, '1.00')).toMatchObject({ result_code: 412 });
});

it('answers the same order again with its payment, and refuses what Payssion refuses', async () => {
  const made = await create({ order_id: 'order-replayed' });
  expect((await create({ order_id: 'order-replayed' })).transaction?.transaction_id).toBe(made.transaction?.transaction_id);
  expect(await create({ order_id: 'order-replayed', amount: '13.00' })).toMatchObject({ result_code: 400, description: 'order_id is already used' });
  expect(await create({}, 'wrong-secret')).toMatchObject({ result_code: 402, description: 'Invalid api signature' });
  expect(await create({ pm_id: 'alipay_cn' })).toMatchObject({ result_code: 405 });
  expect(await create({ amount: '12.505' })).toMatchObject({ result_code: 407 });
  expect(await create({ currency: 'XYZ' })).toMatchObject({ result_code: 406 });
  expect(await create({ return_url: 'javascript:alert(1)' })).toMatchObject({ result_code: 409 });
  expect(await details({ transaction_id: made.transaction?.transaction_id ?? '', order_id: 'another-order' })).toMatchObject({ result_code: 412 });
  // Not an object of the Stripe-shaped API.
  const stripeShaped = await fetch(`${sandbox.url}/v1/redirect_sessions/${made.transaction?.transaction_id}`, { headers: { authorization: 'Bearer sk_test_sandbox_tests_1' } });
  expect(stripeShaped.status).toBe(404);
});
