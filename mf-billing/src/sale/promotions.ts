import type { Promotion } from '@fable/contracts';
import { runningPromotions } from '@fable/shared/promotions';
import { discounted } from '../plans/plans';

/** The running sale the banner shows (a Black Friday or a birthday sale, document 2 §2), or null. */
export function runningSale(promotions: readonly Promotion[] | undefined, now: number): Promotion | null {
  return runningPromotions(promotions, now).find((p) => p.kind === 'birthday' || p.kind === 'black_friday') ?? null;
}

/** The running Black Friday promotions' highest percentage off ("up to …% off"), or null. */
export function blackFridayPercentOff(promotions: readonly Promotion[] | undefined, now: number): number | null {
  const percents = runningPromotions(promotions, now).flatMap((p) => (p.kind === 'black_friday' && p.percent_off != null ? [p.percent_off] : []));
  return percents.length > 0 ? Math.max(...percents) : null;
}

/** A plan's sale: its price and the offer the checkout takes as o_id. */
export interface PlanSale {
  price: number;
  offerId: string | null;
}

/**
 * A plan's Black Friday price while one runs: the price of the running Black Friday promotion of that plan (the API
 * configures one per plan, with its offer), else the plan's price less a running plan-less promotion's percent_off.
 * Null when no Black Friday runs for it.
 */
export function blackFridaySale(promotions: readonly Promotion[] | undefined, now: number, plan: { plan_id: string; price: number }): PlanSale | null {
  const running = runningPromotions(promotions, now).filter((p) => p.kind === 'black_friday');
  const own = running.find((p) => p.plan_id === plan.plan_id && p.price != null);
  if (own) return { price: own.price!, offerId: own.offer_id ?? null };
  const general = running.find((p) => !p.plan_id && p.percent_off != null);
  return general ? { price: discounted(plan.price, general.percent_off!), offerId: general.offer_id ?? null } : null;
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Nothing left. */
  over: boolean;
}

/** What is left until `end` at `now`, in whole days, hours, minutes and seconds. */
export function countdownTo(end: number, now: number): Countdown {
  const left = Math.max(0, Math.floor((end - now) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    over: left === 0,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** "2d 03:04:05", or "03:04:05" under a day. */
export function formatCountdown({ days, hours, minutes, seconds }: Countdown): string {
  const clock = `${two(hours)}:${two(minutes)}:${two(seconds)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
