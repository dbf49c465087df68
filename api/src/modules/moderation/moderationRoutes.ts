import {
  CHARACTER_ERROR_CODES,
  CHARACTER_ERRORS,
  MODERATION_QUEUE_PAGE_SIZE,
  MODERATION_QUEUE_STATUSES,
  moderationCalls,
  type ModerationAuditAction,
  type ModerationDecision,
  type ModerationStatus,
} from '@fable/contracts';
import { memberOf } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ApiPlugin } from '../../http/apiPlugin';
import { iso } from '../characters/characterRow';
import { bumpCatalogVersion } from '../catalogVersion/catalogVersion';
import { FULL_CHARACTER_FROM, FULL_CHARACTER_SELECT, claimRevision, toOwnCharacter, type FullCharacterRow } from './fullCharacter';
import { appendModerationEvent, listModerationEvents } from './moderationEvents';

const notFound = () => {
  const e = CHARACTER_ERRORS[CHARACTER_ERROR_CODES.NOT_FOUND];
  return new AppError(e.status, CHARACTER_ERROR_CODES.NOT_FOUND, e.message);
};
const notAllowed = (decision: ModerationDecision, status: ModerationStatus | null) => {
  const e = CHARACTER_ERRORS[CHARACTER_ERROR_CODES.DECISION_NOT_ALLOWED];
  return new AppError(e.status, CHARACTER_ERROR_CODES.DECISION_NOT_ALLOWED, e.message, { decision, moderation_status: status });
};

const IN_QUEUE = new Set<ModerationStatus | null>(MODERATION_QUEUE_STATUSES);

/** Which statuses a decision applies to, what it leaves, and what the record calls it (contracts' moderationAudit.ts). */
const DECISIONS: Record<ModerationDecision, { from: (s: ModerationStatus | null) => boolean; to: ModerationStatus; action: ModerationAuditAction }> = {
  approve: { from: (s) => IN_QUEUE.has(s), to: 'closed', action: 'approved' },
  require_fixes: { from: () => true, to: 'fix_required', action: 'fixes_required' },
  close: { from: (s) => IN_QUEUE.has(s) || s === 'fix_required', to: 'closed', action: 'closed' },
};

/**
 * Moderation by people (contracts' moderationCalls): admins of an application list its chatbots waiting for a
 * decision (oldest first), decide, and read the record. A decision and its record are one transaction on the locked
 * chatbot; the creator sees the result as the chatbot's moderationReport. See README.md in this folder.
 */
export const moderationRoutes: ApiPlugin = async (app, { db, cache, clock }) => {
  const queue = moderationCalls.queue;
  app.get(queue.path, { schema: { querystring: queue.query, response: { 200: queue.response } }, config: { access: queue.access } }, async (request) => {
    const admin = memberOf(request);
    const { status, page } = request.query;
    const [items, count] = await Promise.all([
      db.query<FullCharacterRow>(
        `select ${FULL_CHARACTER_SELECT} from ${FULL_CHARACTER_FROM}
         where c.application_id = $1 and c.moderation_status = any($2::text[])
         order by a.moderation_updated_at nulls first, c.id
         limit $3 offset $4`,
        [admin.applicationId, status, MODERATION_QUEUE_PAGE_SIZE, (page - 1) * MODERATION_QUEUE_PAGE_SIZE],
      ),
      db.query<{ found: number }>(
        'select count(*)::int as found from characters where application_id = $1 and moderation_status = any($2::text[])',
        [admin.applicationId, status],
      ),
    ]);
    return {
      items: items.rows.map((row) => ({ character: toOwnCharacter(row), waiting_since: iso(row.moderation_updated_at ?? row.updated_at) })),
      found: count.rows[0]?.found ?? 0,
      page,
      per_page: MODERATION_QUEUE_PAGE_SIZE,
    };
  });

  const decide = moderationCalls.decide;
  app.post(
    decide.path,
    { schema: { params: decide.params, body: decide.body, response: { 200: decide.response } }, config: { access: decide.access } },
    async (request) => {
      const admin = memberOf(request);
      const { decision, reason_for_moderation: reasons, action_taken_description: description } = request.body;
      const rule = DECISIONS[decision];
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const { rows } = await tx.query<FullCharacterRow>(`select ${FULL_CHARACTER_SELECT} from ${FULL_CHARACTER_FROM} where c.id = $1 for update of c`, [
          request.params.characterId,
        ]);
        const current = rows[0];
        if (!current || current.application_id !== admin.applicationId) throw notFound();
        if (!rule.from(current.moderation_status)) throw notAllowed(decision, current.moderation_status);
        const kept = decision === 'approve' ? [] : reasons;
        // The chatbot's row is locked: the revision it was read at is still the current one.
        await claimRevision(tx, current.id, current.revision, { moderationUpdatedAt: now });
        await tx.query(
          `update characters set moderation_status = $2, reason_for_moderation = $3::text[], action_taken_description = $4,
             aicq_manual_review_required = false, submit_for_manual_review = false
           where id = $1`,
          [current.id, rule.to, kept, description ?? null],
        );
        const updated = await tx.query<FullCharacterRow>(`select ${FULL_CHARACTER_SELECT} from ${FULL_CHARACTER_FROM} where c.id = $1`, [current.id]);
        const entry = await appendModerationEvent(tx, {
          characterId: current.id,
          applicationId: admin.applicationId,
          actor: { userId: admin.userId, username: admin.user.username, role: 'moderator' },
          action: rule.action,
          fromStatus: current.moderation_status,
          toStatus: rule.to,
          reasons: kept,
          description: description ?? null,
          at: now,
        });
        return { row: updated.rows[0]!, entry };
      });
      if (result.row.visibility === 'public') await bumpCatalogVersion(cache, admin.applicationId, now);
      return { character: toOwnCharacter(result.row), entry: result.entry };
    },
  );

  const audit = moderationCalls.audit;
  app.get(audit.path, { schema: { params: audit.params, response: { 200: audit.response } }, config: { access: audit.access } }, async (request) => {
    const admin = memberOf(request);
    return { entries: await listModerationEvents(db, admin.applicationId, request.params.characterId) };
  });
};
