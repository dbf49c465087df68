import type { OnFile } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';

interface CustomerRow {
  first_name: string | null;
  last_name: string | null;
  country: string | null;
  state: string | null;
  postal_code: string | null;
  card: { last_4: string; type: string; exp: string } | null;
  order_id: string | null;
}

/**
 * The member's details and card on file for the checkout (document 2 §3 on_file, §4 "If the price calculation
 * returns on_file data, the form shows a summary with a Change button"): null unless a card is on file. order_id is
 * the member's last paid order of the application.
 */
export async function loadOnFile(db: Queryable, userId: string, applicationId: string): Promise<OnFile | null> {
  const { rows } = await db.query<CustomerRow>(
    `select c.first_name, c.last_name, c.country, c.state, c.postal_code, c.card,
            (select o.id::text from billing_orders o where o.user_id = c.user_id and o.application_id = c.application_id
               and o.status = 'succeeded' order by o.created_at desc limit 1) as order_id
       from billing_customers c where c.user_id = $1 and c.application_id = $2 and c.card is not null`,
    [userId, applicationId],
  );
  const row = rows[0];
  if (!row || !row.card || !row.country) return null;
  return {
    first_name: row.first_name ?? '',
    last_name: row.last_name ?? '',
    country: row.country,
    ...(row.state ? { state: row.state } : {}),
    postal_code: row.postal_code ?? '',
    ...(row.order_id ? { order_id: row.order_id } : {}),
    credit_card: row.card,
  };
}
