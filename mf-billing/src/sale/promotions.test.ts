import type { Promotion } from '@fable/contracts';
import { blackFridayPercentOff, countdownTo, formatCountdown, isRunning, runningPriceOffer, runningSale } from './promotions';

const promo = (over: Partial<Promotion>): Promotion => ({
  id: 'p',
  kind: 'birthday',
  title: 'Birthday Sale',
  starts_at: '2025-02-13T00:00:00.000Z',
  ends_at: '2025-02-16T00:00:00.000Z',
  price: 0.99,
  plan_id: 'premium_1m',
  offer_id: 'bday99',
  percent_off: null,
  currency: 'USD',
  ...over,
});

const at = (iso: string) => Date.parse(iso);

it('runs a promotion from its start (inclusive) to its end (exclusive): the birthday sale window of Feb 13 to Feb 15, 2025', () => {
  const birthday = promo({});
  expect(isRunning(birthday, at('2025-02-12T23:59:59.999Z'))).toBe(false);
  expect(isRunning(birthday, at('2025-02-13T00:00:00.000Z'))).toBe(true);
  expect(isRunning(birthday, at('2025-02-15T23:59:59.000Z'))).toBe(true);
  expect(isRunning(birthday, at('2025-02-16T00:00:00.000Z'))).toBe(false);
});

it('picks the sale of the banner, the $0.99 offer and the Black Friday percentage among the running promotions', () => {
  const bf = promo({ id: 'bf', kind: 'black_friday', title: 'Black Friday', price: null, plan_id: null, percent_off: 40, starts_at: '2025-11-28T00:00:00Z', ends_at: '2025-12-02T00:00:00Z' });
  const valentine = promo({ id: 'v', kind: 'valentine', starts_at: '2025-02-14T00:00:00Z', ends_at: '2025-02-15T00:00:00Z' });
  const all = [bf, promo({}), valentine];
  const feb14 = at('2025-02-14T12:00:00Z');
  expect(runningSale(all, feb14)?.id).toBe('p');
  // The one ending first first: Valentine's ends before the birthday sale.
  expect(runningPriceOffer(all, feb14)?.id).toBe('v');
  expect(blackFridayPercentOff(all, feb14)).toBeNull();
  const nov29 = at('2025-11-29T12:00:00Z');
  expect(runningSale(all, nov29)?.id).toBe('bf');
  expect(runningPriceOffer(all, nov29)).toBeNull();
  expect(blackFridayPercentOff(all, nov29)).toBe(40);
  expect(runningSale(undefined, nov29)).toBeNull();
});

it('counts down to the end in days, hours, minutes and seconds, never below zero', () => {
  const end = at('2025-02-16T00:00:00Z');
  expect(formatCountdown(countdownTo(end, at('2025-02-13T18:54:30Z')))).toBe('2d 05:05:30');
  expect(formatCountdown(countdownTo(end, at('2025-02-15T23:59:58.500Z')))).toBe('00:00:01');
  expect(countdownTo(end, at('2025-02-17T00:00:00Z'))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, over: true });
});
