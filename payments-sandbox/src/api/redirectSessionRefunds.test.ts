// Refunds of redirect sessions (ours: POST /v1/redirect_sessions/:id/refund) through the official SDK's rawRequest
// over a real socket, as the API's gateway calls them: only a completed session, at most what is left, idempotency
// keys as on every POST, the session's amount_refunded and status, and redirect_session.refunded delivered signed.
import Stripe from 'stripe';
import type { StripeEvent } from './objects';
import type { PaymentsSandbox } from '../server';
import { control, SECRET_KEY, WEBHOOK_SECRETS, withSandboxAndReceiver, type WebhookReceiver } from '../testing/testSandbox';

let sandbox: PaymentsSandbox;
let stripe: Stripe;
let receiver: WebhookReceiver;

withSandboxAndReceiver((rig) => ({ sandbox, stripe, receiver } = rig));

type Session = { id: string; status: string; amount: number; amount_refunded: number; url: string };
type RefundAnswer = { id: string; object: string; amount: number; currency: string; status: string; redirect_session: string; charge: null; payment_intent: null; reason: string | null };

let run = 0;
const key = (name: string) => `rs-refund-${++run}-${name}`;

async function session(amount = 1609): Promise<Session> {
  return (await stripe.rawRequest(
    'POST',
    '/v1/redirect_sessions',
    { amount, currency: 'usd', provider: 'volt', return_url: 'http://127.0.0.1:4999/checkout/success', cancel_url: 'http://127.0.0.1:4999/checkout', metadata: { order_id: 'o-1' } },
    { idempotencyKey: key('session') },
  )) as unknown as Session;
}

