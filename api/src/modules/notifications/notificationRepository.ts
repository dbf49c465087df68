import { randomUUID } from 'node:crypto';
import { NOTIFICATIONS_PAGE_SIZE, type MarkReadBody, type MemberNotification, type NotificationKind, type NotificationsPage } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';

/** A member's notifications: kept once per event, listed newest first, marked read. */

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link?: string | null;
  /** One notification per member and key: a retried event or a job run twice never notifies twice. */
  dedupeKey: string;
  now: Date;
}

/** Keeps a notification; answers its id, or null when that event was already notified. */
export async function insertNotification(db: Queryable, n: NewNotification): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `insert into notifications (id, user_id, kind, title, body, link, dedupe_key, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (user_id, dedupe_key) do nothing returning id`,
    [randomUUID(), n.userId, n.kind, n.title.slice(0, 200), n.body.slice(0, 2000), n.link ?? null, n.dedupeKey, n.now],
  );
  return rows[0]?.id ?? null;
}

interface Row {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}

const toNotification = (r: Row): MemberNotification => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  created_at: r.created_at.toISOString(),
  read: r.read_at !== null,
});

export async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>('select count(*) as n from notifications where user_id = $1 and read_at is null', [userId]);
  return Number(rows[0]?.n ?? 0);
}

/** A page of a member's notifications, newest first, after `before` (the last id of the previous page). */
export async function listNotifications(db: Queryable, userId: string, before: string | undefined): Promise<NotificationsPage> {
  const params: unknown[] = [userId];
  let after = '';
  if (before) {
    params.push(before);
    after = `and (n.created_at, n.id) < (select b.created_at, b.id from notifications b where b.id::text = $2 and b.user_id = $1)`;
  }
  const { rows } = await db.query<Row>(
    `select n.id, n.kind, n.title, n.body, n.link, n.created_at, n.read_at from notifications n
     where n.user_id = $1 ${after} order by n.created_at desc, n.id desc limit ${NOTIFICATIONS_PAGE_SIZE + 1}`,
    params as string[],
  );
  const items = rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map(toNotification);
  return { items, unread: await unreadCount(db, userId), next_before: rows.length > NOTIFICATIONS_PAGE_SIZE ? items[items.length - 1]!.id : null };
}

/** Marks some (theirs only) or all of a member's notifications read; answers what stays unread. */
export async function markRead(db: Queryable, userId: string, body: MarkReadBody, now: Date): Promise<number> {
  if ('all' in body) {
    await db.query('update notifications set read_at = $2 where user_id = $1 and read_at is null', [userId, now]);
  } else {
    await db.query('update notifications set read_at = $3 where user_id = $1 and id::text = any($2) and read_at is null', [userId, body.ids, now]);
  }
  return unreadCount(db, userId);
}
