/**
 * The browser globals the mock API reads in a dev harness (the address's switches, what it remembers); absent where
 * the mock runs without a browser. Typed here so that the mocks compile without the DOM library too.
 */
interface HarnessStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const browser = globalThis as { location?: { search?: string; origin?: string }; localStorage?: HarnessStorage };

export const harnessLocation = () => browser.location;
export const harnessStorage = () => browser.localStorage;
/** The page's origin, or http://localhost without a browser. */
export const harnessOrigin = () => browser.location?.origin ?? 'http://localhost';
