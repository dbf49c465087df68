import { ROLLOUT_KEY_STORAGE } from '@fable/contracts';
import { readLocalStorageRaw, readStoredGuestId, readStoredTokens, writeLocalStorageRaw } from '@fable/shared';
import { subjectOf } from '../auth/crossTabSession';

/**
 * What this page's share of a remote's rollout is chosen by (contracts rollout.ts), so that a user keeps the version
 * they got from page to page: a member's user id (the same on every device), else the device's key, fixed on its
 * first page to its guest id, or to a random id when it has none yet (a first visit's guest id comes from the API
 * after the remotes are chosen). Where storage is blocked, the key lasts as long as the page.
 */
export function rolloutKey(): string {
  const user = subjectOf(readStoredTokens().accessToken);
  if (user) return user;
  const kept = readLocalStorageRaw(ROLLOUT_KEY_STORAGE);
  if (kept) return kept;
  // getRandomValues, not randomUUID: the latter exists only on https pages.
  const key = readStoredGuestId() ?? Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  writeLocalStorageRaw(ROLLOUT_KEY_STORAGE, key);
  return key;
}
