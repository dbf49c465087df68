import type { BackgroundJobs } from '../../infra/jobs/backgroundJobs';
import type { Queryable } from '../../infra/db/database';
import { insertNotification, type NewNotification } from './notificationRepository';

/** The job that sends a notification to the member's browsers (push/pushDelivery.ts). */
export const PUSH_JOB_KIND = 'push_notification';

/**
 * Notifies a member: keeps the notification (once per dedupe key) and queues its Web Push delivery, in the caller's
 * transaction when given one, so a decision and its notice are written together or not at all. Answers whether it
 * was new.
 */
export async function notifyMember(db: Queryable, jobs: Pick<BackgroundJobs, 'enqueue'>, n: NewNotification): Promise<boolean> {
  const id = await insertNotification(db, n);
  if (!id) return false;
  await jobs.enqueue(db, { kind: PUSH_JOB_KIND, payload: { notification_id: id }, runAt: n.now, dedupeKey: `push:${id}`, maxAttempts: 6 }, n.now);
  return true;
}
