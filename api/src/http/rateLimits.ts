import type { Cache } from '../infra/cache/cache';
import { AppError } from './appError';

/** A fixed-window limit: at most `max` calls per `windowSeconds`. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * The API's limits (ours: the spec says only that breaches answer 429). Every call counts against its caller
 * (member, guest, or the IP of anonymous calls); auth calls have tighter limits per IP and per email.
 */
export interface RateLimits {
  perMember: RateLimitRule;
  perGuest: RateLimitRule;
  /** Calls without a member token or guest id (and guests as a group behind one IP). */
  perIp: RateLimitRule;
  /** Sign-in code requests per email address. */
  emailCodePerEmail: RateLimitRule;
  /** Auth calls (codes, verify, refresh, guest ids, social sign-in) per IP. */
  authPerIp: RateLimitRule;
  /** Username checks per caller (it tells whether an account exists). */
  usernameCheck: RateLimitRule;
  /**
   * Token refreshes per sign-in (refresh-token family): many members behind one shared IP each refresh on their own
   * count, so one busy office cannot sign the others out.
   */
  refreshPerSession: RateLimitRule;
  /** Token refreshes per IP: a loose ceiling against floods (unknown tokens count on authPerIp as well). */
  refreshPerIp: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perMember: { max: 600, windowSeconds: 60 },
  perGuest: { max: 300, windowSeconds: 60 },
  perIp: { max: 1200, windowSeconds: 60 },
  emailCodePerEmail: { max: 5, windowSeconds: 15 * 60 },
  authPerIp: { max: 60, windowSeconds: 10 * 60 },
  usernameCheck: { max: 60, windowSeconds: 60 },
  refreshPerSession: { max: 30, windowSeconds: 10 * 60 },
  refreshPerIp: { max: 3000, windowSeconds: 10 * 60 },
};

/** Counts one call against `key`; throws 429 (with Retry-After) once the window's limit is passed. */
export async function enforceRateLimit(cache: Cache, key: string, rule: RateLimitRule): Promise<void> {
  const { count, resetInMs } = await cache.hit(`rate:${key}`, rule.windowSeconds);
  if (count > rule.max) throw AppError.rateLimited(resetInMs);
}
