import { addCalendarMonths, addMonths, dayOf, monthEnd, monthOf, monthStart, previousMonth } from './leaderboardMonth';

describe('leaderboard months', () => {
  it('takes months in UTC', () => {
    expect(monthOf(new Date('2026-10-31T23:59:59.999Z'))).toBe('2026-10');
    expect(monthOf(new Date('2026-11-01T00:00:00.000Z'))).toBe('2026-11');
    expect(monthStart('2026-10').toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect(monthEnd('2026-12').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(dayOf(new Date('2026-10-31T23:59:59Z'))).toBe('2026-10-31');
  });

  it('steps over year ends', () => {
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-03', -14)).toBe('2025-01');
    expect(() => addMonths('2026-13', 1)).toThrow('not a month');
  });

  it('adds calendar months, clamping to the end of a shorter month', () => {
    expect(addCalendarMonths(new Date('2026-10-15T12:00:00Z'), 1).toISOString()).toBe('2026-11-15T12:00:00.000Z');
    expect(addCalendarMonths(new Date('2026-01-31T08:00:00Z'), 1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addCalendarMonths(new Date('2026-12-31T00:00:00Z'), 2).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });
});
