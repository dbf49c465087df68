// Volt's Gateway API as the sandbox serves it, over a real socket: OAuth tokens, Bearer calls, the checkout page, the
// signed notification to the payment's notificationUrl or the merchant's (retried while refused), refunds.
import type { PaymentsSandbox } from '../server';
import { withProviderSandbox, type WebhookReceiver } from '../testing/testSandbox';
import { DEFAULT_VOLT } from './voltApi';
import { ERRORS, voltSignature } from './voltProtocol';

let sandbox: PaymentsSandbox;
let receiver: WebhookReceiver;
let merchantSetting: WebhookReceiver;
let references = 0;

withProviderSandbox(
  (url) => ({ volt: { ...DEFAULT_VOLT, notificationUrl: url } }),
  (rig) => ({ sandbox, receiver, merchantSetting } = rig),
);

const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
const credentials = { grant_type: 'password', client_id: DEFAULT_VOLT.clientId, client_secret: DEFAULT_VOLT.clientSecret, username: DEFAULT_VOLT.username, password: DEFAULT_VOLT.password };
async function token(): Promise<string> {
  const answer = (await (await fetch(`${sandbox.url}/oauth`, form(credentials))).json()) as { access_token: string };
  return answer.access_token;
}
async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${await token()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const payment = (fields: Record<string, unknown> = {}) => ({
  currencyCode: 'EUR',
  amount: 1500,
  type: 'SERVICES',
  uniqueReference: `order${++references}`,
  merchantInternalReference: `order-${references}`,
  payer: { reference: 'user-1', email: 'ada@example.com' },
  paymentSuccessUrl: 'http://127.0.0.1:4999/checkout/success',
  paymentCancelUrl: 'http://127.0.0.1:4999/checkout?cancelled=1',
  notificationUrl: receiver.url,
  ...fields,
});
const choose = (url: string, choice: 'pay' | 'cancel') => fetch(`${url}/${choice}`, { method: 'POST', redirect: 'manual' });
const until = async (done: () => boolean) => {
  for (let i = 0; i < 300 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
};

it('issues tokens for the password and client credentials grants; refuses other clients, users and grants in OAuth’s words', async () => {
  const answer = await fetch(`${sandbox.url}/oauth`, form(credentials));
  expect([answer.status, await answer.json()]).toEqual([200, { access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, refresh_token: expect.any(String) }]);
  expect((await fetch(`${sandbox.url}/oauth`, form({ grant_type: 'client_credentials', client_id: DEFAULT_VOLT.clientId, client_secret: DEFAULT_VOLT.clientSecret }))).status).toBe(200);
  const refused = async (fields: Record<string, string>) => {
    const response = await fetch(`${sandbox.url}/oauth`, form(fields));
    return [response.status, ((await response.json()) as { error: string }).error];
  };
  expect(await refused({ ...credentials, client_secret: 'wrong' })).toEqual([401, 'invalid_client']);
  expect(await refused({ ...credentials, password: 'wrong' })).toEqual([400, 'invalid_grant']);
  expect(await refused({ ...credentials, grant_type: 'authorization_code' })).toEqual([400, 'unsupported_grant_type']);
  // a call without a token Volt issued: 401 in Volt's error shape
  const anonymous = await fetch(`${sandbox.url}/v2/payments`, { method: 'POST', headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' }, body: JSON.stringify(payment()) });
  expect([anonymous.status, await anonymous.json()]).toEqual([401, { exception: { code: 401, message: ERRORS.unauthorized } }]);
});

it('creates a payment, shows its checkout page, announces it COMPLETED with a notification signed with the notification secret', async () => {
  const made = await call('POST', '/v2/payments', payment());
  expect(made).toEqual({ status: 201, body: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), checkoutUrl: `${sandbox.url}/pay/${made.body.id}` } });
  const page = await (await fetch(made.body.checkoutUrl as string)).text();
  expect(page).toContain('Sandbox payment: volt');
  expect(page).toContain('€15.00');

  const back = await choose(made.body.checkoutUrl as string, 'pay');
  const location = new URL(back.headers.get('location') ?? '');
  expect([back.status, `${location.origin}${location.pathname}`]).toEqual([303, 'http://127.0.0.1:4999/checkout/success']);
  expect(JSON.parse(Buffer.from(location.searchParams.get('volt') ?? '', 'base64').toString())).toEqual({ id: made.body.id, uniqueReference: `order${references}`, status: 'COMPLETED' });
  expect(location.searchParams.get('volt-timestamp')).toMatch(/^\d+$/);

  await until(() => receiver.received.length === 1);
  const { rawBody, headers } = receiver.received[0]!;
  expect(headers['user-agent']).toBe('Volt/2.0');
  expect(headers['x-volt-signed']).toBe(voltSignature(DEFAULT_VOLT.notificationSecret, rawBody, headers['x-volt-timed'] as string, '2.0'));
  expect(JSON.parse(rawBody)).toEqual({ payment: made.body.id, reference: `order${references}`, merchantInternalReference: `order-${references}`, amount: 1500, status: 'COMPLETED', detailedStatus: 'COMPLETED' });
  expect(merchantSetting.received).toHaveLength(0);

  expect(await call('GET', `/payments/${made.body.id}`)).toMatchObject({ status: 200, body: { id: made.body.id, currency: 'EUR', amount: 1500, status: 'COMPLETED', merchantInternalReference: `order-${references}`, payer: { reference: 'user-1' } } });
  expect((await call('GET', '/payments/00000000-0000-4000-8000-000000000000')).status).toBe(404);
});

it('retries a notification the merchant refuses until it is taken; a cancelled payment is FAILED / CANCELLED_BY_USER; without a notificationUrl, the merchant’s', async () => {
  let refusals = 2;
  receiver.answer(() => (refusals-- > 0 ? 400 : 200));
  const made = await call('POST', '/v2/payments', payment());
  const back = await choose(made.body.checkoutUrl as string, 'cancel');
  expect(back.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:4999\/checkout\?cancelled=1&volt=/);
  const sent = () => sandbox.volt.notifications.find((n) => n.payment === made.body.id);
  await until(() => sent()?.delivered === true);
  expect(sent()).toMatchObject({ status: 'FAILED', detailedStatus: 'CANCELLED_BY_USER', attempts: [400, 400, 200], delivered: true });
  expect(new Set(receiver.received.map((r) => r.rawBody)).size).toBe(1);

  const merchants = await call('POST', '/v2/payments', payment({ notificationUrl: undefined }));
  await choose(merchants.body.checkoutUrl as string, 'pay');
  await until(() => merchantSetting.received.length === 1);
});

it('refuses what Volt refuses (422 naming the field), a reused idempotency key with another body (403), and replays the same request', async () => {
  const refusal = async (fields: Record<string, unknown>) => {
    const answer = await call('POST', '/v2/payments', payment(fields));
    return [answer.status, (answer.body.exception as { message: string }).message];
  };
  expect(await refusal({ currencyCode: 'XYZ' })).toEqual([422, 'currencyCode: must be a supported ISO 4217 code']);
  expect(await refusal({ amount: 12.5 })).toEqual([422, 'amount: must be a positive integer in minor units']);
  expect(await refusal({ type: 'GIFT' })).toEqual([422, 'type: must be one of BILL, GOODS, PERSON_TO_PERSON, OTHER, SERVICES']);
  expect(await refusal({ uniqueReference: 'has-dashes' })).toEqual([422, 'uniqueReference: must be 1 to 18 letters and digits']);
  expect(await refusal({ payer: {} })).toEqual([422, 'payer: must have a reference']);
  expect(await refusal({ paymentSuccessUrl: 'javascript:alert(1)' })).toEqual([422, 'paymentSuccessUrl: must be an http(s) URL']);
  const key = { 'idempotency-key': '8a1c6f7e-0000-4000-8000-000000000001' };
  const body = payment();
  const first = await call('POST', '/v2/payments', body, key);
  expect(await call('POST', '/v2/payments', body, key)).toEqual(first);
  expect(await call('POST', '/v2/payments', { ...body, amount: 1 }, key)).toEqual({ status: 403, body: { exception: { code: 403, message: ERRORS.reusedKey } } });
});

it('refunds a completed payment in parts up to what was paid; not one still pending', async () => {
  const made = await call('POST', '/v2/payments', payment());
  const id = made.body.id as string;
  expect((await call('POST', `/payments/${id}/request-refund`, {})).body).toEqual({ exception: { code: 422, message: ERRORS.notRefundable } });
  await choose(made.body.checkoutUrl as string, 'pay');
  expect((await call('GET', `/payments/${id}/refund-details`)).body).toMatchObject({ refundAvailable: true, availableAmount: 1500, refundedAmount: 0 });
  expect(await call('POST', `/payments/${id}/request-refund`, { amount: 500, externalReference: 'refund1' })).toEqual({ status: 201, body: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
  expect((await call('POST', `/payments/${id}/request-refund`, { amount: 1001 })).body).toEqual({ exception: { code: 422, message: ERRORS.refundTooLarge } });
  expect((await call('POST', `/payments/${id}/request-refund`, {})).status).toBe(201);
  expect((await call('GET', `/payments/${id}/refund-details`)).body).toMatchObject({ refundAvailable: false, availableAmount: 0, refundedAmount: 1500, numberOfRefunds: 2 });
  expect((await call('GET', `/payments/${id}`)).body).toMatchObject({ status: 'REFUNDED', refundedAmount: 1500 });
  // Not an object of the Stripe-shaped API.
  expect((await fetch(`${sandbox.url}/v1/redirect_sessions/${id}`, { headers: { authorization: 'Bearer sk_test_sandbox_tests_1' } })).status).toBe(404);
});
