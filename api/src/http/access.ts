import { timingSafeEqual, createHash } from 'node:crypto';
import {
  API_ACCESS_LEVELS,
  APPLICATION_ID_PATTERN,
  APPLICATION_ID_RULE,
  API_HEADERS,
  AUTH_ERROR_CODES,
  AUTH_ERROR_MESSAGES,
  PARTNER_SECRET_HEADER,
  PARTNER_TOKEN_HEADER,
  type ApiAccess,
} from '@fable/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { Cache } from '../infra/cache/cache';
import { cachedJson } from '../infra/cache/cache';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/database';
import type { AccessTokens } from './accessTokens';
import { verifyGuestId } from './guestIds';
import { AppError } from './appError';
import { impersonatedCaller, refuseImpersonatedWrites, refuseRestrictedWrites } from './impersonation';
import { validationMessage } from './errorHandling';
import type { RateLimitName, RateLimiters } from './rateLimits';
import type { UserRow } from './userRow';

/** The application when a call names none (the main brand). */
export const DEFAULT_APPLICATION_ID = 'fable';


/** Who is calling, resolved once per request by the access hook. */
export type Caller =
  | { kind: 'anonymous'; applicationId: string }
  | { kind: 'guest'; applicationId: string; guestId: string }
  | {
      kind: 'member';
      applicationId: string;
      userId: string;
      sessionId: string;
      user: UserRow;
      /** Set while an admin views the site as this member (impersonation.ts): the admin. */
      impersonatedBy?: { userId: string; username: string | null };
    }
  | { kind: 'partner'; applicationId: string }
  /**
   * A partner's user arriving from the partner's site with the entry token the partner signed (X-Partner-Token): the
   * route checks the token against what it is sent (the values it signs are in the body) with the partner's secret.
   */
  | { kind: 'partner_entry'; applicationId: string; token: string };

export type MemberCaller = Extract<Caller, { kind: 'member' }>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (required on every route; checked at startup). */
    access?: ApiAccess;
    /** An extra limit for this route (auth), by name, counted per IP and route on top of the caller's general limit. */
    rateLimitPerIp?: RateLimitName;
    /** Skip the caller's general limit (health checks). */
    skipCallerRateLimit?: boolean;
    /** A write a member under a temporary hold or complete ban may still make (deleting their account). */
    openWhenRestricted?: boolean;
    /** A GET that changes something (links an account, takes a place in line): a write for impersonation and bans. */
    writes?: boolean;
    /** A partner route that also takes a partner's user with an entry token (X-Partner-Token), which it checks itself. */
    partnerEntry?: boolean;
  }
  interface FastifyRequest {
    caller: Caller;
  }
}

export interface AccessDeps {
  db: Database;
  cache: Cache;
  config: AppConfig;
  tokens: AccessTokens;
  rateLimit: RateLimiters;
  clock: Clock;
  /** The live user of a live session (the users module reads it); null once the session is revoked or the user deleted. */
  findSessionUser(userId: string, sessionId: string, now: Date): Promise<UserRow | null>;
  /** A live user by id (the member an admin impersonates). */
  findUser(userId: string, now: Date): Promise<UserRow | null>;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** Whether an application id is one we serve (it has settings); cached. */
export async function applicationExists(db: Database, cache: Cache, applicationId: string): Promise<boolean> {
  return cachedJson(cache, `application-exists:${applicationId}`, 60, async () => {
    const { rowCount } = await db.query('select 1 from app_settings where application_id = $1', [applicationId]);
    return rowCount > 0;
  });
}

function secretMatches(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const unauthenticated = () =>
  AppError.unauthorized(AUTH_ERROR_CODES.UNAUTHENTICATED, AUTH_ERROR_MESSAGES[AUTH_ERROR_CODES.UNAUTHENTICATED]);
const invalidToken = () => AppError.unauthorized(AUTH_ERROR_CODES.INVALID_TOKEN, AUTH_ERROR_MESSAGES[AUTH_ERROR_CODES.INVALID_TOKEN]);

/**
 * Access control for the whole API, in one place:
 * - at startup, every route must declare `config.access` (public, guest, member, admin, partner), else
 *   registering it throws;
 * - on each request, one onRequest hook resolves the caller (bearer access token, X-Guest-User-Id, partner
 *   secret or partner entry token; X-Application-Id), refuses callers the route does not admit, and counts the call against the
 *   caller's rate limit (member, guest or IP) and the route's own per-IP limit.
 */
export function registerAccessControl(app: FastifyInstance, deps: AccessDeps): void {
  // Set by the onRequest hook below before any handler runs.
  app.decorateRequest('caller', null as never);

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: unknown } | undefined)?.access;
    if (!API_ACCESS_LEVELS.includes(access as ApiAccess)) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(
        `Route ${methods} ${route.url} must declare who may call it: config.access one of ${API_ACCESS_LEVELS.join(', ')}`,
      );
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const access = config.access;
    // Unmatched URLs reach the not-found handler, which has no access declaration and reveals nothing.
    if (!access) {
      request.caller = { kind: 'anonymous', applicationId: DEFAULT_APPLICATION_ID };
      return;
    }

    const applicationHeader = header(request, API_HEADERS.applicationId);
    if (applicationHeader !== undefined && !APPLICATION_ID_PATTERN.test(applicationHeader)) {
      const issues = [{ path: 'headers.x-application-id', message: APPLICATION_ID_RULE }];
      throw new AppError(400, 'validation_error', validationMessage('headers', issues), { issues });
    }
    const applicationId = applicationHeader ?? DEFAULT_APPLICATION_ID;
    if (applicationHeader !== undefined && !(await applicationExists(deps.db, deps.cache, applicationId))) {
      throw AppError.unknownApplication(applicationId);
    }

