// The billing periods are a rule of @fable/rules/billing (rules/src/billing/periods.ts). This re-export is kept for
// e2e/support/billingClock.ts, which reads DAY_MS from here; the API imports @fable/rules/billing.
export { DAY_MS } from '@fable/rules/billing';
