import { normalCode, type Coupon } from '@fable/rules/billing';
import type { Queryable } from '../../infra/db/database';

// The coupon rules (applicability, discount, the normal form of a code) are @fable/rules/billing's
// (rules/src/billing/coupons.ts); here the reads of billing_coupons and billing_orders.

/** A coupon or offer of an application by code (any case), or null. */
export async function findCoupon(db: Queryable, applicationId: string, code: string, kind: Coupon['kind']): Promise<Coupon | null> {
  const { rows } = await db.query<Coupon>(
    `select code, kind, percent_off::text as percent_off, amount_off_minor, currency, duration, duration_months, valid_from, valid_until,
            max_redemptions, plan_ids
       from billing_coupons where application_id = $1 and code = $2 and kind = $3`,
    [applicationId, normalCode(code), kind],
  );
  return rows[0] ?? null;
}

/** How many paid orders used a coupon (max_redemptions counts these). */
export async function couponRedemptions(db: Queryable, applicationId: string, code: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from billing_orders where application_id = $1 and coupon_code = $2 and status = 'succeeded'`,
    [applicationId, code],
  );
  return rows[0]?.n ?? 0;
}
