// TEST-ONLY: a control route that moves one subscription's time, for the e2e suite. Registered only when the
// configuration's billingTestControl is on (BILLING_TEST_CONTROL=1, refused by loadConfig under NODE_ENV=production)
// and NODE_ENV is not production (billingRoutes checks both).
import { z } from 'zod';
import { memberOf } from '../../../http/access';
import type { ApiPlugin } from '../../../http/apiPlugin';
import { AppError } from '../../../http/appError';
import type { Database } from '../../../infra/db/database';
import { portalErrors } from '../portal/portalErrors';
import { runBillingJobs, type JobRun } from './billingJobs';
import type { LifecycleDeps } from './lifecycleDeps';
import { DAY_MS } from '@fable/rules/billing';
import { changeSubscription } from './subscriptionChange';
import { loadSubscription, subscriptionsOf, type SubscriptionRow } from './subscriptionStore';

export const BILLING_TEST_CONTROL_PATH = '/_test/billing/advance';

export const AdvanceBodySchema = z.strictObject({
  /** The subscription to move; unset: the caller's own (the live one, else the latest). */
  subscription_id: z.uuid().optional(),
  /** Whole days to move it into the past. */
  days: z.number().int().min(1).max(3650),
});

const AdvanceAnswerSchema = z.object({
  subscription: z.object({ id: z.string(), status: z.string(), current_period_start: z.string(), current_period_end: z.string() }),
  /** The jobs of this subscription that ran (renewals, retries, expiries) and their results. */
  runs: z.array(z.object({ id: z.string(), kind: z.string(), result: z.string(), error: z.string().optional() })),
});

interface QueuedJob {
  id: string;
  run_at: Date;
  payload: Record<string, unknown>;
  dedupe_key: string | null;
}

/**
 * Moves the subscription's own timeline `days` into the past, as if it had all happened that much earlier: its
 * period start and end (the grace window is counted from the period end) and every billing job queued for it (run
 * time, the period end in its payload and in its dedupe key). One transaction with the row locked; the change is
 * a revision with its ledger entry (`test.time_advanced`). Nothing else moves: not the API's clock, not another
 * subscription.
 */
export async function advanceSubscription(db: Database, sub: SubscriptionRow, days: number, now: Date): Promise<void> {
  const shift = days * DAY_MS;
  const back = (date: Date) => new Date(date.getTime() - shift);
  await db.transaction(async (tx) => {
    const locked = (await loadSubscription(tx, sub.id, { forUpdate: true })) as SubscriptionRow;
    await changeSubscription(
      tx,
      locked,
      { current_period_start: back(locked.current_period_start), current_period_end: back(locked.current_period_end) },
      { actor: 'system', action: 'test.time_advanced', details: { days } },
      now,
    );
    const { rows: jobs } = await tx.query<QueuedJob>(
      `select id::text as id, run_at, payload, dedupe_key from billing_jobs where payload->>'subscription_id' = $1 for update`,
      [sub.id],
    );
    // Earliest period first: a job's new key may be the old key of the job moved just before it (never of one after).
    const periodOf = (job: QueuedJob) => (typeof job.payload.period_end === 'string' ? Date.parse(job.payload.period_end) : job.run_at.getTime());
    for (const job of jobs.sort((a, b) => periodOf(a) - periodOf(b) || a.run_at.getTime() - b.run_at.getTime())) {
      const payload = { ...job.payload };
      let key = job.dedupe_key;
      if (typeof job.payload.period_end === 'string') {
        const oldEnd = new Date(job.payload.period_end);
        const newEnd = back(oldEnd);
        payload.period_end = newEnd.toISOString();
        key = key?.replace(`:${oldEnd.toISOString()}`, `:${newEnd.toISOString()}`) ?? null;
      }
      await tx.query('update billing_jobs set run_at = $2, payload = $3, dedupe_key = $4 where id = $1', [job.id, back(job.run_at), JSON.stringify(payload), key]);
    }
  });
}

/**
 * POST /api/_test/billing/advance {subscription_id?, days}: moves one subscription `days` into the past
 * (advanceSubscription), then runs the due billing jobs with runBillingJobs at the app's clock, as the worker does.
 * Members only (401 otherwise); a member moves their own subscription (another's: 403 unless an admin); unknown:
 * 404; an expired one: 409. Answers the subscription after the run and the runs of its jobs.
 */
export const billingTestControlRoutes: ApiPlugin = async (app, deps) => {
  const lifecycle: LifecycleDeps = { db: deps.db, payments: deps.payments };
  app.post(
    BILLING_TEST_CONTROL_PATH,
    { schema: { body: AdvanceBodySchema, response: { 200: AdvanceAnswerSchema } }, config: { access: 'member' } },
    async (request) => {
      const member = memberOf(request);
      const { subscription_id: id, days } = request.body;
      const sub = id ? await loadSubscription(deps.db, id) : ((await subscriptionsOf(deps.db, member.userId, member.applicationId))[0] ?? null);
      if (!sub) throw portalErrors.subscriptionNotFound();
      if (sub.user_id !== member.userId && !member.user.permissions.includes('admin')) {
        throw AppError.forbidden('You may only move your own subscription');
      }
      // An ended subscription has nothing left to come due (and its row must not set the tier of a newer one).
      if (sub.status === 'expired') throw portalErrors.actionNotAllowed('advance', sub.status, 'expired');
      await advanceSubscription(deps.db, sub, days, deps.clock.now());
      const runs: JobRun[] = await runBillingJobs(lifecycle, deps.clock.now(), { worker: 'test-control' });
      const after = (await loadSubscription(deps.db, sub.id)) as SubscriptionRow;
      return {
        subscription: {
          id: after.id,
          status: after.status,
          current_period_start: after.current_period_start.toISOString(),
          current_period_end: after.current_period_end.toISOString(),
        },
        runs: runs.filter((run) => run.subscription_id === sub.id).map(({ id: jobId, kind, result, error }) => ({ id: jobId, kind, result, ...(error ? { error } : {}) })),
      };
    },
  );
};
