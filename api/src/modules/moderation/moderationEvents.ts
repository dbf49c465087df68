import type { ModerationAuditAction, ModerationAuditEntry, ModerationFinding, ModerationStatus } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';
import { iso } from '../characters/characterRow';

/**
 * The append-only record of moderation decisions (character_moderation_events, migration 011, whose triggers refuse
 * UPDATE, DELETE and TRUNCATE): written in the same transaction as the change it records.
 */
export interface ModerationEventInput {
  characterId: string;
  applicationId: string;
  actor: { userId: string; username: string | null; role: 'creator' | 'moderator' };
  action: ModerationAuditAction;
  fromStatus: ModerationStatus | null;
  toStatus: ModerationStatus | null;
  reasons?: readonly string[];
  description?: string | null;
  findings?: readonly ModerationFinding[];
  /** What the decision changed that an appeal may undo (the visibility before a take-down). */
  details?: Record<string, unknown>;
  at: Date;
}

interface EventRow {
  id: number | string;
  character_id: string;
  actor_user_id: string;
  actor_username: string | null;
  actor_role: 'creator' | 'moderator';
  action: ModerationAuditAction;
  from_status: ModerationStatus | null;
  to_status: ModerationStatus | null;
  reason_for_moderation: string[];
  action_taken_description: string | null;
  findings: ModerationFinding[];
  created_at: Date;
}

const EVENT_COLUMNS = `id, character_id, actor_user_id, actor_username, actor_role, action, from_status, to_status,
  reason_for_moderation, action_taken_description, findings, created_at`;

function toEntry(row: EventRow): ModerationAuditEntry {
  return {
    id: String(row.id),
    character_id: row.character_id,
    actor_user_id: row.actor_user_id,
    actor_username: row.actor_username,
    actor_role: row.actor_role,
    action: row.action,
    from_status: row.from_status,
    to_status: row.to_status,
    reason_for_moderation: row.reason_for_moderation,
    action_taken_description: row.action_taken_description,
    findings: row.findings,
    createdAt: iso(row.created_at),
  };
}

export async function appendModerationEvent(tx: Queryable, e: ModerationEventInput): Promise<ModerationAuditEntry> {
  const { rows } = await tx.query<EventRow>(
    `insert into character_moderation_events (character_id, application_id, actor_user_id, actor_username, actor_role, action,
       from_status, to_status, reason_for_moderation, action_taken_description, findings, created_at, details)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10, $11::jsonb, $12, $13::jsonb)
     returning ${EVENT_COLUMNS}`,
    [
      e.characterId,
      e.applicationId,
      e.actor.userId,
      e.actor.username,
      e.actor.role,
      e.action,
      e.fromStatus,
      e.toStatus,
      [...(e.reasons ?? [])],
      e.description ?? null,
      JSON.stringify(e.findings ?? []),
      e.at,
      JSON.stringify(e.details ?? {}),
    ],
  );
  return toEntry(rows[0]!);
}

/** A chatbot's record in its application, oldest first. */
export async function listModerationEvents(db: Queryable, applicationId: string, characterId: string): Promise<ModerationAuditEntry[]> {
  const { rows } = await db.query<EventRow>(
    `select ${EVENT_COLUMNS} from character_moderation_events where application_id = $1 and character_id = $2 order by id`,
    [applicationId, characterId],
  );
  return rows.map(toEntry);
}
