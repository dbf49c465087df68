import { addMonths } from '../calendar/calendar';

/** Billing periods in calendar months: a monthly plan runs 1, an annual plan 12. */
export const PERIOD_MONTHS = { monthly: 1, annual: 12 } as const;

/** The end of a period of `period` starting at `start`. */
export function periodEnd(start: Date, period: keyof typeof PERIOD_MONTHS): Date {
  return addMonths(start, PERIOD_MONTHS[period]);
}

export const DAY_MS = 24 * 60 * 60_000;
