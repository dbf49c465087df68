// Calendar arithmetic in UTC, for billing periods and the leaderboard's prize months alike.

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
