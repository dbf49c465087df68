import { addMonths } from '../calendar/calendar';
import { periodEnd } from './periods';

describe('billing periods', () => {
  it('adds calendar months, clamping the day to the month end', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2026-03-15T12:00:00Z'), 12).toISOString()).toBe('2027-03-15T12:00:00.000Z');
    expect(addMonths(new Date('2026-11-30T00:00:00Z'), 3).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });

  it('ends a monthly period a month on and an annual one a year on', () => {
    const start = new Date('2026-03-15T12:00:00Z');
    expect(periodEnd(start, 'monthly').toISOString()).toBe('2026-04-15T12:00:00.000Z');
    expect(periodEnd(start, 'annual').toISOString()).toBe('2027-03-15T12:00:00.000Z');
  });
});
