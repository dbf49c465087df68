import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { AppleProviderConfig } from './providerConfig';

/** Apple accepts client secrets valid for at most six months; ours live five minutes, one per token request. */
export const APPLE_CLIENT_SECRET_TTL_SECONDS = 5 * 60;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Sign in with Apple's client secret: an ES256 JWT signed with the team's key (header kid = key id;
 * iss = team id, sub = client id (Services ID), aud = Apple's issuer, iat, exp). Synchronous, so it can be made
 * inside a token request's client authentication.
 */
export function appleClientSecret(config: AppleProviderConfig, now: Date, key: KeyObject = createPrivateKey(config.privateKey)): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64url({ alg: 'ES256', kid: config.keyId, typ: 'JWT' });
  const payload = base64url({
    iss: config.teamId,
    sub: config.clientId,
    aud: config.issuer.replace(/\/$/, ''),
    iat,
    exp: iat + APPLE_CLIENT_SECRET_TTL_SECONDS,
  });
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' });
  return `${header}.${payload}.${signature.toString('base64url')}`;
}
