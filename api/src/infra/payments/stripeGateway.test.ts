import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { CARDS, startTestPaymentsSandbox, TEST_WEBHOOK_SECRETS, type TestPaymentsSandbox } from '../../testing/paymentsSandbox';
import { PaymentsUnavailableError, WebhookSignatureError, type PaymentsGateway } from './paymentsGateway';
import { createPaymentsGateway, UNUSABLE_CARD_MESSAGE } from './stripeGateway';

// The gateway against the payments sandbox over a real socket: the official SDK, the sandbox's test cards.

let payments: TestPaymentsSandbox;
let gateway: PaymentsGateway;
let run = 0;
const key = (name: string) => `gw-test-${process.pid}-${++run}-${name}`;

beforeAll(async () => {
  payments = await startTestPaymentsSandbox();
  gateway = payments.gateway;
});
afterAll(() => payments.close());

async function customerWithCard(number: string) {
  const { customerId } = await gateway.ensureCustomer({ existingId: null, email: 'payer@example.com', name: 'Payer One', metadata: { user_id: 'u1' } }, key('customer'));
  const token = await payments.cardToken(number);
  const attached = await gateway.attachCard(customerId, token, key('attach'));
  return { customerId, token, attached };
}

const chargeInput = (customerId: string, paymentMethodId: string, amountMinor = 999) => ({
  customerId,
  paymentMethodId,
  amountMinor,
  currency: 'USD',
  description: 'Fable test plan',
  metadata: { user_id: 'u1', order_id: 'order-1' },
  offSession: false,
});

test('publicConfig names the sandbox card fields page with the publishable key and its origin', () => {
  const config = gateway.publicConfig();
  expect(config.provider).toBe('sandbox');
  expect(config.publishableKey).toBe(payments.config.publishableKey);
  expect(config.frameOrigin).toBe(new URL(payments.sandbox.url).origin);
  expect(config.cardFieldsUrl).toBe(`${payments.sandbox.url}/elements/card?key=${payments.config.publishableKey}`);
});

test('an approving card: customer, attached card on file, a charge that succeeds once', async () => {
  const { customerId, attached } = await customerWithCard(CARDS.approves);
  expect(attached).toEqual({ ok: true, card: expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12 }) });
  const customer = payments.sandbox.state.customers.get(customerId);
  expect(customer?.email).toBe('payer@example.com');
  const result = await gateway.charge(chargeInput(customerId, 'ok' in attached ? attached.card.paymentMethodId : ''), key('charge'));
  expect(result).toEqual({ status: 'succeeded', intentId: expect.stringMatching(/^pi_/), chargeId: expect.stringMatching(/^ch_/) });
  if (result.status !== 'succeeded') throw new Error('unreachable');
  expect(await gateway.getCharge(result.intentId)).toEqual(result);
  expect(payments.paidCharges().filter((c) => c.paymentIntent === result.intentId)).toHaveLength(1);
});

test('ensureCustomer with an existing id updates that customer', async () => {
  const { customerId } = await gateway.ensureCustomer({ existingId: null, email: 'old@example.com', name: 'Old', metadata: {} }, key('c1'));
  const again = await gateway.ensureCustomer({ existingId: customerId, email: 'new@example.com', name: 'New Name', metadata: {} }, key('c2'));
  expect(again.customerId).toBe(customerId);
  expect(payments.sandbox.state.customers.get(customerId)).toEqual(expect.objectContaining({ email: 'new@example.com', name: 'New Name' }));
});

