import { randomUUID } from 'node:crypto';
import { PAYMENTS_WEBHOOK_PATH, signatureHeader, TEST_WEBHOOK_SECRETS } from '../../../testing/paymentsSandbox';
import { describePayments } from '../../../testing/paymentsDescribe';
import { WEBHOOK_HANDLERS } from './webhookHandlers';

// Copies of one event delivered at the same moment (a provider's retry racing its first attempt): one delivery claims
// the event and runs its handler, the others are acknowledged without running it; a failed attempt gives the event
// back for the provider's retry. A handler of a test-only event type counts its runs.

const TEST_TYPE = 'fable_test.slow_event';

describePayments('webhook deliveries of one event at once on %s', (rig) => {
  let runs = 0;
  let failNext = false;

  beforeAll(() => {
    WEBHOOK_HANDLERS[TEST_TYPE] = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (failNext) {
        failNext = false;
        throw new Error('handler failed');
      }
    };
  });
  afterAll(() => {
    delete WEBHOOK_HANDLERS[TEST_TYPE];
  });
  beforeEach(() => {
    runs = 0;
    failNext = false;
  });

  const newEvent = () => {
    const id = `evt_test_${randomUUID().replace(/-/g, '')}`;
    const body = JSON.stringify({ id, object: 'event', created: Math.floor(Date.now() / 1000), type: TEST_TYPE, data: { object: { id: `obj_${id}`, object: 'thing' } } });
    return { id, body };
  };
  const deliver = (body: string) =>
    rig.t.app.inject({
      method: 'POST',
      url: PAYMENTS_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(body, TEST_WEBHOOK_SECRETS) },
      payload: body,
    });
  const row = async (id: string) =>
    (await rig.t.db.query<{ applied: boolean; claimed: boolean }>('select applied_at is not null as applied, claimed_until is not null as claimed from payment_webhook_events where event_id = $1', [id])).rows[0];

  it('three copies at once: all acknowledged, the handler runs once, the event is applied', async () => {
    const { id, body } = newEvent();
    const answers = await Promise.all([deliver(body), deliver(body), deliver(body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(runs).toBe(1);
    expect(await row(id)).toEqual({ applied: true, claimed: false });
    // A later redelivery does nothing either.
    expect((await deliver(body)).statusCode).toBe(200);
    expect(runs).toBe(1);
  });

  it('a failed attempt gives the event back: the retry applies it', async () => {
    const { id, body } = newEvent();
    failNext = true;
    expect((await deliver(body)).statusCode).toBe(500);
    expect(await row(id)).toEqual({ applied: false, claimed: false });
    expect((await deliver(body)).statusCode).toBe(200);
    expect(runs).toBe(2);
    expect(await row(id)).toEqual({ applied: true, claimed: false });
  });

  it('a claim left by a process that died is taken again once it has run out', async () => {
    const { id, body } = newEvent();
    // Another process claimed it and died: while its claim holds a copy is acknowledged and not run.
    await rig.t.db.query(
      `insert into payment_webhook_events (provider, event_id, event_created_at, type, payload, received_at, claimed_until)
       values ('sandbox', $1, now(), $2, $3, now(), $4)`,
      [id, TEST_TYPE, body, new Date(rig.t.clock.now().getTime() + 60_000)],
    );
    expect((await deliver(body)).statusCode).toBe(200);
    expect(runs).toBe(0);
    await rig.t.db.query('update payment_webhook_events set claimed_until = $2 where event_id = $1', [id, new Date(rig.t.clock.now().getTime() - 1000)]);
    expect((await deliver(body)).statusCode).toBe(200);
    expect(runs).toBe(1);
    expect(await row(id)).toEqual({ applied: true, claimed: false });
  });
});
