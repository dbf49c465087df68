import { isDeepStrictEqual } from 'node:util';
import { isPlainObject } from './cardJson';

/**
 * What an import had to change to fit our limits, kept so that an export writes the file's value back:
 * `{ [field]: { stored, original? } }`, the value as stored and the one the file had (absent when it had none).
 * An export writes the original while the field still holds the stored value; once the creator changes the field,
 * theirs. Used for a card's fields (CardExtras.fitted) and for imported lorebooks and their entries (lorebooks'
 * FITTED_KEY).
 */
export type FittedValues = Record<string, { stored: unknown; original?: unknown }>;

/** Records `original` when it differs from what is stored (`force`: even when equal); no `original` when the file had none. */
export function recordFitted(fitted: FittedValues, field: string, original: unknown, stored: unknown, force = false): void {
  if (!force && isDeepStrictEqual(original, stored)) return;
  fitted[field] = original === undefined ? { stored } : { stored, original };
}

/** The value to write for `field`: the file's original while the stored value is unchanged, else the current one. */
export function restoreFitted(fitted: unknown, field: string, current: unknown): { write: boolean; value: unknown } {
  const kept = isPlainObject(fitted) ? fitted[field] : undefined;
  if (!isPlainObject(kept) || !isDeepStrictEqual(kept.stored, current)) return { write: true, value: current };
  return 'original' in kept ? { write: true, value: kept.original } : { write: false, value: undefined };
}
