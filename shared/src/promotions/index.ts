import { billingFlowCalls, PromotionsSchema, type Promotion } from '@fable/contracts';
// Through @fable/shared: the one api and store of the page (this file is bundled by each remote that uses it, as
// `@fable/shared/promotions`, off the shared runtime every page loads).
import { api, selectAuthStatus, selectFlag, selectUser, type RootState } from '@fable/shared';

export type { Promotion };

const C = billingFlowCalls.promotions;

/**
 * GET subscriptions/promotions: the sales of the application, from configuration (document 2 §2 sale banner, §9
 * birthday sale and Black Friday; document 1 §2 Valentine), read with the contract's schema. One endpoint for the
 * subscribe and sale pages and home, so the page asks once.
 */
export const promotionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    promotions: build.query<Promotion[], void>({
      query: () => ({ url: C.path, method: C.method }),
      transformResponse: (raw: unknown) => PromotionsSchema.parse(raw).promotions,
    }),
  }),
});

export const { usePromotionsQuery } = promotionsApi;

/** Whether a promotion runs at `now`: from its starts_at (inclusive) to its ends_at (exclusive). */
export function isRunning(promotion: Promotion, now: number): boolean {
  return Date.parse(promotion.starts_at) <= now && now < Date.parse(promotion.ends_at);
}

/** The promotions running at `now`, the one ending first first. */
export function runningPromotions(promotions: readonly Promotion[] | undefined, now: number): Promotion[] {
  return (promotions ?? []).filter((p) => isRunning(p, now)).sort((a, b) => Date.parse(a.ends_at) - Date.parse(b.ends_at));
}

/** A $0.99-style offer: a price for the first month of a plan. */
const priced = (p: Promotion) => p.price != null && !!p.plan_id;

/**
 * The running $0.99 promotion (Valentine or Birthday, with a price and a plan), or null. The Valentine promo only
 * where `valentine` allows it (selectValentineOffered).
 */
export function runningPriceOffer(
  promotions: readonly Promotion[] | undefined,
  now: number,
  { valentine, birthday = true }: { valentine: boolean; birthday?: boolean },
): Promotion | null {
  return runningPromotions(promotions, now).find((p) => ((p.kind === 'valentine' && valentine) || (p.kind === 'birthday' && birthday)) && priced(p)) ?? null;
}

/**
 * Whether the Valentine promo is offered (document 1 §6 "Valentine promo (signed-in non-premium on home and
 * subscribe)"): its flag on, a signed-in member, not on premium.
 */
export const selectValentineOffered = (state: RootState): boolean =>
  selectFlag(state, 'valentine_promo') && selectAuthStatus(state) === 'authenticated' && selectUser(state)?.tier !== 'premium';

/** "$149.99": two decimals (document 2 §9). */
export function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

/** The words of a $0.99 offer wherever it shows (ours around the promotion's price). */
export const PRICE_OFFER_TEXTS = {
  oneMonth: (price: number, currency: string) => `${formatPrice(price, currency)} for your first month`,
  claim: (price: number, currency: string) => `Get it for ${formatPrice(price, currency)}`,
  notNow: 'Not now',
} as const;

/** The checkout of a plan (document 2 §2 "/checkout": plan_id, o_id). */
export function checkoutLink(planId: string, offerId?: string | null): string {
  const query = new URLSearchParams({ plan_id: planId });
  if (offerId) query.set('o_id', offerId);
  return `/checkout?${query.toString()}`;
}
