// The official Stripe SDK's setupIntents against the sandbox over a real socket: a card saved for renewals.
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

async function setUp(number: string) {
  const customer = await stripe.customers.create({ email: 'member@example.com' });
  const method = await cardPaymentMethod(sandbox, number);
  const intent = await stripe.setupIntents.create({ customer: customer.id, payment_method: method.id, confirm: true, usage: 'off_session', allowed_payment_method_types: ['card'] });
  return { customer, method, intent };
}

const renew = (customer: string, method: string) =>
  stripe.paymentIntents.create({ amount: 1299, currency: 'usd', customer, payment_method: method, confirm: true, off_session: true });

const decide = (intent: Stripe.SetupIntent, outcome: 'success' | 'failure') =>
  fetch(`${sandbox.url}/3ds/${intent.id}/decision`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_secret: intent.client_secret, outcome }) });

describe('setup intents with the test cards', () => {
  it('4242 4242 4242 4242 is set up at once: attached to the customer, events announced', async () => {
    const { customer, method, intent } = await setUp('4242424242424242');
    expect(intent).toMatchObject({ object: 'setup_intent', status: 'succeeded', usage: 'off_session', customer: customer.id, payment_method: method.id, next_action: null });
    expect(intent.id).toMatch(/^seti_/);
    expect((await stripe.paymentMethods.retrieve(method.id)).customer).toBe(customer.id);
    expect((await renew(customer.id, method.id)).status).toBe('succeeded');
    const types = sandbox.state.events.filter((e) => (e.data.object as { id?: string }).id === intent.id).map((e) => e.type);
    expect(types).toEqual(['setup_intent.created', 'setup_intent.succeeded']);
  });

  it('4000 0025 0000 3155 asks for 3-D Secure once; set up, it renews off session without the member', async () => {
    const { customer, method, intent } = await setUp('4000002500003155');
    expect(intent.status).toBe('requires_action');
    const page = await fetch(intent.next_action?.redirect_to_url?.url ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('future payments');
    expect((await decide(intent, 'success')).status).toBe(200);
    expect(await stripe.setupIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded', payment_method: method.id });
    expect((await renew(customer.id, method.id)).status).toBe('succeeded');
  });

  it('a failed challenge leaves it requires_payment_method with last_setup_error, and the card unusable off session', async () => {
    const { customer, method, intent } = await setUp('4000002500003155');
    const answer = (await (await decide(intent, 'failure')).json()) as { status: string; error_message: string };
    expect(answer).toMatchObject({ status: 'failure', error_message: expect.stringMatching(/SetupIntent/) });
    const failed = await stripe.setupIntents.retrieve(intent.id);
    expect(failed).toMatchObject({ status: 'requires_payment_method', payment_method: null, last_setup_error: { code: 'setup_intent_authentication_failure' } });
    await stripe.paymentMethods.attach(method.id, { customer: customer.id });
    await expect(renew(customer.id, method.id)).rejects.toMatchObject({ code: 'authentication_required' });
    expect((await decide(intent, 'success')).status).toBe(409);
  });

  it('a declining card answers 402 with the setup intent, which can be confirmed again with another card', async () => {
    const customer = await stripe.customers.create({ email: 'member@example.com' });
    const declined = await cardPaymentMethod(sandbox, '4000000000009995');
    const error = await stripe.setupIntents
      .create({ customer: customer.id, payment_method: declined.id, confirm: true, allowed_payment_method_types: ['card'] })
      .then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const setupIntent = (error as Stripe.errors.StripeCardError).raw as { setup_intent?: Stripe.SetupIntent };
    expect(setupIntent.setup_intent).toMatchObject({ status: 'requires_payment_method', last_setup_error: { decline_code: 'insufficient_funds' } });
    const good = await cardPaymentMethod(sandbox, '4242424242424242');
    const confirmed = await stripe.setupIntents.confirm(setupIntent.setup_intent?.id ?? '', { payment_method: good.id });
    expect(confirmed.status).toBe('succeeded');
  });

  it('4000 0000 0000 0341 is set up (its charges fail later); a set-up intent cannot be canceled, an open one can', async () => {
    const { intent } = await setUp('4000000000000341');
    expect(intent.status).toBe('succeeded');
    await expect(stripe.setupIntents.cancel(intent.id)).rejects.toMatchObject({ code: 'setup_intent_unexpected_state' });
    const { intent: open } = await setUp('4000002760003184');
    expect(await stripe.setupIntents.cancel(open.id, { cancellation_reason: 'abandoned' })).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
  });

  it('refuses what Stripe refuses: an unknown usage, a card of another customer, an unknown id', async () => {
    await expect(stripe.setupIntents.create({ usage: 'sometimes' as 'off_session' })).rejects.toMatchObject({ param: 'usage', statusCode: 400 });
    const { method } = await setUp('4242424242424242');
    const other = await stripe.customers.create({ email: 'other@example.com' });
    await expect(stripe.setupIntents.create({ customer: other.id, payment_method: method.id, confirm: true })).rejects.toMatchObject({ code: 'payment_method_unexpected_state' });
    await expect(stripe.setupIntents.retrieve('seti_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});
