import type { Queryable } from '../../infra/db/database';

/**
 * The tax rate in basis points for a country and state: the state's own rate, else the country's ('' state), else 0.
 * billing_tax_rates is a STAND-IN FOR A TAX SERVICE (a few illustrative rates); a real deployment asks one here.
 */
export async function taxRateBps(db: Queryable, country: string, state: string): Promise<number> {
  const { rows } = await db.query<{ rate_bps: number }>(
    `select rate_bps from billing_tax_rates where country = $1 and state in ($2, '') order by state desc limit 1`,
    [country, state],
  );
  return rows[0]?.rate_bps ?? 0;
}
