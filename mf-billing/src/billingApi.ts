import { z } from 'zod';
import { api } from '@fable/shared';

/**
 * Purchase options (document 2 §3 "Purchase options" and §7 "GET subscriptions/purchase_options"):
 * default_plan_id, payment_methods, annual_tagline and the plans grouped by period. Each plan carries
 * role, period, plan_id, currency, features and its price. Unknown fields are kept out; a plan the
 * frontend cannot read is dropped rather than breaking the page.
 */
export const PurchasePlanSchema = z.object({
  plan_id: z.string().min(1),
  role: z.string(),
  period: z.string().optional(),
  currency: z.string().default('USD'),
  features: z.array(z.string()).default([]),
  price: z.coerce.number(),
  tier: z.string().optional(),
  name: z.string().optional(),
});
export type PurchasePlan = z.infer<typeof PurchasePlanSchema>;

export const PurchaseOptionsSchema = z.object({
  default_plan_id: z.string().nullable().optional(),
  payment_methods: z.array(z.string()).default(['card']),
  annual_tagline: z.string().nullable().optional(),
  plans: z
    .object({
      monthly: z.array(z.unknown()).default([]),
      annual: z.array(z.unknown()).default([]),
    })
    .default({ monthly: [], annual: [] }),
});

export interface PurchaseOptions {
  defaultPlanId: string | null;
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

/** Reads the purchase options response; throws (a query error) when its shape is not one. */
export function readPurchaseOptions(raw: unknown): PurchaseOptions {
  const parsed = PurchaseOptionsSchema.parse(raw);
  return {
    defaultPlanId: parsed.default_plan_id ?? null,
    paymentMethods: parsed.payment_methods.length > 0 ? parsed.payment_methods : ['card'],
    annualTagline: parsed.annual_tagline ?? null,
    plans: { monthly: readPlans(parsed.plans.monthly), annual: readPlans(parsed.plans.annual) },
  };
}

/** The billing calls, added to the page's one RTK Query api (names prefixed `billing_`). */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    billing_getPlans: build.query<PurchaseOptions, void>({
      query: () => '/subscriptions/purchase_options',
      transformResponse: (raw: unknown) => readPurchaseOptions(raw),
    }),
  }),
});

export const { useBilling_getPlansQuery } = billingApi;
