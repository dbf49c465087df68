import {
  MODERATION_QUEUE_PAGE_SIZE,
  moderationCalls,
  type CharacterProfile,
  type ModerationAuditEntry,
  type ModerationStatus,
} from '@fable/contracts';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';
import { ownCharacterOf } from './authoring';

const DECIDED: Record<'approve' | 'require_fixes' | 'close', { status: ModerationStatus; action: ModerationAuditEntry['action'] }> = {
  approve: { status: 'closed', action: 'approved' },
  require_fixes: { status: 'fix_required', action: 'fixes_required' },
  close: { status: 'closed', action: 'closed' },
};

/** The audit trails of a mock database, by chatbot id, oldest first. */
const audits = new WeakMap<MockDb, Map<string, ModerationAuditEntry[]>>();
const auditOf = (db: MockDb) => audits.get(db) ?? audits.set(db, new Map()).get(db)!;

/** Records audit entries that happened before (the dev harness's chatbots waiting for review come with a history). */
export function recordModerationAudit(db: MockDb, entries: readonly ModerationAuditEntry[]) {
  const audit = auditOf(db);
  for (const entry of entries) audit.set(entry.character_id, [...(audit.get(entry.character_id) ?? []), entry]);
}

/** The admin moderation console: the queue of chatbots waiting for a person, decisions, the audit trail. */
export function moderationHandlers(db: MockDb) {
  const audit = auditOf(db);
  const statusOf = (c: CharacterProfile) => c.moderationReport?.moderation_status ?? null;
  const notAdmin = (userId: string | null) => !db.users.get(userId ?? '')?.permissions.includes('admin');
  const forbidden = () => apiError(403, 'forbidden', 'You do not have permission to do this.');
  return [
    contractRoute(moderationCalls.queue, ({ query, userId }) => {
      if (notAdmin(userId)) return forbidden();
      const waiting = [...db.characters.values()].filter((c) => (query.status as readonly (string | null)[]).includes(statusOf(c)));
      const page = waiting.slice((query.page - 1) * MODERATION_QUEUE_PAGE_SIZE, query.page * MODERATION_QUEUE_PAGE_SIZE);
      return {
        items: page.map((c) => ({ character: ownCharacterOf(c), waiting_since: c.updatedAt ?? c.createdAt })),
        found: waiting.length,
        page: query.page,
        per_page: MODERATION_QUEUE_PAGE_SIZE,
      };
    }),
    contractRoute(moderationCalls.decide, ({ params, body, userId }) => {
      if (notAdmin(userId)) return forbidden();
      const character = db.characters.get(params.characterId);
      if (!character) return apiError(404, 'character_not_found', 'Chatbot not found');
      const from = statusOf(character);
      if (from !== 'pending' && from !== 'rereview_required' && from !== 'manual_review_required') {
        return apiError(409, 'moderation_decision_not_allowed', 'This decision does not apply to the chatbot in its current moderation status.');
      }
      const { status, action } = DECIDED[body.decision];
      const updated: CharacterProfile = {
        ...character,
        moderationReport: { moderation_status: status, reason_for_moderation: body.reason_for_moderation, action_taken_description: body.action_taken_description ?? null },
      };
      db.characters.set(updated.id, updated);
      const entry: ModerationAuditEntry = {
        id: db.nextId('audit'),
        character_id: updated.id,
        actor_user_id: userId!,
        actor_username: db.users.get(userId!)?.username ?? null,
        actor_role: 'moderator',
        action,
        from_status: from,
        to_status: status,
        reason_for_moderation: body.reason_for_moderation,
        action_taken_description: body.action_taken_description ?? null,
        findings: [],
        createdAt: new Date().toISOString(),
      };
      audit.set(updated.id, [...(audit.get(updated.id) ?? []), entry]);
      return { character: ownCharacterOf(updated), entry };
    }),
    contractRoute(moderationCalls.audit, ({ params, userId }) => (notAdmin(userId) ? forbidden() : { entries: audit.get(params.characterId) ?? [] })),
  ];
}
