import type { Queryable } from '../../../infra/db/database';
import type { PaymentEvent } from '../../../infra/payments/paymentsGateway';

/**
 * The provider's events as received (payment_webhook_events, 016_billing.sql): kept once per (provider, event id),
 * with the provider's event time; applied_at once handled. A redelivery of an applied event does nothing.
 */
export async function recordEvent(db: Queryable, provider: string, event: PaymentEvent, now: Date): Promise<{ applied: boolean }> {
  await db.query(
    `insert into payment_webhook_events (provider, event_id, event_created_at, type, payload, received_at)
     values ($1, $2, to_timestamp($3), $4, $5, $6) on conflict (provider, event_id) do nothing`,
    [provider, event.id, event.created, event.type, JSON.stringify(event), now],
  );
  const { rows } = await db.query<{ applied_at: Date | null }>('select applied_at from payment_webhook_events where provider = $1 and event_id = $2', [provider, event.id]);
  return { applied: rows[0]?.applied_at != null };
}

/** How long a delivery may hold an event while applying it; after that another delivery may take it again. */
export const EVENT_CLAIM_MS = 60_000;

/**
 * Takes the event for this delivery: true when no other delivery is applying it now (and it is not applied). Two
 * copies of one event arriving together: one claims it and runs the handler, the other is acknowledged and does not.
 */
export async function claimEvent(db: Queryable, provider: string, eventId: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `update payment_webhook_events set claimed_until = $3
      where provider = $1 and event_id = $2 and applied_at is null and (claimed_until is null or claimed_until <= $4)
      returning event_id`,
    [provider, eventId, new Date(now.getTime() + EVENT_CLAIM_MS), now],
  );
  return rows.length > 0;
}

/** Gives the event back when applying it failed, so that the provider's retry applies it at once. */
export async function releaseEvent(db: Queryable, provider: string, eventId: string): Promise<void> {
  await db.query('update payment_webhook_events set claimed_until = null where provider = $1 and event_id = $2 and applied_at is null', [provider, eventId]);
}

export async function markApplied(db: Queryable, provider: string, eventId: string, now: Date): Promise<void> {
  await db.query('update payment_webhook_events set applied_at = $3, claimed_until = null where provider = $1 and event_id = $2 and applied_at is null', [provider, eventId, now]);
}

/**
 * Whether an event about the same object (payment intent, redirect session, …) that the provider made LATER has been
 * applied already: then this one is late news and must not overwrite the newer state (issue 15: "a late `updated`
 * never overwrites a newer state"). Events of the same second are not ordered by time; the handlers' state
 * machines (an order leaves an open status once) keep those safe.
 */
export async function newerEventApplied(db: Queryable, provider: string, event: PaymentEvent): Promise<boolean> {
  const objectId = typeof event.object.id === 'string' ? event.object.id : null;
  if (!objectId) return false;
  const { rows } = await db.query(
    `select 1 from payment_webhook_events
      where provider = $1 and applied_at is not null and event_id <> $2 and payload -> 'object' ->> 'id' = $3 and event_created_at > to_timestamp($4)
      limit 1`,
    [provider, event.id, objectId, event.created],
  );
  return rows.length > 0;
}
