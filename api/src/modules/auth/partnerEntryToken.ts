import { createHmac, timingSafeEqual } from 'node:crypto';
import { PARTNER_ENTRY_PARAMS, PARTNER_ENTRY_TOKEN } from '@fable/contracts';

/**
 * A partner's entry token (contracts' PARTNER_ENTRY_TOKEN, README "Partner users' entry"): the partner signs, with its
 * secret, the user it sends to us; the API checks the signature and the expiry. This file is also the signer partners
 * and tests use (node:crypto only): `partnerEntryUrl` makes a whole arrival link.
 */

/** What a token vouches for: a partner application's user (id, name, username as POST /v2/users/external takes them). */
export interface PartnerEntryClaims {
  applicationId: string;
  id: string;
  name: string;
  username: string;
}

const LINE_BREAK = /[\r\n]/;

/** The values as the API reads them (contracts' schemas): trimmed, the username in lower case. */
function normalised(claims: PartnerEntryClaims): PartnerEntryClaims {
  return { applicationId: claims.applicationId, id: claims.id.trim(), name: claims.name.trim(), username: claims.username.trim().toLowerCase() };
}

const hasLineBreak = (c: PartnerEntryClaims) => [c.applicationId, c.id, c.name, c.username].some((v) => LINE_BREAK.test(v));

function signature(secret: string, claims: PartnerEntryClaims, expires: number): Buffer {
  const message = [PARTNER_ENTRY_TOKEN.context, claims.applicationId, claims.id, claims.name, claims.username, String(expires)].join('\n');
  return createHmac('sha256', secret).update(message, 'utf8').digest();
}

/**
 * Signs an entry token for `claims`, valid until `expiresAt` (default: five minutes from now; at most
 * PARTNER_ENTRY_TOKEN.maxLifetimeSeconds ahead, else the API refuses it).
 */
export function signPartnerEntryToken(secret: string, claims: PartnerEntryClaims, expiresAt: Date = new Date(Date.now() + 5 * 60_000)): string {
  const values = normalised(claims);
  if (hasLineBreak(values)) throw new Error('Partner entry values cannot hold line breaks');
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${PARTNER_ENTRY_TOKEN.version}.${expires}.${signature(secret, values, expires).toString('base64url')}`;
}

/** The arrival link on a partner host (`site`, e.g. https://partner.example): /external with the user and its token. */
export function partnerEntryUrl(site: string, secret: string, claims: PartnerEntryClaims, expiresAt?: Date): string {
  const url = new URL('/external', site);
  url.searchParams.set(PARTNER_ENTRY_PARAMS.externalId, claims.id);
  url.searchParams.set(PARTNER_ENTRY_PARAMS.name, claims.name);
  url.searchParams.set(PARTNER_ENTRY_PARAMS.username, claims.username);
  url.searchParams.set(PARTNER_ENTRY_PARAMS.token, signPartnerEntryToken(secret, claims, expiresAt));
  return url.href;
}

export type PartnerEntryVerdict =
  | { ok: true; expiresAt: Date }
  | { ok: false; problem: 'invalid' | 'expired'; reason: string };

const invalid = (reason: string): PartnerEntryVerdict => ({ ok: false, problem: 'invalid', reason });

/** Partners' clocks may run a little ahead of ours: an expiry this much past the longest lifetime is still taken. */
const CLOCK_LEEWAY_SECONDS = 60;

/**
 * Checks `token` against the values of the call (as the API parsed them) and the application's secret, at `now`:
 * well formed, signed for exactly these values and this application, not past its expiry (no leeway there: the
 * partner signs with time to spare), and not further ahead than the longest lifetime allowed.
 */
export function verifyPartnerEntryToken(secret: string, token: string, claims: PartnerEntryClaims, now: Date): PartnerEntryVerdict {
  const match = PARTNER_ENTRY_TOKEN.pattern.exec(token);
  if (!match) return invalid(`the token must read ${PARTNER_ENTRY_TOKEN.version}.<expires>.<signature>`);
  const values = normalised(claims);
  if (hasLineBreak(values)) return invalid('the id, name and username cannot hold line breaks');
  const expires = Number(match[1]);
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = signature(secret, values, expires);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return invalid('the signature does not match this application, id, name, username and expiry');
  }
  // base64url's last character carries spare bits: only the one spelling of the signature is taken, so that a token
  // spent once cannot be spent again under another spelling.
  if (given.toString('base64url') !== match[2]) return invalid('the signature is not in its canonical base64url form');
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (expires <= nowSeconds) return { ok: false, problem: 'expired', reason: `the token expired at ${new Date(expires * 1000).toISOString()}` };
  if (expires - nowSeconds > PARTNER_ENTRY_TOKEN.maxLifetimeSeconds + CLOCK_LEEWAY_SECONDS) {
    return invalid(`the expiry is more than ${PARTNER_ENTRY_TOKEN.maxLifetimeSeconds} seconds ahead`);
  }
  return { ok: true, expiresAt: new Date(expires * 1000) };
}
