/** Billing periods in calendar months: a monthly plan runs 1, an annual plan 12. */
export const PERIOD_MONTHS = { monthly: 1, annual: 12 } as const;

/**
 * `date` plus `months` calendar months, the day of month kept or clamped to the month's last day (Jan 31 + 1 month =
 * Feb 28/29), in UTC.
 */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** The end of a period of `period` starting at `start`. */
export function periodEnd(start: Date, period: keyof typeof PERIOD_MONTHS): Date {
  return addMonths(start, PERIOD_MONTHS[period]);
}

export const DAY_MS = 24 * 60 * 60_000;
