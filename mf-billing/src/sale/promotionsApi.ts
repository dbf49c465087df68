import { billingFlowCalls, PromotionsSchema, type Promotion } from '@fable/contracts';
import { api } from '@fable/shared';

export type { Promotion };

const C = billingFlowCalls;

/**
 * GET subscriptions/promotions (billingFlowCalls.promotions): the sales of the application, from configuration
 * (document 2 §2 sale banner, §9 birthday sale and Black Friday), read with the contract's schema. Which one runs
 * is decided by their dates (promotions.ts), never by constants here.
 */
export const promotionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    billing_promotions: build.query<Promotion[], void>({
      query: () => ({ url: C.promotions.path, method: C.promotions.method }),
      transformResponse: (raw: unknown) => PromotionsSchema.parse(raw).promotions,
    }),
  }),
});

export const { useBilling_promotionsQuery } = promotionsApi;
