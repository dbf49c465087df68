import type { AppConfig } from '../../config';
import type { Queryable } from '../../infra/db/database';
import type { UserRow } from '../../http/userRow';
import { findUserById } from '../users/userRepository';

/**
 * ADMIN_EMAILS: a user signing in with a verified email on the list gets the employee role, which carries the admin
 * permission (contracts' permissionsFor). The role is stored, so it lasts; taking an email off the list does not
 * remove a role already given (remove it from users.roles).
 */
export async function applyAdminEmails(db: Queryable, config: Pick<AppConfig, 'adminEmails'>, user: UserRow, now: Date): Promise<UserRow> {
  const listed = config.adminEmails ?? [];
  if (!user.email || !user.email_verified || !listed.includes(user.email) || user.roles.includes('employee')) return user;
  await db.query(
    `update users set roles = roles || '["employee"]'::jsonb, updated_at = $2 where id = $1 and not (roles @> '["employee"]'::jsonb)`,
    [user.id, now],
  );
  return (await findUserById(db, user.id, now)) ?? user;
}
