import { PersonalInfoSchema, type PersonalInfo } from '@fable/contracts';
import type { z } from 'zod';
import { readStoredCheckoutFields } from './checkoutSession';

/** The checkout form: the contract's personal info (document 2 §3, §5), validated by the schema the API uses. */
export const checkoutSchema = PersonalInfoSchema;
export type CheckoutValues = z.input<typeof PersonalInfoSchema>;
export type CheckoutOutput = PersonalInfo;

/** The form's first values: what session storage kept, else the member's email. */
export function initialCheckoutValues(memberEmail: string | null | undefined): CheckoutValues {
  const stored = readStoredCheckoutFields();
  return {
    email: stored.email ?? memberEmail ?? '',
    first_name: stored.first_name ?? '',
    last_name: stored.last_name ?? '',
    country: stored.country ?? '',
    state: stored.state ?? '',
    postal_code: stored.postal_code ?? '',
    stateOptional: false,
  };
}

/** Whether the values pass the personal-info rules (the submit stays disabled otherwise). */
export function isCheckoutValid(values: CheckoutValues): boolean {
  return checkoutSchema.safeParse(values).success;
}