test('a declining card fails at attach with Stripe’s code and words', async () => {
  const { attached } = await customerWithCard(CARDS.declines);
  expect(attached).toEqual({ status: 'failed', intentId: null, code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' });
});

test('a token the provider does not know fails at attach (it comes from the browser), not a throw', async () => {
  const { customerId } = await gateway.ensureCustomer({ existingId: null, email: 'x@example.com', name: 'X', metadata: {} }, key('c'));
  expect(await gateway.attachCard(customerId, 'pm_does_not_exist', key('attach'))).toEqual(
    expect.objectContaining({ status: 'failed', intentId: null, message: 'This card could not be used. Please enter it again.' }),
  );
});

test('insufficient funds fails at attach with its decline code', async () => {
  const { attached } = await customerWithCard(CARDS.insufficientFunds);
  expect(attached).toEqual(expect.objectContaining({ status: 'failed', code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' }));
});

test('a card that attaches then fails every charge (0341): failed answer, nothing paid', async () => {
  const { customerId, token, attached } = await customerWithCard(CARDS.attachesThenFails);
  expect(attached).toEqual({ ok: true, card: expect.objectContaining({ last4: '0341' }) });
  const before = payments.paidCharges().length;
  const result = await gateway.charge(chargeInput(customerId, token), key('charge'));
  expect(result).toEqual({ status: 'failed', intentId: expect.stringMatching(/^pi_/), code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' });
  if (result.status !== 'failed' || !result.intentId) throw new Error('unreachable');
  expect(await gateway.getCharge(result.intentId)).toEqual(expect.objectContaining({ status: 'failed', code: 'card_declined' }));
  expect(payments.paidCharges()).toHaveLength(before);
});

test('3-D Secure on session: requires_action with the sandbox page; off session: authentication_required', async () => {
  const { customerId, token } = await customerWithCard(CARDS.threeDSecure);
  const result = await gateway.charge(chargeInput(customerId, token), key('charge'));
  expect(result).toEqual({ status: 'requires_action', intentId: expect.stringMatching(/^pi_/), redirectUrl: expect.stringContaining(`${payments.sandbox.url}/3ds/`) });
  if (result.status !== 'requires_action') throw new Error('unreachable');
  expect(await gateway.getCharge(result.intentId)).toEqual(result);
  await gateway.cancelCharge(result.intentId);
  expect(await gateway.getCharge(result.intentId)).toEqual(expect.objectContaining({ status: 'failed', code: 'payment_intent_canceled' }));

  const offSession = await gateway.charge({ ...chargeInput(customerId, token), offSession: true }, key('renewal'));
  expect(offSession).toEqual(expect.objectContaining({ status: 'failed', code: 'authentication_required' }));
});

test('a card saved for renewals (setup_future_usage) is authenticated once and then renews off session; one saved without it is refused', async () => {
  const passChallenge = async (redirectUrl: string, intentId: string) => {
    const secret = new URL(redirectUrl).searchParams.get('client_secret');
    const decision = await fetch(`${payments.sandbox.url}/3ds/${intentId}/decision`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_secret: secret, outcome: 'success' }) });
    expect(decision.status).toBe(200);
  };
  const saved = await customerWithCard(CARDS.authenticatesOnce);
  const first = await gateway.charge({ ...chargeInput(saved.customerId, saved.token), saveForRenewals: true }, key('first'));
  if (first.status !== 'requires_action') throw new Error(`expected a challenge, got ${first.status}`);
  await passChallenge(first.redirectUrl, first.intentId);
  expect(await gateway.getCharge(first.intentId)).toEqual(expect.objectContaining({ status: 'succeeded' }));
  expect(await gateway.charge({ ...chargeInput(saved.customerId, saved.token), offSession: true }, key('renewal'))).toEqual(expect.objectContaining({ status: 'succeeded' }));

  const unsaved = await customerWithCard(CARDS.authenticatesOnce);
  const once = await gateway.charge(chargeInput(unsaved.customerId, unsaved.token), key('first-unsaved'));
  if (once.status !== 'requires_action') throw new Error(`expected a challenge, got ${once.status}`);
  await passChallenge(once.redirectUrl, once.intentId);
  const refused = await gateway.charge({ ...chargeInput(unsaved.customerId, unsaved.token), offSession: true }, key('renewal-unsaved'));
  expect(refused).toEqual(expect.objectContaining({ status: 'failed', code: 'authentication_required' }));
});

test('the same idempotency key replays the first charge: one payment at the sandbox', async () => {
  const { customerId, token } = await customerWithCard(CARDS.approves);
  const chargeKey = key('charge');
  const [first, second] = await Promise.all([gateway.charge(chargeInput(customerId, token), chargeKey), gateway.charge(chargeInput(customerId, token), chargeKey)]);
  const third = await gateway.charge(chargeInput(customerId, token), chargeKey);
  expect(first.status).toBe('succeeded');
  expect(second).toEqual(first);
  expect(third).toEqual(first);
  if (first.status !== 'succeeded') throw new Error('unreachable');
  expect(payments.paidCharges().filter((c) => c.paymentIntent === first.intentId)).toHaveLength(1);
  expect([...payments.sandbox.state.paymentIntents.values()].filter((i) => i.customer === customerId)).toHaveLength(1);
});

test('a charge under the provider’s minimum fails with its words (amount_too_small), nothing paid', async () => {
  const { customerId, token } = await customerWithCard(CARDS.approves);
  expect(await gateway.charge(chargeInput(customerId, token, 49), key('small'))).toEqual({
    status: 'failed',
    intentId: null,
    code: 'amount_too_small',
    declineCode: null,
    message: 'Amount must be at least $0.50 usd',
  });
});

test('refund: full, recorded at the sandbox', async () => {
  const { customerId, token } = await customerWithCard(CARDS.approves);
  const charged = await gateway.charge(chargeInput(customerId, token, 1500), key('charge'));
  if (charged.status !== 'succeeded') throw new Error(`charge ${charged.status}`);
  const refundKey = key('refund');
  const { refundId } = await gateway.refund(charged.intentId, null, refundKey);
  expect(refundId).toMatch(/^re_/);
  expect((await gateway.refund(charged.intentId, null, refundKey)).refundId).toBe(refundId);
  expect(payments.paidCharges().find((c) => c.paymentIntent === charged.intentId)?.refunded).toBe(1500);
});

test('redirect sessions (ours, through rawRequest): created open with its page, read back with metadata', async () => {
  const sessionKey = key('session');
  const input = { provider: 'payport', amountMinor: 1299, currency: 'EUR', returnUrl: 'http://127.0.0.1:4999/return', cancelUrl: 'http://127.0.0.1:4999/cancel', metadata: { order_id: 'o-9', user_id: 'u-9' } };
  const session = await gateway.createRedirectSession(input, sessionKey);
  expect(session.sessionId).toMatch(/^rs_/);
  expect(session.url).toBe(`${payments.sandbox.url}/pay/${session.sessionId}`);
  expect(await gateway.createRedirectSession(input, sessionKey)).toEqual(session);
  expect(await gateway.getRedirectSession({ sessionId: session.sessionId, provider: 'payport', orderId: 'o-9' })).toEqual({
    status: 'open',
    amountMinor: 1299,
    currency: 'EUR',
    metadata: { order_id: 'o-9', user_id: 'u-9' },
  });
});

test('redirect session refunds (ours, through rawRequest): a completed session refunded once per key; an open one refused', async () => {
  const input = { provider: 'fpay_wechat', amountMinor: 1500, currency: 'USD', returnUrl: 'http://127.0.0.1:4999/return', cancelUrl: 'http://127.0.0.1:4999/cancel', metadata: { order_id: 'o-10' } };
  const made = await gateway.createRedirectSession(input, key('session'));
  const session = { ...made, provider: 'fpay_wechat', orderId: 'o-10' };
  await expect(gateway.refundRedirectSession(session, null, key('early'))).rejects.toMatchObject({ statusCode: 400, code: 'redirect_session_not_refundable' });
  expect((await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  const refundKey = key('refund');
  const { refundId } = await gateway.refundRedirectSession(session, null, refundKey);
  expect(refundId).toMatch(/^re_/);
  expect((await gateway.refundRedirectSession(session, null, refundKey)).refundId).toBe(refundId);
  expect(payments.sandbox.state.redirectSessions.get(session.sessionId)).toMatchObject({ status: 'refunded', amount_refunded: 1500 });
  expect(await gateway.getRedirectSession(session)).toMatchObject({ status: 'refunded', amountMinor: 1500 });
  await expect(gateway.refundRedirectSession(session, 100, key('more'))).rejects.toMatchObject({ code: 'redirect_session_already_refunded' });
});

test('an unreachable provider throws PaymentsUnavailableError (the caller answers 503)', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const down = createPaymentsGateway({ ...payments.config, sandboxUrl: `http://127.0.0.1:${port}` });
  await expect(down.ensureCustomer({ existingId: null, email: 'a@example.com', name: 'A', metadata: {} }, key('down'))).rejects.toBeInstanceOf(PaymentsUnavailableError);
  await expect(down.charge(chargeInput('cus_x', 'pm_x'), key('down-charge'))).rejects.toBeInstanceOf(PaymentsUnavailableError);
  await expect(down.getCharge('pi_x')).rejects.toBeInstanceOf(PaymentsUnavailableError);
  await expect(down.refundRedirectSession({ sessionId: 'rs_x', provider: 'payport', orderId: 'o-x' }, null, key('down-refund'))).rejects.toBeInstanceOf(PaymentsUnavailableError);
});

test('a refused secret key is PaymentsUnavailableError too (misconfigured provider), not a card failure', async () => {
  const wrongKey = createPaymentsGateway({ ...payments.config, secretKey: 'sk_test_not_known_here' });
  await expect(wrongKey.getCharge('pi_x')).rejects.toBeInstanceOf(PaymentsUnavailableError);
});

describe('verifyWebhook', () => {
  const body = Buffer.from(JSON.stringify({ id: 'evt_test_1', object: 'event', created: 1_700_000_000, type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', object: 'payment_intent' } } }));
  const sign = (secret: string, at = Math.floor(Date.now() / 1000), payload = body) => `v1=${createHmac('sha256', secret).update(`${at}.${payload.toString('utf8')}`).digest('hex')}`;
  const header = (...parts: string[]) => `t=${Math.floor(Date.now() / 1000)},${parts.join(',')}`;

  test('the sandbox’s real delivery verifies (signed with both secrets)', async () => {
    const { customerId } = await gateway.ensureCustomer({ existingId: null, email: 'w@example.com', name: 'W', metadata: {} }, key('wh'));
    const received: Array<{ raw: Buffer; signature: string }> = [];
    payments.forwardWebhooksTo({
      inject: async ({ headers, payload }) => {
        received.push({ raw: payload, signature: headers['stripe-signature'] ?? '' });
        return { statusCode: 200 };
      },
    });
    await payments.sandbox.webhooks.idle();
    const delivery = received.find((r) => r.raw.toString('utf8').includes(customerId));
    expect(delivery).toBeDefined();
    const event = gateway.verifyWebhook(delivery!.raw, delivery!.signature);
    expect(event).toEqual(expect.objectContaining({ id: expect.stringMatching(/^evt_/), type: 'customer.created', created: expect.any(Number) }));
    expect(event.object).toEqual(expect.objectContaining({ id: customerId }));
  });

  test('either secret alone verifies (rotation)', () => {
    for (const secret of TEST_WEBHOOK_SECRETS) {
      const event = gateway.verifyWebhook(body, header(sign(secret)));
      expect(event).toEqual({ id: 'evt_test_1', type: 'payment_intent.succeeded', created: 1_700_000_000, object: { id: 'pi_1', object: 'payment_intent' } });
    }
  });

  test('refused: unknown secret, tampered body, older than 300 s, missing header', () => {
    expect(() => gateway.verifyWebhook(body, header(sign('whsec_someone_else')))).toThrow(WebhookSignatureError);
    const tampered = Buffer.from(body.toString('utf8').replace('pi_1', 'pi_2'));
    expect(() => gateway.verifyWebhook(tampered, header(sign(TEST_WEBHOOK_SECRETS[0])))).toThrow(WebhookSignatureError);
    const old = Math.floor(Date.now() / 1000) - 301;
    expect(() => gateway.verifyWebhook(body, `t=${old},${sign(TEST_WEBHOOK_SECRETS[0], old)}`)).toThrow(WebhookSignatureError);
    expect(() => gateway.verifyWebhook(body, undefined)).toThrow(WebhookSignatureError);
    expect(() => gateway.verifyWebhook(body, 'garbage')).toThrow(WebhookSignatureError);
  });
});

test('setUpCard saves a card through a SetupIntent as the default; a declining card or an unknown token is a refusal', async () => {
  const { customerId } = await gateway.ensureCustomer({ existingId: null, email: 'payer@example.com', name: 'Payer One', metadata: {} }, key('customer'));
  const token = await payments.cardToken(CARDS.approves);
  const saved = await gateway.setUpCard(customerId, token, key('setup'));
  expect(saved).toEqual({ status: 'succeeded', card: expect.objectContaining({ paymentMethodId: token, last4: '4242', brand: 'visa' }) });
  expect(payments.sandbox.state.customers.get(customerId)?.invoice_settings.default_payment_method).toBe(token);
  expect(await gateway.charge({ ...chargeInput(customerId, token), offSession: true }, key('renewal'))).toEqual(expect.objectContaining({ status: 'succeeded' }));

  expect(await gateway.setUpCard(customerId, await payments.cardToken(CARDS.declines), key('setup'))).toEqual(
    expect.objectContaining({ status: 'failed', code: 'card_declined', message: 'Your card was declined.' }),
  );
  expect(await gateway.setUpCard(customerId, 'pm_does_not_exist', key('setup'))).toEqual(expect.objectContaining({ status: 'failed', message: UNUSABLE_CARD_MESSAGE }));
});
