import { isTrackingId, TRACKING_ID_PARAMS, type TrackingIds } from '@fable/contracts';
import { readLocalStorage, writeLocalStorage } from '../hooks/localStorageValue';

/** Where the arrival's tracking ids wait for sign-up (document 1 §7 affiliate_id, tap_tracking_id). */
export const TRACKING_IDS_KEY = 'fable.trackingIds';

/** The valid ids of a stored or received object; others are dropped. */
function validIds(source: Partial<Record<string, unknown>>): TrackingIds {
  const ids: TrackingIds = {};
  for (const param of TRACKING_ID_PARAMS) {
    const value = source[param];
    if (isTrackingId(value)) ids[param] = value;
  }
  return ids;
}

/**
 * Keeps the tracking ids of the arrival URL's query (`?affiliate_id=…&tap_tracking_id=…`) on this device until sign-up.
 * The first id of each kind is kept: a later arrival does not replace it. Values that are not 1 to 100 printable
 * characters are ignored.
 */
export function captureTrackingIds(search: string): void {
  const query = new URLSearchParams(search);
  const arrived = validIds(Object.fromEntries(TRACKING_ID_PARAMS.map((param) => [param, query.get(param) ?? undefined])));
  if (Object.keys(arrived).length === 0) return;
  const kept = readTrackingIds();
  const next = { ...arrived, ...kept };
  if (TRACKING_ID_PARAMS.every((param) => next[param] === kept[param])) return;
  writeLocalStorage(TRACKING_IDS_KEY, next);
}

/** The kept tracking ids, to send with sign-up (POST /v2/users). */
export function readTrackingIds(): TrackingIds {
  const stored = readLocalStorage<unknown>(TRACKING_IDS_KEY, null);
  return stored !== null && typeof stored === 'object' ? validIds(stored as Record<string, unknown>) : {};
}

/** Forgets them once the account has them. */
export function clearTrackingIds(): void {
  writeLocalStorage(TRACKING_IDS_KEY, undefined);
}
