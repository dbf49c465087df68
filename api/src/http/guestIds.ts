import { randomUUID, timingSafeEqual } from 'node:crypto';
import { GUEST_USER_ID_PATTERN } from '@fable/contracts';
import type { AccessTokens } from './accessTokens';

/** What signs guest ids: the access-token key's MAC (one key to rotate, never in the repository). */
export type GuestIdSigner = Pick<AccessTokens, 'mac'>;

const signatureOf = (signer: GuestIdSigner, applicationId: string, uuid: string) =>
  signer.mac('guest-id', `${applicationId}\0${uuid}`).slice(0, 32);

/**
 * A new guest id for `applicationId`: `<uuid>.<signature>`. Stateless: any API process with the same key verifies it,
 * and it is only good on the application it was issued for.
 */
export function issueGuestId(signer: GuestIdSigner, applicationId: string, uuid: string = randomUUID()): string {
  return `${uuid}.${signatureOf(signer, applicationId, uuid)}`;
}

/** The guest's uuid when `value` is a guest id this API issued for `applicationId`; null when it is not. */
export function verifyGuestId(signer: GuestIdSigner, applicationId: string, value: string): string | null {
  const normalized = value.toLowerCase();
  if (!GUEST_USER_ID_PATTERN.test(normalized)) return null;
  const [uuid, given] = normalized.split('.') as [string, string];
  const expected = signatureOf(signer, applicationId, uuid);
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected)) ? uuid : null;
}
