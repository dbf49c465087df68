/** The buyer's address and email as the checkout takes them. */
export interface CheckoutAddress {
  email: string;
  country: string;
  state: string;
  postal_code: string;
}

/** The first checkout address rule a buyer broke (each is an error code of the billing contract). */
export type CheckoutAddressProblem = 'unknown_country' | 'invalid_state' | 'invalid_postal_code' | 'invalid_email';

/**
 * What the address rules need to know, from the caller: the countries sold in and their states (the API's
 * countries.ts, the mock API's catalog) and the contract's postal code and email checks.
 */
export interface AddressBook {
  /** The states of a country we sell in ([]: no list, the state is optional); null for a country we do not sell in. */
  statesOf(country: string): readonly { state_code: string }[] | null;
  isValidPostalCode(country: string, postalCode: string): boolean;
  isValidEmail(email: string): boolean;
}

/**
 * The checkout's address and email rules (document 2 §5), in their order: a country of ours; a state of the
 * country's list when it has one (empty allowed: the tax is then the country's); the postal code valid for the
 * country; the email (trimmed). Answers the first broken rule, or the state in its list's case.
 */
export function checkoutAddressProblem(input: CheckoutAddress, book: AddressBook): { problem: CheckoutAddressProblem } | { state: string } {
  const states = book.statesOf(input.country);
  if (states === null) return { problem: 'unknown_country' };
  const typed = input.state.trim().toUpperCase();
  let state = '';
  if (typed !== '') {
    const match = states.find((s) => s.state_code.toUpperCase() === typed);
    if (!match) return { problem: 'invalid_state' };
    state = match.state_code;
  }
  if (!book.isValidPostalCode(input.country, input.postal_code)) return { problem: 'invalid_postal_code' };
  if (!book.isValidEmail(input.email.trim())) return { problem: 'invalid_email' };
  return { state };
}
