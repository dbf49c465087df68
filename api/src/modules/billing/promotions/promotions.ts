import type { Promotion } from '@fable/contracts';
import type { Queryable } from '../../../infra/db/database';
import { toMajor } from '@fable/rules/billing';

interface PromotionRow {
  id: string;
  kind: Promotion['kind'];
  title: string;
  starts_at: Date;
  ends_at: Date;
  price_minor: number | null;
  plan_id: string | null;
  offer_code: string | null;
  percent_off: string | null;
  currency: string;
}

/**
 * The promotions of an application that are active or announced at `now` (billing_promotions, migration 017):
 * shown_from <= now < ends_at, soonest first. Dates and prices are configuration (the table), never code.
 */
export async function currentPromotions(db: Queryable, applicationId: string, now: Date): Promise<Promotion[]> {
  const { rows } = await db.query<PromotionRow>(
    `select id, kind, title, starts_at, ends_at, price_minor, plan_id, offer_code, percent_off::text as percent_off, currency
       from billing_promotions
      where application_id = $1 and shown_from <= $2 and ends_at > $2
      order by starts_at, id`,
    [applicationId, now],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    price: row.price_minor === null ? null : toMajor(row.price_minor),
    plan_id: row.plan_id,
    offer_id: row.offer_code,
    percent_off: row.percent_off === null ? null : Number(row.percent_off),
    currency: row.currency,
  }));
}
