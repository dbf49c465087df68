import type { Page } from '@playwright/test';
import type { PortalSubscription } from '@fable/contracts';
import { DAY_MS } from '@fable/rules/billing';
import { apiCall } from './site';

// Billing time for the lifecycle specs, without moving the shared API's clock: the API's test-only control
// (BILLING_TEST_CONTROL=1, set by globalSetup) moves one subscription's period and queued jobs into the past and runs
// the due billing jobs as the worker does (api/src/modules/billing/lifecycle/billingTestControl.ts).

export interface AdvanceAnswer {
  subscription: { id: string; status: string; current_period_start: string; current_period_end: string };
  runs: { id: string; kind: string; result: string; error?: string }[];
}

/** Moves the signed-in member's own subscription `days` into the past, then runs the due billing jobs. */
export const advanceSubscription = (page: Page, days: number) =>
  apiCall<AdvanceAnswer>(page, 'POST', '/_test/billing/advance', { days });

/** The member's subscriptions as the portal reads them (the live one first). */
export const portalSubscriptions = (page: Page) => apiCall<PortalSubscription[]>(page, 'GET', '/subscriptions/sticky');

/** Whole days until the member's subscription comes due: moving it that far makes its renewal due now (at most a day late). */
export async function daysUntilRenewal(page: Page): Promise<number> {
  const [live] = await portalSubscriptions(page);
  if (!live) throw new Error('the member has no subscription');
  return Math.ceil((Date.parse(live.recur_at) - Date.now()) / DAY_MS);
}
