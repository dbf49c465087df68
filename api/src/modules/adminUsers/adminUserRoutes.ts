import { ADMIN_USER_ERROR_CODES, ADMIN_USERS_PAGE_SIZE, adminUserCalls, type AdminUserDetail } from '@fable/contracts';
import { memberOf } from '../../http/access';
import { adminUserError } from '../../http/impersonation';
import type { ApiPlugin } from '../../http/apiPlugin';
import type { Queryable } from '../../infra/db/database';
import {
  findUserSummary,
  insertRestriction,
  liftRestriction,
  listActionsOn,
  listRestrictions,
  listUsers,
  recordAdminAction,
} from './adminUserRepository';
import { notifyMember } from '../notifications/notifyMember';
import { forgetShadowBanned } from '../search/searchCharacters';
import { noticeDate, RESTRICTION_LIFTED_TITLE, RESTRICTION_NOTICE_TITLES } from './restrictionNotices';

const HOUR_MS = 60 * 60 * 1000;

async function detailOf(db: Queryable, applicationId: string, userId: string, now: Date): Promise<AdminUserDetail> {
  const user = await findUserSummary(db, applicationId, userId, now);
  if (!user) throw adminUserError(ADMIN_USER_ERROR_CODES.USER_NOT_FOUND);
  const [restrictions, actions] = await Promise.all([listRestrictions(db, userId, now), listActionsOn(db, applicationId, userId)]);
  return { user, restrictions, actions };
}

/**
 * Trust and safety's account calls (contracts' adminUserCalls): find members of the admin's application, restrict
 * one (never an admin: 403 admin_protected), lift a restriction (once: 409 after), each change and its record in one
 * transaction, the member row locked so two admins at once are taken one after the other.
 */
export const adminUserRoutes: ApiPlugin = async (app, { db, cache, clock }) => {
  const list = adminUserCalls.list;
  app.get(list.path, { schema: { querystring: list.query, response: { 200: list.response } }, config: { access: list.access } }, async (request) => {
    const admin = memberOf(request);
    const { items, found } = await listUsers(db, admin.applicationId, request.query.q, request.query.page, clock.now());
    return { items, found, page: request.query.page, per_page: ADMIN_USERS_PAGE_SIZE };
  });

  const get = adminUserCalls.get;
  app.get(get.path, { schema: { params: get.params, response: { 200: get.response } }, config: { access: get.access } }, async (request) =>
    detailOf(db, memberOf(request).applicationId, request.params.userId, clock.now()),
  );

  const restrict = adminUserCalls.restrict;
  app.post(
    restrict.path,
    { schema: { params: restrict.params, body: restrict.body, response: { 200: restrict.response } }, config: { access: restrict.access } },
    async (request) => {
      const admin = memberOf(request);
      const now = clock.now();
      const { kind, hours, reason } = request.body;
      const detail = await db.transaction(async (tx) => {
        const target = await lockedMember(tx, admin.applicationId, request.params.userId, now);
        // The member's row is locked: a double click or two admins at once put it once.
        const active = await tx.query(
          'select 1 from user_restrictions where user_id = $1 and kind = $2 and lifted_at is null and (expires_at is null or expires_at > $3)',
          [target.id, kind, now],
        );
        if (active.rowCount > 0) throw adminUserError(ADMIN_USER_ERROR_CODES.ALREADY_RESTRICTED);
        const expiresAt = hours === undefined ? null : new Date(now.getTime() + hours * HOUR_MS);
        const id = await insertRestriction(tx, { userId: target.id, kind, reason, expiresAt, createdBy: admin.userId, now });
        await recordAdminAction(tx, {
          applicationId: admin.applicationId,
          actor: { id: admin.userId, username: admin.user.username },
          action: 'restriction_added',
          target,
          reason,
          details: { restriction_id: id, kind, expires_at: expiresAt?.toISOString() ?? null },
          now,
        });
        await notifyMember(tx, {
          userId: target.id,
          kind: 'account_restricted',
          title: RESTRICTION_NOTICE_TITLES[kind](expiresAt ? noticeDate(expiresAt) : null),
          body: reason,
          link: '/guidelines',
          dedupeKey: `restriction:${id}`,
          now,
        });
        return detailOf(tx, admin.applicationId, target.id, now);
      });
      if (kind === 'shadowban') await forgetShadowBanned(cache, admin.applicationId);
      return detail;
    },
  );

  const lift = adminUserCalls.lift;
  app.post(
    lift.path,
    { schema: { params: lift.params, body: lift.body, response: { 200: lift.response } }, config: { access: lift.access } },
    async (request) => {
      const admin = memberOf(request);
      const now = clock.now();
      const { userId, restrictionId } = request.params;
      const detail = await db.transaction(async (tx) => {
        const target = await lockedMember(tx, admin.applicationId, userId, now);
        const lifted = await liftRestriction(tx, { userId, restrictionId, liftedBy: admin.userId, reason: request.body.reason, now });
        if (lifted.outcome === 'not_found') throw adminUserError(ADMIN_USER_ERROR_CODES.RESTRICTION_NOT_FOUND);
        if (lifted.outcome !== 'lifted') throw adminUserError(ADMIN_USER_ERROR_CODES.ALREADY_LIFTED);
        await recordAdminAction(tx, {
          applicationId: admin.applicationId,
          actor: { id: admin.userId, username: admin.user.username },
          action: 'restriction_lifted',
          target,
          reason: request.body.reason,
          details: { restriction_id: restrictionId, kind: lifted.kind },
          now,
        });
        await notifyMember(tx, {
          userId,
          kind: 'account_restriction_lifted',
          title: RESTRICTION_LIFTED_TITLE,
          body: request.body.reason,
          link: null,
          dedupeKey: `restriction-lifted:${restrictionId}`,
          now,
        });
        return detailOf(tx, admin.applicationId, userId, now);
      });
      await forgetShadowBanned(cache, admin.applicationId);
      return detail;
    },
  );
};

/** The application's live member, locked for this transaction; never an admin. */
async function lockedMember(tx: Queryable, applicationId: string, userId: string, now: Date): Promise<{ id: string; username: string | null }> {
  const { rows } = await tx.query<{ id: string }>(
    'select id from users where id = $1 and application_id = $2 and deleted_at is null for update',
    [userId, applicationId],
  );
  if (!rows[0]) throw adminUserError(ADMIN_USER_ERROR_CODES.USER_NOT_FOUND);
  const summary = await findUserSummary(tx, applicationId, userId, now);
  if (!summary) throw adminUserError(ADMIN_USER_ERROR_CODES.USER_NOT_FOUND);
  if (summary.is_admin) throw adminUserError(ADMIN_USER_ERROR_CODES.ADMIN_PROTECTED);
  return { id: summary.id, username: summary.username };
}
