import type { Queryable } from '../../../infra/db/database';

/** A redirect provider's session of an order (billing_redirect_payments, migrations 018 and 023). */
export interface RedirectPayment {
  order_id: string;
  payment_method: string;
  provider: string;
  session_id: string;
  url: string;
  /** refunded: the order's refund of this session is recorded (markRedirectPaymentRefunded). */
  status: 'open' | 'completed' | 'canceled' | 'refunded';
}

const COLUMNS = 'order_id::text as order_id, payment_method, provider, session_id, url, status';

export async function redirectPaymentOf(db: Queryable, orderId: string): Promise<RedirectPayment | null> {
  const { rows } = await db.query<RedirectPayment>(`select ${COLUMNS} from billing_redirect_payments where order_id = $1`, [orderId]);
  return rows[0] ?? null;
}

/**
 * The redirect payment whose session is `sessionId` on the provider page `provider` (session_id is unique): for a
 * provider whose notification names only its payment (PayOK's payment_id), the order it pays.
 */
export async function redirectPaymentOfSession(db: Queryable, provider: string, sessionId: string): Promise<RedirectPayment | null> {
  const { rows } = await db.query<RedirectPayment>(`select ${COLUMNS} from billing_redirect_payments where session_id = $1 and provider = $2`, [sessionId, provider]);
  return rows[0] ?? null;
}

/** Records the order's session; the first one stays (a retry's session is the provider's replay of it). */
export async function saveRedirectPayment(db: Queryable, payment: Omit<RedirectPayment, 'status'>, now: Date): Promise<RedirectPayment> {
  await db.query(
    `insert into billing_redirect_payments (order_id, payment_method, provider, session_id, url, status, created_at)
     values ($1, $2, $3, $4, $5, 'open', $6) on conflict (order_id) do nothing`,
    [payment.order_id, payment.payment_method, payment.provider, payment.session_id, payment.url, now],
  );
  return (await redirectPaymentOf(db, payment.order_id)) as RedirectPayment;
}

/** The session's end as the provider announced it (once: only an open session changes). */
export async function finishRedirectPayment(db: Queryable, orderId: string, status: 'completed' | 'canceled', now: Date): Promise<void> {
  await db.query(`update billing_redirect_payments set status = $2, finished_at = $3 where order_id = $1 and status = 'open'`, [orderId, status, now]);
}

/**
 * The order's session `sessionId` refunded: called in the transaction that records the order's refund
 * (recordRefunded's order.refunded), so the row and the ledger say it together. Whatever the row read before (a
 * completion the API had not recorded yet, or a cancel the provider's completion came after), the money came and went
 * back; a card payment's refund (another charge id) leaves the row as it is.
 */
export async function markRedirectPaymentRefunded(db: Queryable, orderId: string, sessionId: string, now: Date): Promise<void> {
  await db.query(`update billing_redirect_payments set status = 'refunded', refunded_at = $3 where order_id = $1 and session_id = $2 and status <> 'refunded'`, [orderId, sessionId, now]);
}
