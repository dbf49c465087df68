import { REPORT_CASE_ERROR_CODES, REPORT_CASES_PAGE_SIZE, reportCaseCalls, type ModerationStatus } from '@fable/contracts';
import { memberOf } from '../../http/access';
import type { ApiPlugin } from '../../http/apiPlugin';
import { recordAdminAction } from '../adminUsers/adminUserRepository';
import { bumpCatalogVersion } from '../catalogVersion/catalogVersion';
import { claimRevision } from '../moderation/fullCharacter';
import { appendModerationEvent } from '../moderation/moderationEvents';
import { notifyMember } from '../notifications/notifyMember';
import { CASE_NOTICES } from './caseNotices';
import { characterNotFound, error, lockCharacter, moderator } from './caseLocks';
import { findAppeal, hasAnotherAdmin, insertAppeal, latestDecision, listAppeals, toAppeal, type AppealRecord } from './reportCaseRepository';

/**
 * Appeals (contracts' reportCaseCalls.appeal, appeals, decideAppeal): the creator appeals the latest decision on their
 * chatbot once (fixes required or taken down); admins list them, open first; another admin than the one who decided
 * (when the application has another) upholds or reverses it — a reversal restores the chatbot (its visibility before a
 * take-down, its status closed, the reasons cleared). Each step is in the chatbot's record and the admins' record, and
 * the creator is told the outcome.
 */
export const appealRoutes: ApiPlugin = async (app, { db, cache, clock }) => {
  const appeal = reportCaseCalls.appeal;
  app.post(appeal.path, { schema: { params: appeal.params, body: appeal.body, response: { 200: appeal.response } }, config: { access: appeal.access, openWhenRestricted: true } }, async (request) => {
    const member = memberOf(request);
    const now = clock.now();
    const id = await db.transaction(async (tx) => {
      const c = await lockCharacter(tx, request.params.characterId);
      if (!c || c.application_id !== member.applicationId || c.creator_user_id !== member.userId) throw characterNotFound();
      const decision = await latestDecision(tx, c.id);
      if (!decision || (decision.action !== 'fixes_required' && decision.action !== 'taken_down')) throw error(REPORT_CASE_ERROR_CODES.NOTHING_TO_APPEAL);
      const appealId = await insertAppeal(tx, { applicationId: c.application_id, characterId: c.id, creatorUserId: member.userId, decisionEventId: decision.id, statement: request.body.statement, now });
      if (!appealId) throw error(REPORT_CASE_ERROR_CODES.ALREADY_APPEALED);
      await appendModerationEvent(tx, {
        characterId: c.id,
        applicationId: c.application_id,
        actor: { userId: member.userId, username: member.user.username, role: 'creator' },
        action: 'appealed',
        fromStatus: c.moderation_status,
        toStatus: c.moderation_status,
        description: request.body.statement,
        details: { appeal_id: appealId, decision_event_id: decision.id },
        at: now,
      });
      return appealId;
    });
    return toAppeal((await findAppeal(db, member.applicationId, id))!, false);
  });

  const appeals = reportCaseCalls.appeals;
  app.get(appeals.path, { schema: { querystring: appeals.query, response: { 200: appeals.response } }, config: { access: appeals.access } }, async (request) => {
    const admin = memberOf(request);
    const { rows, found } = await listAppeals(db, admin.applicationId, request.query.page);
    const another = await hasAnotherAdmin(db, admin.applicationId, admin.userId);
    const mayDecide = (r: AppealRecord) => r.status === 'open' && r.creator_user_id !== admin.userId && (r.decision_actor !== admin.userId || !another);
    return { items: rows.map((r) => toAppeal(r, mayDecide(r))), found, page: request.query.page, per_page: REPORT_CASES_PAGE_SIZE };
  });

  const decideAppeal = reportCaseCalls.decideAppeal;
  app.post(
    decideAppeal.path,
    { schema: { params: decideAppeal.params, body: decideAppeal.body, response: { 200: decideAppeal.response } }, config: { access: decideAppeal.access } },
    async (request) => {
      const admin = memberOf(request);
      const { outcome, reason } = request.body;
      const now = clock.now();
      const wasPublic = await db.transaction(async (tx) => {
        const found = await findAppeal(tx, admin.applicationId, request.params.appealId, true);
        if (!found) throw error(REPORT_CASE_ERROR_CODES.APPEAL_NOT_FOUND);
        if (found.status !== 'open') throw error(REPORT_CASE_ERROR_CODES.APPEAL_DECIDED);
        // Never the chatbot's own creator; not the admin who decided, when the application has another.
        if (found.creator_user_id === admin.userId) throw error(REPORT_CASE_ERROR_CODES.ANOTHER_ADMIN);
        if (found.decision_actor === admin.userId && (await hasAnotherAdmin(tx, admin.applicationId, admin.userId))) throw error(REPORT_CASE_ERROR_CODES.ANOTHER_ADMIN);
        // A newer decision replaced the one appealed: reversing the old one would undo the new.
        if ((await latestDecision(tx, found.character_id))?.id !== found.decision_event_id) throw error(REPORT_CASE_ERROR_CODES.APPEAL_OUTDATED);
        const c = (await lockCharacter(tx, found.character_id))!;
        let restored: string | null = null;
        if (outcome === 'reversed') {
          await claimRevision(tx, c.id, c.revision, { moderationUpdatedAt: now });
          restored = found.action === 'taken_down' ? String(found.decision_details.previous_visibility ?? 'private') : c.visibility;
          // The state before the decision: its visibility (a take-down) and its moderation status (null: none).
          const status = (found.decision_details.previous_status as string | null | undefined) ?? null;
          await tx.query(`update characters set visibility = $2, moderation_status = $3, reason_for_moderation = '{}', action_taken_description = null where id = $1`, [
            c.id,
            restored,
            status,
          ]);
        }
        await tx.query(`update character_appeals set status = $2, decided_at = $3, decided_by = $4, outcome_reason = $5 where id = $1`, [found.id, outcome, now, admin.userId, reason]);
        await appendModerationEvent(tx, {
          characterId: c.id,
          applicationId: admin.applicationId,
          actor: moderator(admin),
          action: outcome === 'reversed' ? 'appeal_reversed' : 'appeal_upheld',
          fromStatus: c.moderation_status,
          toStatus: outcome === 'reversed' ? ((found.decision_details.previous_status as ModerationStatus | null | undefined) ?? null) : c.moderation_status,
          description: reason,
          details: { appeal_id: found.id },
          at: now,
        });
        await recordAdminAction(tx, {
          applicationId: admin.applicationId,
          actor: { id: admin.userId, username: admin.user.username },
          action: outcome === 'reversed' ? 'appeal_reversed' : 'appeal_upheld',
          target: { id: found.creator_user_id, username: found.creator_username },
          reason,
          details: { character_id: c.id, appeal_id: found.id },
          now,
        });
        await notifyMember(tx, {
          userId: found.creator_user_id,
          kind: 'appeal_outcome',
          title: CASE_NOTICES.appealTitle(outcome, c.name),
          body: reason,
          link: `/chatbot/edit/${c.id}`,
          dedupeKey: `appeal:${found.id}`,
          now,
        });
        return restored === 'public';
      });
      if (wasPublic) await bumpCatalogVersion(cache, admin.applicationId, now);
      return toAppeal((await findAppeal(db, admin.applicationId, request.params.appealId))!, false);
    },
  );
};
