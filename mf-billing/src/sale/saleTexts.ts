import { PRICE_OFFER_TEXTS } from '@fable/shared/promotions';
import { blackFridayText } from '../plans/plans';

/**
 * Texts of the sales (document 2 §2 sale banner, §9 "Birthday sale: … $0.99; one month only", "Black Friday offer up
 * to 40% off"; document 1 §2 Valentine and Birthday $0.99 with a countdown). Amounts, percentages and dates come from
 * the promotion; the words around them are ours where the spec gives none.
 */
export const SALE_TEXTS = {
  pageTitle: 'Sale',
  noSale: 'There is no sale right now.',
  nextSale: (title: string, date: string) => `${title} starts on ${date}.`,
  seePlans: 'See the plans',
  seeSale: 'See the sale',
  dismiss: 'Dismiss the sale banner',
  endsIn: 'Ends in',
  ...PRICE_OFFER_TEXTS,
  onPlan: (name: string, period: 'monthly' | 'annual') => `On ${name}, billed ${period === 'annual' ? 'annually' : 'monthly'}.`,
  oneMonthOnly: 'The discount applies to one month only; the plan then renews at its usual price.',
  blackFriday: blackFridayText,
  blackFridayPlans: 'Annual plans at Black Friday prices',
  listPrice: 'Regular price',
  choose: (name: string) => `Choose ${name}`,
  perYear: '/ year',
} as const;