/** The shopper's choice on the hosted page (Pay or Cancel). */
async function decide(created: Session, choice: 'pay' | 'cancel') {
  expect((await fetch(`${created.url}/${choice}`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
}

const refund = (sessionId: string, params: Record<string, unknown> = {}, idempotencyKey = key('refund')) =>
  stripe.rawRequest('POST', `/v1/redirect_sessions/${sessionId}/refund`, params, { idempotencyKey }) as unknown as Promise<RefundAnswer>;

async function errorOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as Stripe.errors.StripeError;
}

const stored = (id: string) => sandbox.state.redirectSessions.get(id);
const typeOf = (rawBody: string) => (JSON.parse(rawBody) as StripeEvent).type;

describe('redirect session refunds', () => {
  it('refunds a completed session in full by default: the refund, amount_refunded, status refunded, events', async () => {
    const created = await session();
    await decide(created, 'pay');
    const answer = await refund(created.id);
    expect(answer).toMatchObject({ object: 'refund', amount: 1609, currency: 'usd', status: 'succeeded', redirect_session: created.id, charge: null, payment_intent: null, reason: null });
    expect(answer.id).toMatch(/^re_/);
    expect(stored(created.id)).toMatchObject({ status: 'refunded', amount_refunded: 1609 });
    expect(await stripe.rawRequest('GET', `/v1/redirect_sessions/${created.id}`)).toMatchObject({ status: 'refunded', amount_refunded: 1609 });
    const events = sandbox.state.events.filter((e) => (e.data.object as { id?: string; redirect_session?: string }).id === created.id || (e.data.object as { redirect_session?: string }).redirect_session === created.id);
    expect(events.map((e) => e.type)).toEqual(['redirect_session.created', 'redirect_session.completed', 'refund.created', 'redirect_session.refunded']);
    expect(events[3]?.data.object).toMatchObject({ id: created.id, status: 'refunded', amount_refunded: 1609 });
  });

  it('refunds part, refuses more than is left, refunds the rest, then refuses a third: already refunded', async () => {
    const created = await session(1500);
    await decide(created, 'pay');
    expect(await refund(created.id, { amount: 500, reason: 'requested_by_customer' })).toMatchObject({ amount: 500, reason: 'requested_by_customer' });
    expect(stored(created.id)).toMatchObject({ status: 'completed', amount_refunded: 500 });
    const tooMuch = await errorOf(refund(created.id, { amount: 1001 }));
    expect(tooMuch).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount', message: 'Refund amount ($10.01) is greater than unrefunded amount on redirect session ($10.00)' });
    expect(await refund(created.id)).toMatchObject({ amount: 1000 });
    expect(stored(created.id)).toMatchObject({ status: 'refunded', amount_refunded: 1500 });
    const again = await errorOf(refund(created.id));
    expect(again).toMatchObject({ statusCode: 400, code: 'redirect_session_already_refunded', message: `Redirect session ${created.id} has already been refunded.` });
    expect(sandbox.state.events.filter((e) => e.type === 'redirect_session.refunded' && (e.data.object as { id: string }).id === created.id)).toHaveLength(2);
  });

  it('refuses an open or canceled session (never paid), an unknown one, and bad parameters', async () => {
    const open = await session();
    expect(await errorOf(refund(open.id))).toMatchObject({ statusCode: 400, code: 'redirect_session_not_refundable', message: `Redirect session ${open.id} is open: only a completed session can be refunded.` });
    const canceled = await session();
    await decide(canceled, 'cancel');
    expect(await errorOf(refund(canceled.id))).toMatchObject({ statusCode: 400, code: 'redirect_session_not_refundable' });
    expect(stored(canceled.id)).toMatchObject({ status: 'canceled', amount_refunded: 0 });
    expect(await errorOf(refund('rs_unknown'))).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such redirect_session: 'rs_unknown'" });
    const paid = await session();
    await decide(paid, 'pay');
    expect(await errorOf(refund(paid.id, { amount: 0 }))).toMatchObject({ statusCode: 400, param: 'amount' });
    expect(await errorOf(refund(paid.id, { reason: 'changed_mind' }))).toMatchObject({ statusCode: 400, param: 'reason' });
    expect(await errorOf(refund(paid.id, { payment_intent: 'pi_1' }))).toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
    expect(stored(paid.id)).toMatchObject({ status: 'completed', amount_refunded: 0 });
    // a refused call is not kept for its key: the same key refunds once the parameters are right
    const retried = key('retried');
    expect(await errorOf(refund(paid.id, { amount: 99_999 }, retried))).toMatchObject({ code: 'amount_too_large' });
    expect(await refund(paid.id, {}, retried)).toMatchObject({ amount: 1609 });
  });

  it('honours idempotency keys: a repeat replays the refund (once), other parameters are refused', async () => {
    const created = await session();
    await decide(created, 'pay');
    const sameKey = key('same');
    const first = await refund(created.id, {}, sameKey);
    const [a, b] = await Promise.all([refund(created.id, {}, sameKey), refund(created.id, {}, sameKey)]);
    expect([a.id, b.id]).toEqual([first.id, first.id]);
    expect(stored(created.id)?.amount_refunded).toBe(1609);
    expect([...sandbox.state.refunds.values()].filter((r) => r.redirect_session === created.id)).toHaveLength(1);
    expect(await errorOf(refund(created.id, { amount: 100 }, sameKey))).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
  });

  it('needs the secret key', async () => {
    const created = await session();
    await decide(created, 'pay');
    const bare = await fetch(`${sandbox.url}/v1/redirect_sessions/${created.id}/refund`, { method: 'POST' });
    expect(bare.status).toBe(401);
    const publishable = await fetch(`${sandbox.url}/v1/redirect_sessions/${created.id}/refund`, { method: 'POST', headers: { authorization: 'Bearer pk_test_sandbox_tests_1' } });
    expect(publishable.status).toBe(401);
    expect(stored(created.id)?.amount_refunded).toBe(0);
    const withKey = await fetch(`${sandbox.url}/v1/redirect_sessions/${created.id}/refund`, { method: 'POST', headers: { authorization: `Bearer ${SECRET_KEY}` } });
    expect(withKey.status).toBe(200);
  });

  it('announces redirect_session.refunded signed, held and failed on demand like every event, then delivered', async () => {
    const created = await session();
    await decide(created, 'pay');
    await sandbox.webhooks.idle();
    await control(sandbox, 'POST', '/_sandbox/webhooks/hold');
    await control(sandbox, 'POST', '/_sandbox/webhooks/fail_next', { count: 1 });
    await refund(created.id);
    expect(receiver.received.filter((r) => typeOf(r.rawBody) === 'redirect_session.refunded')).toHaveLength(0);
    await control(sandbox, 'POST', '/_sandbox/webhooks/release', { order: 'as_created' });
    await sandbox.webhooks.idle();
    const delivered = receiver.received.filter((r) => typeOf(r.rawBody) === 'redirect_session.refunded' || typeOf(r.rawBody) === 'refund.created');
    expect(delivered.map((r) => typeOf(r.rawBody)).sort()).toEqual(['redirect_session.refunded', 'refund.created']);
    const [last] = delivered.filter((r) => typeOf(r.rawBody) === 'redirect_session.refunded');
    for (const secret of WEBHOOK_SECRETS) {
      const event = stripe.webhooks.constructEvent(last!.rawBody, String(last!.headers['stripe-signature']), secret);
      expect(event.data.object).toMatchObject({ id: created.id, status: 'refunded', amount_refunded: 1609 });
    }
  });
});
