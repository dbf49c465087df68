import { isValidPostalCode, PersonalInfoSchema } from '@fable/contracts';
import { isKnownCountry, statesOf } from './countries';
import { invalidEmail, invalidPostalCode, invalidState, unknownCountry } from './billingErrors';

const EmailSchema = PersonalInfoSchema.shape.email;

/**
 * The checkout's address and email rules (document 2 §5), with the contract's helpers: a country of ours; a state of
 * the country's list when it has one (empty allowed: the tax is then the country's); the postal code valid for the
 * country ('Invalid Zip' / 'Invalid Postal Code'); the email ('Invalid email address'). Throws the first broken
 * rule; answers the state in its list's case.
 */
export function checkCheckoutAddress(input: { email: string; country: string; state: string; postal_code: string }): { state: string } {
  if (!isKnownCountry(input.country)) throw unknownCountry(input.country);
  const states = statesOf(input.country) ?? [];
  const typed = input.state.trim().toUpperCase();
  let state = '';
  if (typed !== '') {
    const match = states.find((s) => s.state_code.toUpperCase() === typed);
    if (!match) throw invalidState(input.country);
    state = match.state_code;
  }
  if (!isValidPostalCode(input.country, input.postal_code)) throw invalidPostalCode(input.country);
  if (!EmailSchema.safeParse(input.email.trim()).success) throw invalidEmail();
  return { state };
}
