import type { Queryable } from '../../infra/db/database';
import { jobQueueOn } from '../../infra/jobs/jobQueue';
import { insertNotification, type NewNotification } from './notificationRepository';

/** The job that sends a notification to the member's browsers (push/pushDelivery.ts). */
export const PUSH_JOB_KIND = 'push_notification';

const backgroundJobs = jobQueueOn('background_jobs');

/**
 * Notifies a member: keeps the notification (once per dedupe key) and queues its Web Push delivery (a background job),
 * in the caller's transaction when given one, so a decision and its notice are written together or not at all.
 * Answers whether it was new.
 */
export async function notifyMember(db: Queryable, n: NewNotification): Promise<boolean> {
  const id = await insertNotification(db, n);
  if (!id) return false;
  await backgroundJobs.enqueueJob(db, { kind: PUSH_JOB_KIND, payload: { notification_id: id }, runAt: n.now, dedupeKey: `push:${id}`, maxAttempts: 6 }, n.now);
  return true;
}
