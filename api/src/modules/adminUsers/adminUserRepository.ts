import { randomUUID } from 'node:crypto';
import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminAction,
  type AdminRestriction,
  type AdminUserSummary,
  type Tier,
  type UserRestrictionKind,
} from '@fable/contracts';
import type { Queryable, SqlParam } from '../../infra/db/database';

/** Reads and writes of the admin users calls: members of one application, their restrictions and the admin record. */

const IS_ADMIN = `(u.roles @> '["employee"]'::jsonb)`;

const ACTIVE_KINDS = (now: string) => `coalesce((select array_agg(distinct r.kind) from user_restrictions r
    where r.user_id = u.id and r.lifted_at is null and (r.expires_at is null or r.expires_at > ${now})), '{}') as restricted`;

interface SummaryRow {
  id: string;
  username: string | null;
  name: string | null;
  email: string | null;
  tier: Tier;
  is_admin: boolean;
  restricted: UserRestrictionKind[];
  created_at: Date;
}

const toSummary = (row: SummaryRow): AdminUserSummary => ({ ...row, restricted: [...row.restricted].sort(), created_at: row.created_at.toISOString() });

/** Escapes LIKE's wildcards in what an admin typed. */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Members of an application matching a username, an email or an id; newest first. */
export async function listUsers(db: Queryable, applicationId: string, q: string, page: number, now: Date): Promise<{ items: AdminUserSummary[]; found: number }> {
  const params: SqlParam[] = [applicationId];
  let filter = '';
  if (q !== '') {
    params.push(likeOf(q.toLowerCase()));
    const byId = UUID.test(q) ? ` or u.id = $${params.push(q)}::uuid` : '';
    filter = `and (u.username like $2 or lower(u.email) like $2${byId})`;
  }
  const where = `u.application_id = $1 and u.deleted_at is null ${filter}`;
  const offset = (page - 1) * ADMIN_USERS_PAGE_SIZE;
  const nowParam = `$${params.length + 1}`;
  const [{ rows }, counted] = await Promise.all([
    db.query<SummaryRow>(
      `select u.id, u.username, u.name, u.email, u.tier, ${IS_ADMIN} as is_admin, ${ACTIVE_KINDS(nowParam)}, u.created_at
       from users u where ${where} order by u.created_at desc, u.id limit ${ADMIN_USERS_PAGE_SIZE} offset ${offset}`,
      [...params, now],
    ),
    db.query<{ found: string }>(`select count(*) as found from users u where ${where}`, params),
  ]);
  return { items: rows.map(toSummary), found: Number(counted.rows[0]?.found ?? 0) };
}

/** One live member of the application, or null. */
export async function findUserSummary(db: Queryable, applicationId: string, userId: string, now: Date): Promise<AdminUserSummary | null> {
  const { rows } = await db.query<SummaryRow>(
    `select u.id, u.username, u.name, u.email, u.tier, ${IS_ADMIN} as is_admin, ${ACTIVE_KINDS('$3')}, u.created_at
     from users u where u.id = $1 and u.application_id = $2 and u.deleted_at is null`,
    [userId, applicationId, now],
  );
  return rows[0] ? toSummary(rows[0]) : null;
}

interface RestrictionRow {
  id: string;
  kind: UserRestrictionKind;
  reason: string | null;
  expires_at: Date | null;
  created_at: Date;
  created_by: string | null;
  lifted_at: Date | null;
  lifted_by: string | null;
  lift_reason: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A member's restrictions, active and past, newest first, with the usernames of who set and lifted them. */
export async function listRestrictions(db: Queryable, userId: string, now: Date): Promise<AdminRestriction[]> {
  const { rows } = await db.query<RestrictionRow>(
    `select r.id, r.kind, r.reason, r.expires_at, r.created_at, c.username as created_by, r.lifted_at, l.username as lifted_by, r.lift_reason
     from user_restrictions r left join users c on c.id = r.created_by left join users l on l.id = r.lifted_by
     where r.user_id = $1 order by r.created_at desc, r.id`,
    [userId],
  );
  return rows.map((r) => ({
    ...r,
    expires_at: iso(r.expires_at),
    created_at: r.created_at.toISOString(),
    lifted_at: iso(r.lifted_at),
    active: r.lifted_at === null && (r.expires_at === null || r.expires_at > now),
  }));
}

/** Puts a restriction on a member; answers its id. */
export async function insertRestriction(
  db: Queryable,
  input: { userId: string; kind: UserRestrictionKind; reason: string; expiresAt: Date | null; createdBy: string; now: Date },
): Promise<string> {
  const id = randomUUID();
  await db.query(
    'insert into user_restrictions (id, user_id, kind, reason, expires_at, created_at, created_by) values ($1, $2, $3, $4, $5, $6, $7)',
    [id, input.userId, input.kind, input.reason, input.expiresAt, input.now, input.createdBy],
  );
  return id;
}

/**
 * Lifts an active restriction: one conditional update, so two admins lifting it at once lift it once. Answers
 * 'lifted', 'not_found' or 'already_lifted' (lifted before, or expired).
 */
export async function liftRestriction(
  db: Queryable,
  input: { userId: string; restrictionId: string; liftedBy: string; reason: string; now: Date },
): Promise<{ outcome: 'lifted'; kind: UserRestrictionKind } | { outcome: 'not_found' | 'already_lifted' }> {
  const { rows } = await db.query<{ kind: UserRestrictionKind }>(
    `update user_restrictions set lifted_at = $4, lifted_by = $3, lift_reason = $5
     where id = $1 and user_id = $2 and lifted_at is null and (expires_at is null or expires_at > $4) returning kind`,
    [input.restrictionId, input.userId, input.liftedBy, input.now, input.reason],
  );
  if (rows[0]) return { outcome: 'lifted', kind: rows[0].kind };
  const { rowCount } = await db.query('select 1 from user_restrictions where id = $1 and user_id = $2', [input.restrictionId, input.userId]);
  return { outcome: rowCount > 0 ? 'already_lifted' : 'not_found' };
}

export interface AdminActionInput {
  applicationId: string;
  actor: { id: string; username: string | null };
  action: AdminAction['action'];
  target: { id: string; username: string | null };
  reason: string | null;
  details?: Record<string, unknown>;
  now: Date;
}

/** Appends to the admins' record (append-only: the table's triggers refuse changes). */
export async function recordAdminAction(db: Queryable, input: AdminActionInput): Promise<void> {
  await db.query(
    `insert into admin_actions (application_id, actor_id, actor_username, action, target_user_id, target_username, reason, details, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [input.applicationId, input.actor.id, input.actor.username, input.action, input.target.id, input.target.username, input.reason, JSON.stringify(input.details ?? {}), input.now],
  );
}

interface ActionRow {
  id: string | number;
  action: AdminAction['action'];
  actor_username: string | null;
  target_user_id: string | null;
  target_username: string | null;
  reason: string | null;
  details: unknown;
  created_at: Date;
}

/** What admins did to a member, newest first (the latest 50). */
export async function listActionsOn(db: Queryable, applicationId: string, userId: string): Promise<AdminAction[]> {
  const { rows } = await db.query<ActionRow>(
    `select id, action, actor_username, target_user_id, target_username, reason, details, created_at from admin_actions
     where application_id = $1 and target_user_id = $2 order by id desc limit 50`,
    [applicationId, userId],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown>,
    created_at: r.created_at.toISOString(),
  }));
}
