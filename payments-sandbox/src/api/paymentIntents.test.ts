// The official Stripe SDK against the sandbox over a real socket: what each test card does.
import Stripe from 'stripe';
import type { PaymentsSandbox } from '../server';
import { cardPaymentMethod, startTestSandbox, stripeFor } from '../testing/testSandbox';

let sandbox: PaymentsSandbox;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  stripe = stripeFor(sandbox);
});
afterAll(() => sandbox.close());

async function charge(number: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) {
  const customer = await stripe.customers.create({ email: 'member@example.com' });
  const method = await cardPaymentMethod(sandbox, number);
  return stripe.paymentIntents.create({ amount: 1299, currency: 'usd', customer: customer.id, payment_method: method.id, confirm: true, metadata: { plan: 'premium' }, ...extra });
}

async function cardErrorOf(promise: Promise<unknown>): Promise<Stripe.errors.StripeCardError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
  return error as Stripe.errors.StripeCardError;
}

describe('payment intents with the test cards', () => {
  it('4242 4242 4242 4242 approves: succeeded, amount received, a charge, the metadata kept', async () => {
    const intent = await charge('4242424242424242');
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 1299, amount_received: 1299, currency: 'usd', metadata: { plan: 'premium' } });
    expect(intent.latest_charge).toMatch(/^ch_/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const again = await stripe.paymentIntents.retrieve(intent.id);
    expect(again.status).toBe('succeeded');
  });

  it.each([
    ['4000000000000002', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000341', 'generic_decline', 'Your card was declined.'],
  ])('%s declines with 402 card_declined / %s, the intent back to requires_payment_method', async (number, declineCode, message) => {
    const error = await cardErrorOf(charge(number));
    expect(error.statusCode).toBe(402);
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: declineCode, message });
    const failed = error.payment_intent as Stripe.PaymentIntent;
    expect(failed.status).toBe('requires_payment_method');
    expect(failed.last_payment_error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: declineCode, message });
    const stored = await stripe.paymentIntents.retrieve(failed.id);
    expect(stored).toMatchObject({ status: 'requires_payment_method', amount_received: 0 });
  });

  it('4000 0000 0000 0341 attaches to a customer and then fails on charge; 0002 fails already on attach', async () => {
    const customer = await stripe.customers.create({});
    const attachable = await cardPaymentMethod(sandbox, '4000000000000341');
    const attached = await stripe.paymentMethods.attach(attachable.id, { customer: customer.id });
    expect(attached.customer).toBe(customer.id);
    const error = await cardErrorOf(
      stripe.paymentIntents.create({ amount: 500, currency: 'usd', customer: customer.id, payment_method: attachable.id, confirm: true, off_session: true }),
    );
    expect(error.code).toBe('card_declined');
    const declining = await cardPaymentMethod(sandbox, '4000000000000002');
    const attachError = await cardErrorOf(stripe.paymentMethods.attach(declining.id, { customer: customer.id }));
    expect(attachError).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
  });

  it('4000 0027 6000 3184 asks for 3-D Secure on session: requires_action with a redirect to the challenge page', async () => {
    const intent = await charge('4000002760003184', { return_url: 'http://127.0.0.1:4999/checkout/3ds-return' });
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action).toEqual({
      type: 'redirect_to_url',
      redirect_to_url: { url: `${sandbox.url}/3ds/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret ?? '')}`, return_url: 'http://127.0.0.1:4999/checkout/3ds-return' },
    });
  });

  it('3-D Secure completed on the challenge page: succeeded', async () => {
    const intent = await charge('4000002760003184');
    const url = intent.next_action?.redirect_to_url?.url ?? '';
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('$12.99');
    const decision = await fetch(`${sandbox.url}/3ds/${intent.id}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: intent.client_secret, outcome: 'success' }),
    });
    expect(await decision.json()).toEqual({ status: 'success', return_url: null });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });

  it('3-D Secure failed: requires_payment_method with payment_intent_authentication_failure, and the message for the checkout', async () => {
    const intent = await charge('4000002760003184');
    const decide = (outcome: string, secret = intent.client_secret) =>
      fetch(`${sandbox.url}/3ds/${intent.id}/decision`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_secret: secret, outcome }) });
    expect((await decide('failure', 'pi_wrong_secret')).status).toBe(404);
    const answer = (await (await decide('failure')).json()) as { status: string; error_message: string };
    expect(answer.status).toBe('failure');
    expect(answer.error_message).toMatch(/failed authentication/);
    const failed = await stripe.paymentIntents.retrieve(intent.id);
    expect(failed.status).toBe('requires_payment_method');
    expect(failed.last_payment_error).toMatchObject({ code: 'payment_intent_authentication_failure', message: answer.error_message });
    expect((await decide('success')).status).toBe(409);
  });

  it('4000 0027 6000 3184 off session (a renewal) fails with authentication_required', async () => {
    const error = await cardErrorOf(charge('4000002760003184', { off_session: true }));
    expect(error).toMatchObject({ code: 'authentication_required', decline_code: 'authentication_required' });
  });

  it('4000 0025 0000 3155 pays off session once saved with setup_future_usage: off_session, and fails without it', async () => {
    const customer = await stripe.customers.create({ email: 'member@example.com' });
    const method = await cardPaymentMethod(sandbox, '4000002500003155');
    const first = await stripe.paymentIntents.create({ amount: 1299, currency: 'usd', customer: customer.id, payment_method: method.id, confirm: true, setup_future_usage: 'off_session' });
    expect(first.status).toBe('requires_action');
    await fetch(`${sandbox.url}/3ds/${first.id}/decision`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_secret: first.client_secret, outcome: 'success' }) });
    expect((await stripe.paymentIntents.retrieve(first.id)).status).toBe('succeeded');
    const renewal = await stripe.paymentIntents.create({ amount: 1299, currency: 'usd', customer: customer.id, payment_method: method.id, confirm: true, off_session: true });
    expect(renewal.status).toBe('succeeded');

    // The same card saved without it (attached, or paid once on session only): the renewal needs the member.
    const other = await stripe.customers.create({ email: 'other@example.com' });
    const unsaved = await cardPaymentMethod(sandbox, '4000002500003155');
    await stripe.paymentMethods.attach(unsaved.id, { customer: other.id });
    const error = await cardErrorOf(stripe.paymentIntents.create({ amount: 1299, currency: 'usd', customer: other.id, payment_method: unsaved.id, confirm: true, off_session: true }));
    expect(error).toMatchObject({ code: 'authentication_required', decline_code: 'authentication_required' });
  });

  it('an abandoned 3-D Secure intent is canceled; a paid one cannot be', async () => {
    const intent = await charge('4000002760003184');
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned', next_action: null });
    expect((await fetch(intent.next_action?.redirect_to_url?.url ?? '')).status).toBe(200);
    const paid = await charge('4242424242424242');
    await expect(stripe.paymentIntents.cancel(paid.id)).rejects.toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
  });

  it('a declined intent can be confirmed again with another card', async () => {
    const error = await cardErrorOf(charge('4000000000000002'));
    const intent = error.payment_intent as Stripe.PaymentIntent;
    const good = await cardPaymentMethod(sandbox, '4242424242424242');
    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: good.id });
    expect(confirmed.status).toBe('succeeded');
    await expect(stripe.paymentIntents.confirm(intent.id)).rejects.toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
  });

  it("refuses what Stripe refuses, in Stripe's words", async () => {
    await expect(stripe.paymentIntents.create({ amount: 10, currency: 'usd' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'amount_too_small',
      param: 'amount',
    });
    await expect(stripe.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams)).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'amount',
      message: 'Missing required param: amount.',
    });
    await expect(stripe.paymentIntents.create({ amount: 500, currency: 'usd', bogus: 1 } as Stripe.PaymentIntentCreateParams)).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'bogus',
    });
    await expect(stripe.paymentIntents.create({ amount: 500, currency: 'usd', confirm: true, return_url: 'javascript:alert(1)' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'return_url',
    });
    await expect(stripe.paymentIntents.retrieve('pi_nope')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such payment_intent: 'pi_nope'" });
    await expect(stripe.paymentIntents.create({ amount: 500, currency: 'usd', customer: 'cus_nope', confirm: true })).rejects.toMatchObject({
      statusCode: 404,
      param: 'customer',
    });
  });
});

describe('card payment methods', () => {
  const year = new Date().getUTCFullYear();

  it('refuse a past expiry, a bad CVC and a wrong number as Stripe words them', async () => {
    await expect(cardPaymentMethod(sandbox, '4242424242424242', { month: 1, year: year - 1 })).rejects.toMatchObject({
      statusCode: 402,
      code: 'invalid_expiry_year',
      message: "Your card's expiration year is invalid.",
    });
    await expect(cardPaymentMethod(sandbox, '4242424242424242', { month: 12, year: year + 1 }, '12')).rejects.toMatchObject({
      code: 'invalid_cvc',
      message: "Your card's security code is invalid.",
    });
    await expect(cardPaymentMethod(sandbox, '4242424242424241')).rejects.toMatchObject({ code: 'incorrect_number', message: 'Your card number is incorrect.' });
  });

  it('are attached, made the default and detached', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com', name: 'Ann' });
    const method = await cardPaymentMethod(sandbox, '5555555555554444');
    expect(method.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    await stripe.paymentMethods.attach(method.id, { customer: customer.id });
    const updated = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.id }, metadata: { user_id: 'u1' } });
    expect(updated).toMatchObject({ invoice_settings: { default_payment_method: method.id }, metadata: { user_id: 'u1' }, email: 'a@example.com' });
    const detached = await stripe.paymentMethods.detach(method.id);
    expect(detached.customer).toBeNull();
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ invoice_settings: { default_payment_method: null } });
  });
});

describe('refunds', () => {
  it('refund part then the rest of a payment, then refuse more', async () => {
    const intent = await charge('4242424242424242');
    const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 300, reason: 'requested_by_customer' });
    expect(part).toMatchObject({ object: 'refund', amount: 300, status: 'succeeded', payment_intent: intent.id, charge: intent.latest_charge });
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 1000 })).rejects.toMatchObject({ code: 'amount_too_large' });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(999);
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });
});

describe('API keys', () => {
  it('refuse an unknown key and a publishable key where a secret one is needed, with 401', async () => {
    await expect(stripeFor(sandbox, 'sk_test_someone_else').customers.create({})).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
      message: expect.stringMatching(/^Invalid API Key provided: sk_test_\*+else$/),
    });
    await expect(stripeFor(sandbox, 'pk_test_sandbox_tests_1').customers.create({})).rejects.toMatchObject({ statusCode: 401 });
    const bare = await fetch(`${sandbox.url}/v1/customers`, { method: 'POST' });
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });
});
