import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../infra/db/database';
import { loadOrder, type OrderRow } from './orders';

/**
 * The lease of the request driving an order (migration 019): the request that charges an order holds it; a duplicate
 * on any API process behind the same database waits for it and then reads the order, so one order is driven by one
 * request at a time and charged once. A lease runs out after ORDER_LEASE_MS (its process died meanwhile).
 */

/** How long a lease holds (longer than the provider calls of one drive, retries included). */
export const ORDER_LEASE_MS = 2 * 60_000;
/** How often a waiting request reads the order row again. */
export const ORDER_WAIT_POLL_MS = 50;

/** A fresh lease holder's token with its expiry: what insertOrder stores for the request that made the order. */
export const newOrderLease = (now: Date) => ({ holder: randomUUID(), until: new Date(now.getTime() + ORDER_LEASE_MS) });

/** Takes the lease of a pending order nobody holds (or whose lease ran out): the holder's token, else null. */
export async function acquireOrderLease(db: Queryable, orderId: string, now: Date): Promise<string | null> {
  const lease = newOrderLease(now);
  const { rowCount } = await db.query(
    `update billing_orders set lease_holder = $2, lease_until = $3
      where id = $1 and status = 'pending' and (lease_until is null or lease_until <= $4)`,
    [orderId, lease.holder, lease.until, now],
  );
  return rowCount > 0 ? lease.holder : null;
}

/** Gives the lease back (only the holder's own). */
export async function releaseOrderLease(db: Queryable, orderId: string, holder: string): Promise<void> {
  await db.query('update billing_orders set lease_holder = null, lease_until = null where id = $1 and lease_holder = $2', [orderId, holder]);
}

/** Whether someone holds the order's lease now. */
export async function isOrderLeased(db: Queryable, orderId: string, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ leased: boolean }>('select lease_until is not null and lease_until > $2 as leased from billing_orders where id = $1', [orderId, now]);
  return rows[0]?.leased ?? false;
}

/**
 * Waits (polling the row) until nobody holds the order's lease, for at most `timeoutMs` of real time: the order as it
 * is then, or null when it was still held at the end.
 */
export async function waitForOrderLease(deps: { db: Queryable; clock: { now(): Date } }, orderId: string, timeoutMs: number): Promise<OrderRow | null> {
  const deadline = Date.now() + timeoutMs;
  while (await isOrderLeased(deps.db, orderId, deps.clock.now())) {
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, ORDER_WAIT_POLL_MS));
  }
  return loadOrder(deps.db, orderId);
}
