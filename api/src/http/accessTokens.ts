import { createHmac } from 'node:crypto';
import { AUTH_ERROR_CODES, AUTH_ERROR_MESSAGES, AUTH_TOKEN_LIFETIMES } from '@fable/contracts';
import { SignJWT, errors, jwtVerify } from 'jose';
import { AppError } from './appError';
import type { Clock } from '../infra/clock';

/** Access tokens live 15 minutes by default (ACCESS_TOKEN_TTL_SECONDS); the client refreshes on 401 token_expired. */
export const ACCESS_TOKEN_TTL_SECONDS = AUTH_TOKEN_LIFETIMES.accessSeconds;

const ISSUER = 'fable-api';
const AUDIENCE = 'fable';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  applicationId: string;
}

export interface AccessTokens {
  /** Seconds a token signed now lives. */
  readonly ttlSeconds: number;
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a valid token; throws 401 token_expired or invalid_token. */
  verify(token: string): Promise<AccessClaims>;
  /** HMAC-SHA256 under a key derived from the token key (email codes are hashed with it). */
  mac(purpose: string, value: string): string;
}

/** HS256 JWTs: sub = user id, sid = session (refresh family), app = application id. */
export function createAccessTokens(secret: Uint8Array, clock: Clock, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): AccessTokens {
  return {
    ttlSeconds,
    async sign({ userId, sessionId, applicationId }) {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ sid: sessionId, app: applicationId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          clockTolerance: 0,
        });
        const { sub, sid, app } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof app !== 'string') throw new Error('claims');
        return { userId: sub, sessionId: sid, applicationId: app };
      } catch (err) {
        if (err instanceof errors.JWTExpired) {
          throw AppError.unauthorized(AUTH_ERROR_CODES.TOKEN_EXPIRED, AUTH_ERROR_MESSAGES.token_expired);
        }
        throw AppError.unauthorized(AUTH_ERROR_CODES.INVALID_TOKEN, AUTH_ERROR_MESSAGES.invalid_token);
      }
    },
    mac(purpose, value) {
      return createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('hex');
    },
  };
}
