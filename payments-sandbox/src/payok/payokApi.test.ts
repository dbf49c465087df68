// PayOK as the sandbox serves it, over a real socket: the merchant's signed link (checked as PayOK checks it, a bad one
// refused) onto the shared hosted page, the signed notification of a paid payment to the shop's notify URL (retried
// until it answers OK), and the transaction read of /api/transaction.
import type { PaymentsSandbox } from '../server';
import { withProviderSandbox, type WebhookReceiver } from '../testing/testSandbox';
import { DEFAULT_PAYOK } from './payokApi';
import { linkSignature, notificationSignature, TRANSACTION_STATUS } from './payokProtocol';

let sandbox: PaymentsSandbox;
let merchantSetting: WebhookReceiver;
let payments = 0;
const { shopId, secretKey, apiId, apiKey } = DEFAULT_PAYOK;
const SUCCESS_URL = 'http://127.0.0.1:4999/checkout/success';

withProviderSandbox(
  (url) => ({ payok: { ...DEFAULT_PAYOK, notifyUrl: url } }),
  (rig) => ({ sandbox, merchantSetting } = rig),
);
// the merchant takes a notification by answering OK
beforeEach(() => merchantSetting.answer(() => ({ status: 200, body: 'OK' })));

/** The merchant's link, signed with `secret` (the shop's), `fields` over a new payment's. */
function linkOf(fields: Record<string, string> = {}, secret = secretKey): { url: string; fields: Record<string, string> } {
  const all = { amount: '15.00', payment: `order-${++payments}`, shop: shopId, desc: 'Fable basic_1m', currency: 'USD', ...fields };
  const signed = { sign: linkSignature(secret, all), email: 'ada@example.com', success_url: SUCCESS_URL, ...all };
  return { url: `${sandbox.url}/pay?${new URLSearchParams(signed).toString()}`, fields: signed };
}
/** Opens a link: where the sandbox sends the payer (the hosted page), or its refusal. */
async function open(url: string) {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}
const choose = (page: string, choice: 'pay' | 'cancel') => fetch(`${page}/${choice}`, { method: 'POST', redirect: 'manual' });
const until = async (done: () => boolean) => {
  for (let i = 0; i < 300 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
};
async function transactions(fields: Record<string, string>) {
  const response = await fetch(`${sandbox.url}/api/transaction`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ API_ID: apiId, API_KEY: apiKey, shop: shopId, ...fields }).toString(),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

it('opens a signed link on the hosted page; paid, it is notified signed the other way round, answered OK, and read back as status 1', async () => {
  const { url, fields } = linkOf();
  const opened = await open(url);
  expect(opened.status).toBe(303);
  const page = opened.location as string;
  expect(page).toMatch(new RegExp(`^${sandbox.url}/pay/payok_\\d+$`));
  expect(await (await fetch(page)).text()).toContain('$15.00');
  // the same link again: the same payment; not read as paid yet
  expect((await open(url)).location).toBe(page);
  expect(await transactions({ payment: fields.payment as string })).toMatchObject({ status: 'success', 1: { payment_id: fields.payment, transaction_status: TRANSACTION_STATUS.waiting } });

  const back = await choose(page, 'pay');
  expect([back.status, back.headers.get('location')]).toEqual([303, SUCCESS_URL]);
  const sent = () => sandbox.payok.notifications.find((n) => n.payment_id === fields.payment);
  await until(() => sent()?.delivered === true);
  expect(sent()?.attempts).toEqual([200]);
  const mine = merchantSetting.received.filter((r) => r.rawBody === sent()?.rawBody);
  expect(mine).toHaveLength(1);
  expect(mine[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  const form = Object.fromEntries(new URLSearchParams(mine[0]?.rawBody));
  expect(form).toMatchObject({ payment_id: fields.payment, shop: shopId, amount: '15.00', profit: '14.48', desc: 'Fable basic_1m', currency: 'USD', email: 'ada@example.com', method: 'cd' });
  expect(form.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(form.sign).toBe(notificationSignature(secretKey, { desc: 'Fable basic_1m', currency: 'USD', shop: shopId, payment_id: fields.payment as string, amount: '15.00' }));

  const read = await transactions({ payment: fields.payment as string });
  expect(read).toMatchObject({
    status: 'success',
    1: { payment_id: fields.payment, amount: '15.00', currency: 'USD', amount_profit: '14.48', description: 'Fable basic_1m', transaction_status: TRANSACTION_STATUS.paid, webhook_status: '1' },
  });
  expect((read[1] as { transaction: string }).transaction).toBe(page.split('_').pop());
  // paid: the link shows the payment finished, and is not paid twice
  expect(await (await fetch((await open(url)).location as string)).text()).toContain('already completed');
});

it('retries a notification until the merchant answers 2xx with OK: a 500 and a 200 saying something else are not taken', async () => {
  const { url, fields } = linkOf();
  const answers = [{ status: 500, body: 'down' }, { status: 200, body: '{"received":true}' }];
  merchantSetting.answer((body) => (body.includes(`payment_id=${fields.payment}&`) ? (answers.shift() ?? { status: 200, body: 'OK' }) : { status: 200, body: 'OK' }));
  await choose((await open(url)).location as string, 'pay');
  const sent = () => sandbox.payok.notifications.find((n) => n.payment_id === fields.payment);
  await until(() => sent()?.delivered === true);
  expect(sent()?.attempts).toEqual([500, 200, 200]);
  const mine = merchantSetting.received.filter((r) => r.rawBody === sent()?.rawBody);
  expect(mine.map((r) => r.status)).toEqual([500, 200, 200]);
  expect((await transactions({ payment: fields.payment as string }))[1]).toMatchObject({ webhook_status: '1', webhook_amount: '3' });
});

it('sends a payer who cancels back to success_url, notifies nothing (PayOK notifies paid payments only) and reads the payment failed', async () => {
  const { url, fields } = linkOf();
  const back = await choose((await open(url)).location as string, 'cancel');
  expect(back.headers.get('location')).toBe(SUCCESS_URL);
  expect((await transactions({ payment: fields.payment as string }))[1]).toMatchObject({ transaction_status: TRANSACTION_STATUS.failed });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(sandbox.payok.notifications.find((n) => n.payment_id === fields.payment)).toBeUndefined();
});

it('refuses a link whose sign does not verify, and one PayOK would not take, with a page and no payment', async () => {
  const refused = async (url: string) => {
    const answer = await open(url);
    return [answer.status, /role="alert">([^<]*)</.exec(answer.text)?.[1]];
  };
  const made = sandbox.state.redirectSessions.size;
  expect(await refused(linkOf({}, 'not-the-secret-key').url)).toEqual([400, 'Invalid signature']);
  // a field changed after signing
  const { url } = linkOf();
  expect(await refused(url.replace('amount=15.00', 'amount=0.01'))).toEqual([400, 'Invalid signature']);
  const unsigned = new URL(url);
  unsigned.searchParams.delete('sign');
  expect(await refused(unsigned.toString())).toEqual([400, 'The payment link lacks sign']);
  expect(await refused(linkOf({ shop: '999' }).url)).toEqual([400, 'Shop not found']);
  expect(await refused(linkOf({ currency: 'GBP' }).url)).toEqual([400, 'currency must be one of RUB, UAH, USD, EUR']);
  expect(await refused(linkOf({ amount: '15.001' }).url)).toEqual([400, 'amount must be a positive amount with at most two decimals']);
  expect(await refused(linkOf({ payment: '0123456789abcdef0' }).url)).toEqual([400, 'payment must be 1 to 16 characters: letters, digits, - and _']);
  expect(await refused(linkOf({ desc: '' }).url)).toEqual([400, 'The payment link lacks desc']);
  expect(sandbox.state.redirectSessions.size).toBe(made);
  // a payment id used before, for another amount
  const first = linkOf();
  expect((await open(first.url)).status).toBe(303);
  expect(await refused(linkOf({ payment: first.fields.payment as string, amount: '16.00' }).url)).toEqual([400, `payment ${first.fields.payment} is already used for another amount, currency or description`]);
  // the link POSTed as a form is taken as well
  const posted = linkOf();
  const form = await fetch(`${sandbox.url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(posted.fields).toString(), redirect: 'manual' });
  expect([form.status, form.headers.get('location')]).toEqual([303, expect.stringMatching(/\/pay\/payok_\d+$/)]);
});

it('reads transactions with API_ID and API_KEY only, for its shop; a payment never opened has none (error 10)', async () => {
  const refusal = (body: Record<string, unknown>) => [body.status, body.error_code, body.text];
  expect(refusal(await transactions({ API_KEY: 'someone_else' }))).toEqual(['error', '1', 'Invalid API_ID or API_KEY']);
  expect(refusal(await transactions({ shop: '999' }))).toEqual(['error', '2', 'Shop not found']);
  expect(refusal(await transactions({ payment: 'never-opened' }))).toEqual(['error', '10', 'No transactions']);
  // the list: newest first, 100 from offset
  const a = linkOf();
  const b = linkOf();
  await open(a.url);
  await open(b.url);
  const listed = await transactions({});
  expect([(listed[1] as { payment_id: string }).payment_id, (listed[2] as { payment_id: string }).payment_id]).toEqual([b.fields.payment, a.fields.payment]);
  expect(refusal(await transactions({ offset: '100000' }))).toEqual(['error', '10', 'No transactions']);
  // not an object of the Stripe-shaped API
  const page = (await open(a.url)).location as string;
  const stripeShaped = await fetch(`${sandbox.url}/v1/redirect_sessions/${page.split('/').pop()}`, { headers: { authorization: 'Bearer sk_test_sandbox_tests_1' } });
  expect(stripeShaped.status).toBe(404);
});
