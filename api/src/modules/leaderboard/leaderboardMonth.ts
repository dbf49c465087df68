/**
 * Leaderboard months ('yyyy-mm', the query parameter date) and their boundaries. Months are UTC calendar months:
 * month M runs from the first day of M at 00:00 UTC (inclusive) to the first day of M+1 (exclusive).
 */

export type Month = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function parts(month: Month): { year: number; index: number } {
  const m = MONTH.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  return { year: Number(m[1]), index: Number(m[2]) - 1 };
}

const format = (year: number, index: number): Month => {
  const d = new Date(Date.UTC(year, index, 1));
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The month an instant falls in (UTC). */
export function monthOf(instant: Date): Month {
  return format(instant.getUTCFullYear(), instant.getUTCMonth());
}

export function addMonths(month: Month, delta: number): Month {
  const { year, index } = parts(month);
  return format(year, index + delta);
}

export const previousMonth = (month: Month): Month => addMonths(month, -1);

/** First instant of the month (UTC). */
export function monthStart(month: Month): Date {
  const { year, index } = parts(month);
  return new Date(Date.UTC(year, index, 1));
}

/** First instant after the month (UTC): the start of the next month. */
export function monthEnd(month: Month): Date {
  const { year, index } = parts(month);
  return new Date(Date.UTC(year, index + 1, 1));
}

/** 'yyyy-mm-dd' of an instant (UTC): the day column of character_daily_activity. */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The instant plus whole calendar months (UTC); a day past the target month's end is clamped to its last day. */
export { addMonths as addCalendarMonths } from '@fable/rules/calendar';

/** A number unique per month (yyyymm), for advisory locks. */
export function monthNumber(month: Month): number {
  const { year, index } = parts(month);
  return year * 100 + index + 1;
}
