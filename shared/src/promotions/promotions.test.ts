import type { Promotion } from '@fable/contracts';
import { runningMockPromotions } from '@fable/mocks';
import { becameGuest, signedIn } from '../session/sessionSlice';
import { deploymentFixture, storeWith } from '../testing/deployments';
import { checkoutLink, PRICE_OFFER_TEXTS, runningPriceOffer, selectValentineOffered } from '.';

const now = Date.parse('2026-02-14T12:00:00Z');
/** The mocks' running Valentine promotion ($0.99 for a month of premium), changed by `over`. */
const offer = (over: Partial<Promotion> = {}): Promotion => ({ ...runningMockPromotions('valentine', now)[0]!, ...over });

it('finds a running $0.99 offer with its price and plan, the Valentine one only where it is offered', () => {
  expect(runningPriceOffer([offer()], now, { valentine: true })?.id).toBe('valentine-now');
  expect(runningPriceOffer([offer()], now, { valentine: false })).toBeNull();
  expect(runningPriceOffer([offer({ kind: 'birthday' })], now, { valentine: false })?.id).toBe('valentine-now');
  expect(runningPriceOffer([offer({ kind: 'birthday' })], now, { valentine: true, birthday: false })).toBeNull();
  expect(runningPriceOffer([offer({ ends_at: new Date(now).toISOString() })], now, { valentine: true })).toBeNull();
  expect(runningPriceOffer([offer({ plan_id: null })], now, { valentine: true })).toBeNull();
  expect(runningPriceOffer([offer({ price: null })], now, { valentine: true })).toBeNull();
  expect(runningPriceOffer(undefined, now, { valentine: true })).toBeNull();
});

it('offers the Valentine promo behind its flag to signed-in members not on premium', () => {
  const user = (tier: 'free' | 'basic' | 'premium') => ({ id: 'u1', username: 'ann', name: 'Ann', avatarUrl: null, tier, roles: [] });
  const withFlag = (on: boolean) => storeWith(deploymentFixture({ flags: { valentine_promo: on } }));
  const guest = withFlag(true);
  guest.dispatch(becameGuest({ guestUserId: 'g1', permissions: [] }));
  expect(selectValentineOffered(guest.getState())).toBe(false);
  for (const [tier, offered] of [['free', true], ['basic', true], ['premium', false]] as const) {
    const store = withFlag(true);
    store.dispatch(signedIn({ user: user(tier), permissions: [] }));
    expect(selectValentineOffered(store.getState())).toBe(offered);
  }
  const off = withFlag(false);
  off.dispatch(signedIn({ user: user('free'), permissions: [] }));
  expect(selectValentineOffered(off.getState())).toBe(false);
});

it('words the offer with two decimals and links its checkout with the offer', () => {
  expect(PRICE_OFFER_TEXTS.oneMonth(0.99, 'USD')).toBe('$0.99 for your first month');
  expect(PRICE_OFFER_TEXTS.claim(0.99, 'USD')).toBe('Get it for $0.99');
  expect(checkoutLink('premium_1m', 'val99')).toBe('/checkout?plan_id=premium_1m&o_id=val99');
  expect(checkoutLink('premium_1m', null)).toBe('/checkout?plan_id=premium_1m');
});
