/**
 * The checkout's entered details, stored per field in session storage and restored (document 2 §4 "Checkout"):
 * first name, last name, country, state, postal code, email. A storage that refuses (private mode) is ignored.
 */
export const STORED_CHECKOUT_FIELDS = ['email', 'first_name', 'last_name', 'country', 'state', 'postal_code'] as const;
export type StoredCheckoutField = (typeof STORED_CHECKOUT_FIELDS)[number];

export const checkoutStorageKey = (field: StoredCheckoutField) => `fable.checkout.${field}`;

export function readStoredCheckoutFields(): Partial<Record<StoredCheckoutField, string>> {
  const values: Partial<Record<StoredCheckoutField, string>> = {};
  for (const field of STORED_CHECKOUT_FIELDS) {
    try {
      const value = sessionStorage.getItem(checkoutStorageKey(field));
      if (value !== null) values[field] = value;
    } catch {
      // storage refused: nothing restored
    }
  }
  return values;
}

export function storeCheckoutField(field: StoredCheckoutField, value: string): void {
  try {
    sessionStorage.setItem(checkoutStorageKey(field), value);
  } catch {
    // storage refused or full: the field is simply not restored
  }
}
