import { REPORT_CASE_ERRORS, type ModerationStatus } from '@fable/contracts';
import type { MemberCaller } from '../../http/access';
import { AppError } from '../../http/appError';
import type { Queryable } from '../../infra/db/database';

/** What the report case and appeal routes share: their errors, the locked chatbot, the moderator as actor. */

export const error = (code: keyof typeof REPORT_CASE_ERRORS) => AppError.of(REPORT_CASE_ERRORS, code);
export const characterNotFound = () => new AppError(404, 'character_not_found', 'Character not found');

export interface LockedCharacter {
  id: string;
  name: string;
  application_id: string;
  creator_user_id: string;
  creator_username: string | null;
  visibility: string;
  moderation_status: ModerationStatus | null;
  revision: string;
}

export async function lockCharacter(tx: Queryable, characterId: string): Promise<LockedCharacter | null> {
  const { rows } = await tx.query<LockedCharacter>(
    `select c.id, c.name, c.application_id, c.creator_user_id, c.creator_username, c.visibility, c.moderation_status, coalesce(a.revision, 0)::text as revision
     from characters c left join character_authoring a on a.character_id = c.id where c.id = $1 for update of c`,
    [characterId],
  );
  return rows[0] ?? null;
}

export const moderator = (admin: MemberCaller) => ({ userId: admin.userId, username: admin.user.username, role: 'moderator' as const });

