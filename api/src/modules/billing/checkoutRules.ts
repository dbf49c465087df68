import { isValidPostalCode, PersonalInfoSchema } from '@fable/contracts';
import { checkoutAddressProblem, type AddressBook, type CheckoutAddress } from '@fable/rules/billing';
import { statesOf } from './countries';
import { invalidEmail, invalidPostalCode, invalidState, unknownCountry } from './billingErrors';

const EmailSchema = PersonalInfoSchema.shape.email;

/** Our countries and states (countries.ts) and the contract's postal code and email checks. */
const ADDRESS_BOOK: AddressBook = {
  statesOf,
  isValidPostalCode,
  isValidEmail: (email) => EmailSchema.safeParse(email).success,
};

/**
 * The checkout's address and email rules (document 2 §5; the rule is @fable/rules/billing's checkoutAddressProblem,
 * which the mock API calls too): throws the first broken rule as its error ('Invalid Zip' / 'Invalid Postal Code',
 * 'Invalid email address', ...); answers the state in its list's case.
 */
export function checkCheckoutAddress(input: CheckoutAddress): { state: string } {
  const checked = checkoutAddressProblem(input, ADDRESS_BOOK);
  if ('state' in checked) return checked;
  switch (checked.problem) {
    case 'unknown_country':
      throw unknownCountry(input.country);
    case 'invalid_state':
      throw invalidState(input.country);
    case 'invalid_postal_code':
      throw invalidPostalCode(input.country);
    case 'invalid_email':
      throw invalidEmail();
  }
}
