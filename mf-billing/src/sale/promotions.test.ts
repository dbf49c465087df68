import type { Promotion } from '@fable/contracts';
import { isRunning, runningPriceOffer } from '@fable/shared/promotions';
import { blackFridayPercentOff, blackFridaySale, countdownTo, formatCountdown, runningSale } from './promotions';

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
  expect(runningPriceOffer(all, feb14, { valentine: true })?.id).toBe('v');
  // Where the Valentine promo is not offered (its flag off, a guest, a premium member), the birthday one.
  expect(runningPriceOffer(all, feb14, { valentine: false })?.id).toBe('p');
  expect(blackFridayPercentOff(all, feb14)).toBeNull();
  const nov29 = at('2025-11-29T12:00:00Z');
  expect(runningSale(all, nov29)?.id).toBe('bf');
  expect(runningPriceOffer(all, nov29, { valentine: true })).toBeNull();
  expect(blackFridayPercentOff(all, nov29)).toBe(40);
  expect(runningSale(undefined, nov29)).toBeNull();
});

it('counts down to the end in days, hours, minutes and seconds, never below zero', () => {
  const end = at('2025-02-16T00:00:00Z');
  expect(formatCountdown(countdownTo(end, at('2025-02-13T18:54:30Z')))).toBe('2d 05:05:30');
  expect(formatCountdown(countdownTo(end, at('2025-02-15T23:59:58.500Z')))).toBe('00:00:01');
  expect(countdownTo(end, at('2025-02-17T00:00:00Z'))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, over: true });
});

it('prices a plan at its own running Black Friday promotion, else at a plan-less one’s percentage, else not at all', () => {
  const window = { starts_at: '2026-11-27T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' };
  const basic = promo({ id: 'bf-basic', kind: 'black_friday', ...window, price: 110, plan_id: 'basic_1y', offer_id: 'BF_BASIC', percent_off: 38.89 });
  const general = promo({ id: 'bf', kind: 'black_friday', ...window, price: null, plan_id: null, offer_id: null, percent_off: 40 });
  const now = at('2026-11-28T00:00:00Z');
  expect(blackFridaySale([basic], now, { plan_id: 'basic_1y', price: 149.99 })).toEqual({ price: 110, offerId: 'BF_BASIC' });
  expect(blackFridaySale([basic], now, { plan_id: 'premium_1y', price: 249.99 })).toBeNull();
  expect(blackFridaySale([basic, general], now, { plan_id: 'premium_1y', price: 249.99 })).toEqual({ price: 149.99, offerId: null });
  expect(blackFridaySale([basic], at('2026-12-01T00:00:00Z'), { plan_id: 'basic_1y', price: 149.99 })).toBeNull();
  expect(blackFridayPercentOff([basic, general], now)).toBe(40);
});
