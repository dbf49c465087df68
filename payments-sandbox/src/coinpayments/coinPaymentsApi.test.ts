// CoinPayments' legacy API as the sandbox serves it, over a real socket: HMAC-signed form posts to /api.php, the
// checkout page, the signed IPN to the payment's ipn_url or the merchant's (retried while refused), get_tx_info.
import type { PaymentsSandbox } from '../server';
import { withProviderSandbox, type WebhookReceiver } from '../testing/testSandbox';
import { DEFAULT_COINPAYMENTS } from './coinPaymentsApi';
import { coinPaymentsHmac, ERRORS } from './coinPaymentsProtocol';

let sandbox: PaymentsSandbox;
let receiver: WebhookReceiver;
let merchantSetting: WebhookReceiver;
const { publicKey, privateKey, ipnSecret, merchantId } = DEFAULT_COINPAYMENTS;
let invoices = 0;

withProviderSandbox(
  (url) => ({ coinpayments: { ...DEFAULT_COINPAYMENTS, ipnUrl: url } }),
  (rig) => ({ sandbox, receiver, merchantSetting } = rig),
);

type Answer = { error: string; result: Record<string, unknown> & { checkout?: Record<string, unknown> } };

/** A call as CoinPayments' clients make it: version, key, cmd, format, then the HMAC of the exact body. */
async function call(cmd: string, fields: Record<string, string>, options: { secret?: string; key?: string; hmac?: string | null } = {}): Promise<Answer> {
  const body = new URLSearchParams({ version: '1', key: options.key ?? publicKey, cmd, format: 'json', ...fields }).toString();
  const hmac = options.hmac === undefined ? coinPaymentsHmac(options.secret ?? privateKey, body) : options.hmac;
  const response = await fetch(`${sandbox.url}/api.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(hmac === null ? {} : { hmac }) },
    body,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}

const create = (fields: Record<string, string> = {}, options = {}) =>
  call(
    'create_transaction',
    {
      amount: '15.00',
      currency1: 'USD',
      currency2: 'LTCT',
      buyer_email: 'ada@example.com',
      item_name: 'Fable basic_1m',
      invoice: `order-${++invoices}`,
      custom: 'user-1',
      ipn_url: receiver.url,
      success_url: 'http://127.0.0.1:4999/checkout/success',
      cancel_url: 'http://127.0.0.1:4999/checkout?cancelled=1',
      ...fields,
    },
    options,
  );
const choose = (url: string, choice: 'pay' | 'cancel') => fetch(`${url}/${choice}`, { method: 'POST', redirect: 'manual' });
const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
};

it('creates a payment, shows its checkout page, announces it complete with an IPN signed with the IPN secret', async () => {
  const made = await create();
  expect(made).toMatchObject({ error: 'ok', result: { txn_id: expect.stringMatching(/^CP[A-Z0-9]+$/), amount: '0.15000000', confirms_needed: '2' } });
  const url = made.result.checkout_url as string;
  expect(url).toBe(`${sandbox.url}/pay/${made.result.txn_id}`);
  const page = await (await fetch(url)).text();
  expect(page).toContain('$15.00');
  expect(page).toContain('0.15000000 LTCT');

  const back = await choose(url, 'pay');
  expect([back.status, back.headers.get('location')]).toEqual([303, 'http://127.0.0.1:4999/checkout/success']);
  await until(() => receiver.received.length === 1);
  const { rawBody, headers } = receiver.received[0]!;
  expect(headers.hmac).toBe(coinPaymentsHmac(ipnSecret, rawBody));
  expect(Object.fromEntries(new URLSearchParams(rawBody))).toMatchObject({
    ipn_version: '1.0',
    ipn_type: 'api',
    ipn_mode: 'hmac',
    merchant: merchantId,
    txn_id: made.result.txn_id,
    status: '100',
    status_text: 'Complete',
    currency1: 'USD',
    amount1: '15.00',
    currency2: 'LTCT',
    invoice: `order-${invoices}`,
    custom: 'user-1',
    email: 'ada@example.com',
  });
  // the payment's ipn_url, not the merchant's setting
  expect(merchantSetting.received).toHaveLength(0);

  const info = await call('get_tx_info', { txid: made.result.txn_id as string, full: '1' });
  expect(info).toMatchObject({ error: 'ok', result: { status: 100, status_text: 'Complete', coin: 'LTCT', checkout: { currency: 'USD', amountf: '15.00', invoice: `order-${invoices}`, custom: 'user-1' } } });
});

it('retries an IPN the merchant refuses until it is taken; a cancelled payment is status -1, back to cancel_url', async () => {
  let refusals = 2;
  receiver.answer(() => (refusals-- > 0 ? 500 : 200));
  const made = await create();
  const back = await choose(made.result.checkout_url as string, 'cancel');
  expect(back.headers.get('location')).toBe('http://127.0.0.1:4999/checkout?cancelled=1');
  const ipn = () => sandbox.coinPaymentsIpns.find((n) => n.txn_id === made.result.txn_id);
  await until(() => ipn()?.delivered === true);
  expect(ipn()).toMatchObject({ status: -1, form: { status_text: 'Cancelled / Timed Out' }, attempts: [500, 500, 200], delivered: true });
  expect(receiver.received).toHaveLength(3);
  // the same IPN each time (a duplicate for the merchant to take once)
  expect(new Set(receiver.received.map((r) => r.rawBody)).size).toBe(1);
});

it('sends the IPN of a payment made without ipn_url to the merchant settings’ IPN URL', async () => {
  const made = await create({ ipn_url: '' });
  await choose(made.result.checkout_url as string, 'pay');
  await until(() => merchantSetting.received.length === 1);
  expect(receiver.received).toHaveLength(0);
});

it('refuses a call whose HMAC does not match, or without one, in CoinPayments’ words; and what CoinPayments refuses', async () => {
  expect(await create({}, { secret: 'not-the-private-key' })).toEqual({ error: ERRORS.badHmac, result: [] });
  expect(await create({}, { hmac: null })).toEqual({ error: ERRORS.noHmac, result: [] });
  expect(await create({}, { key: 'another_public_key' })).toEqual({ error: ERRORS.badKey, result: [] });
  expect((await call('rates', {})).error).toBe(ERRORS.badCommand);
  expect((await create({ amount: '15.005' })).error).toBe(ERRORS.badAmount);
  expect((await create({ currency1: 'XYZ' })).error).toBe(ERRORS.badCurrency1);
  expect((await create({ currency2: 'DOGE' })).error).toBe(ERRORS.badCurrency2);
  expect((await create({ buyer_email: '' })).error).toBe(ERRORS.noEmail);
  expect((await create({ success_url: 'javascript:alert(1)' })).error).toBe(ERRORS.badUrl);
  expect((await call('get_tx_info', { txid: 'CPNOTATHING' })).error).toBe(ERRORS.badTxid);
  // a tampered body no longer matches its HMAC
  const body = new URLSearchParams({ version: '1', key: publicKey, cmd: 'get_tx_info', format: 'json', txid: 'CPX' }).toString();
  const tampered = await fetch(`${sandbox.url}/api.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', hmac: coinPaymentsHmac(privateKey, body) },
    body: `${body}&full=1`,
  });
  expect(await tampered.json()).toEqual({ error: ERRORS.badHmac, result: [] });
  // Not an object of the Stripe-shaped API.
  const made = await create();
  const stripeShaped = await fetch(`${sandbox.url}/v1/redirect_sessions/${made.result.txn_id}`, { headers: { authorization: 'Bearer sk_test_sandbox_tests_1' } });
  expect(stripeShaped.status).toBe(404);
});
