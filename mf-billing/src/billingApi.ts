import { z } from 'zod';
import { billingCalls, PurchaseOptionsSchema, PurchasePlanSchema, type PurchasePlan } from '@fable/contracts';
import { api } from '@fable/shared';

export type { PurchasePlan };

/**
 * Purchase options (document 2 §3 "Purchase options" and §7 "GET subscriptions/purchase_options"), read with the
 * contract's schema (billingCalls.purchaseOptions): default_plan_id, payment_methods, annual_tagline and the plans
 * grouped by period, each with role, tier, period, plan_id, currency, features and its price. A plan the contract
 * does not accept is dropped rather than breaking the page; an answer that is not purchase options is a query error.
 */
const EnvelopeSchema = PurchaseOptionsSchema.extend({
  plans: z.object({ monthly: z.array(z.unknown()), annual: z.array(z.unknown()) }),
});

export interface PurchaseOptions {
  defaultPlanId: string;
  paymentMethods: string[];
  annualTagline: string | null;
  plans: { monthly: PurchasePlan[]; annual: PurchasePlan[] };
}

function readPlans(raw: unknown[]): PurchasePlan[] {
  return raw.flatMap((entry) => {
    const parsed = PurchasePlanSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Reads the purchase options response; throws (a query error) when its shape is not the contract's. */
export function readPurchaseOptions(raw: unknown): PurchaseOptions {
  const parsed = EnvelopeSchema.parse(raw);
  return {
    defaultPlanId: parsed.default_plan_id,
    paymentMethods: parsed.payment_methods,
    annualTagline: parsed.annual_tagline ?? null,
    plans: { monthly: readPlans(parsed.plans.monthly), annual: readPlans(parsed.plans.annual) },
  };
}

const C = billingCalls;

/** The billing calls, added to the page's one RTK Query api (names prefixed `billing_`). */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    billing_getPlans: build.query<PurchaseOptions, void>({
      query: () => ({ url: C.purchaseOptions.path, method: C.purchaseOptions.method }),
      transformResponse: (raw: unknown) => readPurchaseOptions(raw),
    }),
  }),
});

export const { useBilling_getPlansQuery } = billingApi;
