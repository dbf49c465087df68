import webPush from 'web-push';
import type { PushPayload } from '@fable/contracts';
import type { ApiDeps } from '../../../http/apiPlugin';
import { JobGivenUpError } from '../../../infra/jobs/jobQueue';
import { PUSH_JOB_KIND } from '../notifyMember';
import { loadVapidKeys, type VapidKeys } from './vapidKeys';

/** How long a push service keeps a message for a browser that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

interface Target {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * The push_notification job: sends the notification (its id, title, body and link, as JSON, encrypted by web-push
 * per RFC 8291 and signed with our VAPID key) to each of the member's subscriptions it has not reached yet. Each
 * delivery is recorded, so a retried job never pushes twice to a browser it reached; the Topic header (the
 * notification's id) makes a push service replace, not repeat, a message still waiting. Only browsers whose session
 * is live are pushed to (sign-out ends it: the next person on that browser gets nothing of the last). A subscription the push
 * service says is gone (404, 410) is forgotten; any other failure fails the job, retried later for the rest.
 */
export function registerPushDelivery({ db, jobs, config, pushAgent }: Pick<ApiDeps, 'db' | 'jobs' | 'config' | 'pushAgent'>): void {
  let keys: Promise<VapidKeys | null> | null = null;
  jobs.handle(PUSH_JOB_KIND, async (job, now) => {
    const notificationId = String(job.payload.notification_id ?? '');
    const { rows } = await db.query<{ user_id: string; title: string; body: string; link: string | null }>(
      'select user_id, title, body, link from notifications where id::text = $1',
      [notificationId],
    );
    const notification = rows[0];
    if (!notification) return 'notification gone';
    keys ??= loadVapidKeys(db, config);
    const vapid = await keys;
    if (!vapid) throw new JobGivenUpError('no VAPID keys: push is off');
    const targets = await db.query<Target>(
      `select s.id, s.endpoint, s.p256dh, s.auth from push_subscriptions s
       join auth_sessions a on a.id = s.session_id and a.revoked_at is null
       where s.user_id = $1 and not exists (select 1 from push_deliveries d where d.subscription_id = s.id and d.notification_id::text = $2)`,
      [notification.user_id, notificationId],
    );
    const payload: PushPayload = { id: notificationId, title: notification.title, body: notification.body, link: notification.link };
    let failed = 0;
    for (const target of targets.rows) {
      try {
        await webPush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: PUSH_TTL_SECONDS,
          topic: notificationId.replace(/-/g, ''),
          timeout: PUSH_TIMEOUT_MS,
          ...(pushAgent ? { agent: pushAgent } : {}),
        });
        await db.query('insert into push_deliveries (notification_id, subscription_id, delivered_at) values ($1, $2, $3) on conflict do nothing', [notificationId, target.id, now]);
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) await db.query('delete from push_subscriptions where id = $1', [target.id]);
        else failed += 1;
      }
    }
    if (failed > 0) throw new Error(`${failed} of ${targets.rows.length} push deliveries failed`);
    return `pushed to ${targets.rows.length}`;
  });
}
