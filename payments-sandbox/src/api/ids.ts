import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random alphanumerics, like the tail of Stripe's ids. */
export function randomToken(length = 24): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** `cus_…`, `pm_…`, `pi_…`, `ch_…`, `re_…`, `evt_…`, `rs_…`. */
export const newId = (prefix: string): string => `${prefix}_${randomToken()}`;

export const unixNow = (): number => Math.floor(Date.now() / 1000);
