import type { SubscriptionStatus } from '@fable/contracts';
import type { Queryable, SqlParam } from '../../../infra/db/database';
import type { PaymentMethodSummary } from '../subscriptions/activate';

/** The card that pays (subscriptions.payment_method), as the subscribe flow writes it. */
export type { PaymentMethodSummary };

/** A subscriptions row (016_billing.sql). current_period_end is the portal's recur_at. */
export interface SubscriptionRow {
  id: string;
  user_id: string;
  application_id: string;
  plan_id: string;
  next_plan_id: string | null;
  status: SubscriptionStatus;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  provider: string;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  payment_method: PaymentMethodSummary | null;
  coupon_code: string | null;
  coupon_charges_left: number | null;
  revision: number;
  created_at: Date;
  updated_at: Date;
}

/** Subscriptions given by us (leaderboard prizes), not paid: never charged, they end at their period end. */
export const COMPLIMENTARY_PROVIDER = 'complimentary';

/** The providers our payments gateway charges (PaymentsGateway.provider): their subscriptions renew off-session. */
export const CHARGED_PROVIDERS: readonly string[] = ['sandbox', 'stripe'];

/** Whether we charge the subscription's renewals (not a supporter platform's, the app store's or a complimentary one). */
export function isChargedByUs(sub: Pick<SubscriptionRow, 'provider'>): boolean {
  return CHARGED_PROVIDERS.includes(sub.provider);
}

/**
 * Whether the portal manages the subscription (document 2 §6 "when the platform allows it"): ours, paid or
 * complimentary. A SubscribeStar (or other platform's) subscription is managed there; the lifecycle only ends it.
 */
export function isManagedHere(sub: Pick<SubscriptionRow, 'provider'>): boolean {
  return isChargedByUs(sub) || sub.provider === COMPLIMENTARY_PROVIDER;
}

const COLUMNS = `id::text as id, user_id::text as user_id, application_id, plan_id, next_plan_id, status, current_period_start,
  current_period_end, cancel_at_period_end, provider, provider_customer_id, provider_subscription_id, payment_method, coupon_code,
  coupon_charges_left, revision, created_at, updated_at`;

/** A subscription by id; `forUpdate` locks the row until the transaction ends (use it on a transaction's handle). */
export async function loadSubscription(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(
    `select ${COLUMNS} from subscriptions where id = $1${options.forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** A member's subscriptions of an application, the live one (not expired) first, then the latest. */
export async function subscriptionsOf(db: Queryable, userId: string, applicationId: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `select ${COLUMNS} from subscriptions where user_id = $1 and application_id = $2
      order by (status = 'expired'), current_period_end desc, created_at desc`,
    [userId, applicationId],
  );
  return rows;
}

/** The member's live (not expired) subscription of an application, locked when `forUpdate`. */
export async function liveSubscriptionOf(db: Queryable, userId: string, applicationId: string, options: { forUpdate?: boolean } = {}): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(
    `select ${COLUMNS} from subscriptions where user_id = $1 and application_id = $2 and status <> 'expired'${options.forUpdate ? ' for update' : ''}`,
    [userId, applicationId],
  );
  return rows[0] ?? null;
}

/** The columns a lifecycle change may set. */
export type SubscriptionChanges = Partial<
  Pick<
    SubscriptionRow,
    | 'plan_id'
    | 'next_plan_id'
    | 'status'
    | 'current_period_start'
    | 'current_period_end'
    | 'cancel_at_period_end'
    | 'payment_method'
    | 'provider_customer_id'
    | 'coupon_code'
    | 'coupon_charges_left'
  >
>;

/** Thrown when the row changed since it was read (its revision moved): the caller's transaction rolls back. */
export class StaleSubscriptionError extends Error {
  constructor(id: string) {
    super(`subscription ${id} changed since it was read`);
    this.name = 'StaleSubscriptionError';
  }
}

/**
 * Writes `changes` to a subscription read at `sub.revision`, counting a new revision: the update applies only while the
 * row is still at that revision (StaleSubscriptionError otherwise). Answers the row as written.
 */
export async function writeSubscription(tx: Queryable, sub: SubscriptionRow, changes: SubscriptionChanges, now: Date): Promise<SubscriptionRow> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  const sets = entries.map(([column], i) => `${column} = $${i + 4}`);
  const values = entries.map(([column, value]) => (column === 'payment_method' && value !== null ? JSON.stringify(value) : value));
  const { rows } = await tx.query<SubscriptionRow>(
    `update subscriptions set ${[...sets, 'revision = revision + 1', 'updated_at = $3'].join(', ')}
      where id = $1 and revision = $2 returning ${COLUMNS}`,
    [sub.id, sub.revision, now, ...(values as SqlParam[])],
  );
  const row = rows[0];
  if (!row) throw new StaleSubscriptionError(sub.id);
  return row;
}
