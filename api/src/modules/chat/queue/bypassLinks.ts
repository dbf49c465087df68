import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed waiting-room bypass links (document 1 §4: "A signed bypass parameter in the URL matching the current
 * character grants that character a bypass"). The parameter is `<character id>.<expiry, seconds since the
 * epoch>.<HMAC-SHA256 of both, base64url>`, keyed by QUEUE_BYPASS_SECRET (or a key kept in the database outside
 * production). Admins make them (POST /admin/queue/bypass-links); the value has no secret in it.
 */

export type BypassCheck = { ok: true; characterId: string; expiresAt: number } | { ok: false; reason: 'forged' | 'expired' | 'other_character' };

/** The parameter's shape: anything else is a 400 before any check. */
export const BYPASS_PATTERN = /^[A-Za-z0-9-]{1,64}\.[0-9]{1,12}\.[A-Za-z0-9_-]{43}$/;

const signatureOf = (key: Uint8Array, characterId: string, expiresAtSeconds: number) =>
  createHmac('sha256', key).update(`${characterId}.${expiresAtSeconds}`).digest('base64url');

export function signBypass(key: Uint8Array, characterId: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${characterId}.${seconds}.${signatureOf(key, characterId, seconds)}`;
}

/** Checks a parameter of BYPASS_PATTERN's shape against the character of the page, at `now`. */
export function checkBypass(key: Uint8Array, value: string, characterId: string | undefined, now: Date): BypassCheck {
  const [id = '', secondsText = '', signature = ''] = value.split('.');
  const seconds = Number(secondsText);
  const expected = Buffer.from(signatureOf(key, id, seconds));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'forged' };
  if (seconds * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  if (characterId !== id) return { ok: false, reason: 'other_character' };
  return { ok: true, characterId: id, expiresAt: seconds * 1000 };
}