    // Before credentials are checked, so guessing them is limited too.
    if (config.rateLimitPerIp) await deps.rateLimit[config.rateLimitPerIp](request, `${request.ip} ${request.routeOptions.url}`);
    request.caller = await resolveCaller(request, access, applicationId, deps, config.partnerEntry === true);
    if (!config.skipCallerRateLimit) await enforceCallerLimit(request, deps);
    if (request.caller.kind === 'member') {
      request.caller = await impersonatedCaller(request, request.caller, deps.findUser, deps.clock.now());
      refuseImpersonatedWrites(request, request.caller);
      refuseRestrictedWrites(request, request.caller);
    }

    if (access === 'admin' && request.caller.kind === 'member' && !request.caller.user.permissions.includes('admin')) {
      throw AppError.forbidden('You are not allowed to access this page');
    }
  });
}

async function resolveCaller(request: FastifyRequest, access: ApiAccess, applicationId: string, deps: AccessDeps, partnerEntry: boolean): Promise<Caller> {
  if (access === 'partner') return partnerCaller(request, applicationId, deps, partnerEntry);

  const authorization = header(request, API_HEADERS.authorization);
  const bearer = authorization && /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (authorization !== undefined && access !== 'public') {
    if (!bearer) throw invalidToken();
    return memberOfToken(deps, bearer, applicationId);
  }

  // Public routes do not look at credentials (logout checks its own bearer token).
  if (access === 'public') return { kind: 'anonymous', applicationId };

  const guestHeader = header(request, API_HEADERS.guestUserId);
  if ((access === 'guest' || access === 'visitor') && guestHeader !== undefined) {
    // Only ids this API issued (signed) for this application: an invented id cannot dodge the per-guest limits.
    const guestId = verifyGuestId(deps.tokens, applicationId, guestHeader);
    if (!guestId) throw AppError.unauthorized(AUTH_ERROR_CODES.INVALID_GUEST_ID, AUTH_ERROR_MESSAGES[AUTH_ERROR_CODES.INVALID_GUEST_ID]);
    return { kind: 'guest', applicationId, guestId };
  }
  // A first visit reads the listing before its guest id arrives; it is limited by its address like any anonymous call.
  if (access === 'visitor') return { kind: 'anonymous', applicationId };
  throw unauthenticated();
}

const partnerAuthFailed = () =>
  AppError.unauthorized(AUTH_ERROR_CODES.PARTNER_AUTH_FAILED, AUTH_ERROR_MESSAGES[AUTH_ERROR_CODES.PARTNER_AUTH_FAILED]);

/**
 * A partner route's caller, on an application named in X-Application-Id that has a partner secret: its backend (the
 * secret in X-Partner-Secret) or, without the secret and only on a route that takes one (`partnerEntry`), its user
 * carrying an entry token (X-Partner-Token) the route checks. Neither, a wrong secret or an application without one:
 * 401 partner_auth_failed.
 */
function partnerCaller(request: FastifyRequest, applicationId: string, deps: AccessDeps, partnerEntry: boolean): Caller {
  const expected = deps.config.partnerSecrets?.[applicationId];
  if (!expected || header(request, API_HEADERS.applicationId) === undefined) throw partnerAuthFailed();
  const secret = header(request, PARTNER_SECRET_HEADER);
  if (secret !== undefined) {
    if (!secretMatches(secret, expected)) throw partnerAuthFailed();
    return { kind: 'partner', applicationId };
  }
  const token = header(request, PARTNER_TOKEN_HEADER);
  if (token === undefined || !partnerEntry) throw partnerAuthFailed();
  return { kind: 'partner_entry', applicationId, token };
}

/**
 * The member an access token stands for on an application; throws token_expired or invalid_token. The access hook
 * uses it for bearer tokens, and the realtime socket (which browsers open without headers) for the token it is sent.
 */
export async function memberOfToken(
  deps: Pick<AccessDeps, 'tokens' | 'clock' | 'findSessionUser'>,
  token: string,
  applicationId: string,
): Promise<MemberCaller> {
  const claims = await deps.tokens.verify(token);
  const user = await deps.findSessionUser(claims.userId, claims.sessionId, deps.clock.now());
  // Revoked session (logout, refresh-token reuse, deletion) or deleted user.
  if (!user) throw invalidToken();
  // A token only works on the application it was issued for: a partner's users never reach another brand.
  if (user.application_id !== applicationId || claims.applicationId !== applicationId) throw invalidToken();
  // document 1 §4: a user whose id equals the external id is not authenticated.
  if (user.external_id !== null && user.external_id === user.id) throw invalidToken();
  return { kind: 'member', applicationId, userId: user.id, sessionId: claims.sessionId, user };
}

async function enforceCallerLimit(request: FastifyRequest, deps: AccessDeps): Promise<void> {
  const caller = request.caller;
  if (caller.kind === 'member') return deps.rateLimit.perMember(request, caller.userId);
  if (caller.kind === 'guest') await deps.rateLimit.perGuest(request, caller.guestId);
  if (caller.kind !== 'partner') await deps.rateLimit.perIp(request, request.ip);
}

/** The member calling a member route (the hook guarantees it). */
export function memberOf(request: FastifyRequest): MemberCaller {
  const caller = request.caller;
  if (caller.kind !== 'member') throw unauthenticated();
  return caller;
}
