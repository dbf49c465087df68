import { API_HEADERS } from '@fable/contracts';
import { randomUUID } from 'node:crypto';
import { CARDS, type TestPaymentsSandbox } from '../../../testing/paymentsSandbox';
import { describePayments } from '../../../testing/paymentsDescribe';
import { BACKENDS, createScratchDatabase, DB_SETUP_TIMEOUT_MS } from '../../../testing/testDatabases';
import { bearer, signUp, startTestApp, testGuestId, TEST_JWT_SECRET, type TestApp } from '../../../testing/testApp';
import { testConfig } from '../../../config';
import { buildApp } from '../../../app';
import { ledgerOf } from '../ledger';
import { GRACE_DAYS } from './lifecycleRules';
import { chargesOf, subscribeForTest, tierOf } from './lifecycleTestKit';
import { DAY_MS } from '@fable/rules/billing';
import { loadSubscription } from './subscriptionStore';
import { BILLING_TEST_CONTROL_PATH } from './billingTestControl';

/**
 * The test-only control route (BILLING_TEST_CONTROL=1): absent without the flag and in production, members only, one
 * subscription moved, the due jobs run through runBillingJobs against the payments sandbox; on both databases.
 */
jest.setTimeout(30_000);

const URL_PATH = `/api${BILLING_TEST_CONTROL_PATH}`;
const ADMIN_EMAIL = 'control-admin@example.com';

