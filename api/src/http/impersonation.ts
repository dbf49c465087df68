import { ADMIN_USER_ERROR_CODES, ADMIN_USER_ERRORS, API_HEADERS, ERROR_CODES, ERROR_CATALOGUE } from '@fable/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/database';
import type { MemberCaller } from './access';
import { AppError } from './appError';
import type { UserRow } from './userRow';

/**
 * Viewing the site as a member (document 1 §2: the red "Impersonate is Enabled" bar; §7: every call carries the
 * impersonate value when set). An admin's call with `X-Impersonate: <user id>` acts as that member of the same
 * application:
 * - only callers holding the admin permission (anyone else's header is ignored: it changes nothing);
 * - never into another admin (403 admin_protected), never into an unknown or deleted user (404 user_not_found);
 * - read-only: any call but GET or HEAD is refused (403 impersonation_read_only). An admin writing as a member could
 *   send messages in their name, spend their quota, change their plan or settings; support needs to see what the
 *   member sees, not act for them, and a refused write leaves nothing to undo;
 * - every call is recorded with both identities (impersonated_calls, append-only) once it is answered.
 */

const READS = new Set(['GET', 'HEAD']);
/** Whether the call only reads: a GET or HEAD that does not say it writes (`config.writes`). */
const readsOnly = (request: FastifyRequest) => READS.has(request.method) && !request.routeOptions.config.writes;

/** An error of the admin users' catalogue (contracts' ADMIN_USER_ERRORS); the admin users routes throw them too. */
export const adminUserError = (code: keyof typeof ADMIN_USER_ERRORS) => AppError.of(ADMIN_USER_ERRORS, code);

/** The impersonated member's caller, or the admin's own when the header is absent or the caller is no admin. */
export async function impersonatedCaller(
  request: FastifyRequest,
  caller: MemberCaller,
  findUser: (userId: string, now: Date) => Promise<UserRow | null>,
  now: Date,
): Promise<MemberCaller> {
  const raw = request.headers[API_HEADERS.impersonate.toLowerCase()];
  const target = typeof raw === 'string' ? raw.trim() : '';
  if (target === '' || !caller.user.permissions.includes('admin')) return caller;
  const user = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(target) ? await findUser(target, now) : null;
  if (!user || user.application_id !== caller.applicationId) throw adminUserError(ADMIN_USER_ERROR_CODES.USER_NOT_FOUND);
  const impersonated: MemberCaller = {
    kind: 'member',
    applicationId: caller.applicationId,
    userId: user.id,
    sessionId: caller.sessionId,
    user,
    impersonatedBy: { userId: caller.userId, username: caller.user.username },
  };
  if (user.roles.includes('employee') || user.permissions.includes('admin')) {
    // Refused, and recorded as an attempt (the answer's hook records calls made as someone else).
    request.caller = impersonated;
    throw adminUserError(ADMIN_USER_ERROR_CODES.ADMIN_PROTECTED);
  }
  return impersonated;
}

/** Impersonation is read-only: a write is refused once the caller is known, so the attempt is recorded too. */
export function refuseImpersonatedWrites(request: FastifyRequest, caller: MemberCaller): void {
  if (caller.impersonatedBy && !readsOnly(request)) throw adminUserError(ADMIN_USER_ERROR_CODES.IMPERSONATION_READ_ONLY);
}

/**
 * A temporary hold or a complete ban leaves the member reading only (document 1 §6: restriction_full_time,
 * restriction_full): any other call is refused with the spec's "Restricted!" (403 restricted), except the routes that
 * say they stay open (`config.openWhenRestricted`: deleting one's account).
 */
export function refuseRestrictedWrites(request: FastifyRequest, caller: MemberCaller): void {
  if (readsOnly(request) || request.routeOptions.config.openWhenRestricted) return;
  if (!caller.user.restrictions.some((r) => r.kind === 'temporary' || r.kind === 'complete')) return;
  const restricted = ERROR_CATALOGUE[ERROR_CODES.RESTRICTED];
  throw new AppError(restricted.status, ERROR_CODES.RESTRICTED, restricted.message);
}

/** Records every answered impersonated call with both identities. */
export function recordImpersonatedCalls(app: FastifyInstance, db: Database, clock: Clock): void {
  app.addHook('onResponse', async (request, reply) => {
    const caller = request.caller;
    if (caller?.kind !== 'member' || !caller.impersonatedBy) return;
    try {
      await db.query(
        `insert into impersonated_calls (application_id, admin_id, admin_username, user_id, method, path, status_code, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [caller.applicationId, caller.impersonatedBy.userId, caller.impersonatedBy.username, caller.userId, request.method, request.url.split('?')[0]!.slice(0, 500), reply.statusCode, clock.now()],
      );
    } catch (err) {
      request.log.error({ err }, 'could not record an impersonated call');
    }
  });
}