describePayments('billing test control on %s', { config: { billingTestControl: true, adminEmails: [ADMIN_EMAIL] } }, (rig) => {
  let t: TestApp;
  let sandbox: TestPaymentsSandbox;
  beforeAll(() => ({ t, payments: sandbox } = rig));

  async function member(email = `ctl_${randomUUID().slice(0, 8)}@example.com`) {
    const username = `ctl_${randomUUID().slice(0, 8)}`;
    const signedIn = await signUp(t.app, email, username);
    return { id: signedIn.user.id, headers: bearer(signedIn.token) };
  }
  async function subscriber(card: string) {
    const m = await member();
    const { subscription } = await subscribeForTest(t.db, sandbox, m.id, 'basic_1m', card, t.clock.now());
    return { ...m, sub: subscription };
  }
  const advance = async (headers: Record<string, string>, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: URL_PATH, headers, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const jobsOf = async (subscriptionId: string) =>
    (
      await t.db.query<{ kind: string; run_at: Date; period_end: string; dedupe_key: string; done: boolean }>(
        `select kind, run_at, payload->>'period_end' as period_end, dedupe_key, completed_at is not null as done from billing_jobs
          where payload->>'subscription_id' = $1 order by run_at, id`,
        [subscriptionId],
      )
    ).rows;
  const daysBefore = (date: Date, days: number) => new Date(date.getTime() - days * DAY_MS);

  it('answers callers without a token 401 and another member’s subscription 403 (an admin may move it)', async () => {
    const owner = await subscriber(CARDS.approves);
    const body = { subscription_id: owner.sub.id, days: 40 };
    expect((await advance({}, body)).status).toBe(401);
    expect((await advance({ [API_HEADERS.guestUserId]: testGuestId() }, body)).status).toBe(401);
    const other = await member();
    const refused = await advance(other.headers, body);
    expect(refused).toEqual({ status: 403, body: { error: expect.objectContaining({ code: 'forbidden' }) } });
    expect(await loadSubscription(t.db, owner.sub.id)).toMatchObject({ current_period_end: owner.sub.current_period_end, status: 'active' });

    const admin = await member(ADMIN_EMAIL);
    const moved = await advance(admin.headers, { subscription_id: owner.sub.id, days: 1 });
    expect(moved.status).toBe(200);
    expect(moved.body.subscription.current_period_end).toBe(daysBefore(owner.sub.current_period_end, 1).toISOString());
  });

  it('refuses bad bodies (400) and answers 404 without a subscription', async () => {
    const m = await member();
    expect((await advance(m.headers, { days: 3 })).status).toBe(404);
    expect((await advance(m.headers, { subscription_id: randomUUID(), days: 3 })).status).toBe(404);
    for (const bad of [{ days: 0 }, { days: 1.5 }, { days: 100_000 }, { days: '3' }, {}, { subscription_id: 'nope', days: 1 }, { days: 1, extra: true }]) {
      expect({ bad, status: (await advance(m.headers, bad)).status }).toEqual({ bad, status: 400 });
    }
  });

  it('moves only that subscription, renews it through the due jobs and charges once', async () => {
    const mover = await subscriber(CARDS.approves);
    const bystander = await subscriber(CARDS.approves);
    const days = Math.ceil((mover.sub.current_period_end.getTime() - t.clock.now().getTime()) / DAY_MS);

    const res = await advance(mover.headers, { days });
    expect(res.status).toBe(200);
    expect(res.body.runs).toEqual([expect.objectContaining({ kind: 'renew', result: 'renewed' })]);
    expect(res.body.subscription).toMatchObject({ id: mover.sub.id, status: 'active' });
    const renewed = await loadSubscription(t.db, mover.sub.id);
    // The new period starts at the moved period end, which is at most a day before now.
    expect(renewed?.current_period_start).toEqual(daysBefore(mover.sub.current_period_end, days));
    expect(renewed!.current_period_end.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(chargesOf(sandbox, mover.sub.id)).toHaveLength(1);
    expect((await ledgerOf(t.db, mover.sub.id)).map((e) => e.action)).toContain('test.time_advanced');

    expect(await loadSubscription(t.db, bystander.sub.id)).toMatchObject({ status: 'active', current_period_end: bystander.sub.current_period_end, revision: bystander.sub.revision });
    expect(await jobsOf(bystander.sub.id)).toEqual([]);
    expect(chargesOf(sandbox, bystander.sub.id)).toEqual([]);
  });

  it('a failing card: the renewal puts it in grace, moving past the window runs the retries and expires it', async () => {
    const m = await subscriber(CARDS.attachesThenFails);
    const bystander = await subscriber(CARDS.attachesThenFails);
    const days = Math.ceil((m.sub.current_period_end.getTime() - t.clock.now().getTime()) / DAY_MS);

    const grace = await advance(m.headers, { days });
    expect(grace.body.runs).toEqual([expect.objectContaining({ kind: 'renew', result: 'grace' })]);
    expect(grace.body.subscription.status).toBe('grace');
    const movedEnd = daysBefore(m.sub.current_period_end, days);
    // The retries and the expiry are queued from the moved period end, none due yet.
    const queued = (await jobsOf(m.sub.id)).filter((job) => !job.done);
    expect(queued.map((job) => job.kind)).toEqual(['renew', 'renew', 'renew', 'expire']);
    expect(queued.every((job) => job.period_end === movedEnd.toISOString() && job.dedupe_key.includes(movedEnd.toISOString()))).toBe(true);
    expect(await tierOf(t.db, m.id)).toBe('basic');

    const expired = await advance(m.headers, { subscription_id: m.sub.id, days: GRACE_DAYS + 1 });
    expect(expired.status).toBe(200);
    expect(expired.body.runs.map((run: { kind: string; result: string }) => `${run.kind}:${run.result}`)).toEqual([
      'renew:still_grace',
      'renew:still_grace',
      'renew:still_grace',
      'expire:expired',
    ]);
    expect(expired.body.subscription.status).toBe('expired');
    const jobs = await jobsOf(m.sub.id);
    expect(jobs.every((job) => job.done && job.period_end === daysBefore(movedEnd, GRACE_DAYS + 1).toISOString())).toBe(true);
    expect(await tierOf(t.db, m.id)).toBe('free');
    expect(chargesOf(sandbox, m.sub.id)).toEqual([]);
    // Nothing is left to come due: an expired subscription is not moved.
    expect(await advance(m.headers, { days: 1 })).toEqual({ status: 409, body: { error: expect.objectContaining({ code: 'action_not_allowed' }) } });

    expect(await loadSubscription(t.db, bystander.sub.id)).toMatchObject({ status: 'active', current_period_end: bystander.sub.current_period_end });
    expect(await tierOf(t.db, bystander.id)).toBe('basic');
  });
});

describe.each(BACKENDS)('billing test control absent on %s', (backend) => {
  it('is not a route without BILLING_TEST_CONTROL', async () => {
    const t = await startTestApp(backend);
    try {
      const signedIn = await signUp(t.app, `absent_${randomUUID().slice(0, 8)}@example.com`, `abs_${randomUUID().slice(0, 8)}`);
      const res = await t.app.inject({ method: 'POST', url: URL_PATH, headers: bearer(signedIn.token), payload: { days: 1 } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  }, DB_SETUP_TIMEOUT_MS);
});

it('is not a route in production even with the flag in the configuration', async () => {
  // On a copy of the migrated template: migrating an empty database in the test took over 30 s on a busy CI machine.
  const scratch = await createScratchDatabase('pglite', { migrated: true });
  const db = await scratch.open();
  const app = await buildApp(testConfig({ nodeEnv: 'production', jwtSecret: TEST_JWT_SECRET, billingTestControl: true }), { db });
  try {
    await app.ready();
    const res = await app.inject({ method: 'POST', url: URL_PATH, payload: { days: 1 } });
    expect(res.statusCode).toBe(404);
  } finally {
    await app.close();
    await scratch.drop();
  }
}, DB_SETUP_TIMEOUT_MS);
