import {
  REPORT_CASE_ERROR_CODES,
  REPORT_CASES_PAGE_SIZE,
  reportCaseCalls,
  type CaseDecision,
  type ModerationStatus,
} from '@fable/contracts';
import { memberOf } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ApiPlugin } from '../../http/apiPlugin';
import type { Queryable } from '../../infra/db/database';
import { recordAdminAction } from '../adminUsers/adminUserRepository';
import { bumpCatalogVersion } from '../catalogVersion/catalogVersion';
import { claimRevision } from '../moderation/fullCharacter';
import { appendModerationEvent } from '../moderation/moderationEvents';
import { notifyMember } from '../notifications/notifyMember';
import { appealRoutes } from './appealRoutes';
import { CASE_NOTICES } from './caseNotices';
import { closeCaseReports, listCases, setReporterMuted } from './reportCaseRepository';

import { characterNotFound, error, lockCharacter, moderator, type LockedCharacter } from './caseLocks';

/** The chatbot's new state for a decision: fixes required unlists it until fixed; a take-down makes it private for good. */
async function applyDecision(
  tx: Queryable,
  c: LockedCharacter,
  decision: Exclude<CaseDecision, 'dismiss'>,
  reasons: string[],
  note: string | null,
  now: Date,
): Promise<ModerationStatus> {
  // The chatbot is locked: the revision read is current; claiming it makes an edit started before this decision fail.
  await claimRevision(tx, c.id, c.revision, { moderationUpdatedAt: now });
  if (decision === 'require_fix') {
    await tx.query(`update characters set moderation_status = 'fix_required', reason_for_moderation = $2::text[], action_taken_description = $3 where id = $1`, [c.id, reasons, note]);
    return 'fix_required';
  }
  await tx.query(
    `update characters set visibility = 'permanently_private', moderation_status = 'closed', reason_for_moderation = $2::text[], action_taken_description = $3 where id = $1`,
    [c.id, reasons, note],
  );
  return 'closed';
}

/**
 * Reports handled (contracts' reportCaseCalls; issue 28): the reported chatbots as cases, a case decided in one
 * transaction on the locked chatbot (its open reports closed, its state changed, the chatbot's record, the admins'
 * record, the creator's statement of reasons and each member reporter's outcome as notifications). Appeals are
 * appealRoutes.ts.
 */
export const reportCaseRoutes: ApiPlugin = async (app, deps) => {
  const { db, cache, clock } = deps;
  await app.register(appealRoutes, deps);
  const list = reportCaseCalls.list;
  app.get(list.path, { schema: { querystring: list.query, response: { 200: list.response } }, config: { access: list.access } }, async (request) => {
    const admin = memberOf(request);
    const { items, found } = await listCases(db, admin.applicationId, request.query.page, clock.now());
    return { items, found, page: request.query.page, per_page: REPORT_CASES_PAGE_SIZE };
  });

  const mute = reportCaseCalls.muteReporter;
  app.post(mute.path, { schema: { params: mute.params, body: mute.body, response: { 200: mute.response } }, config: { access: mute.access } }, async (request) => {
    const admin = memberOf(request);
    const { userId } = request.params;
    const { muted } = request.body;
    const now = clock.now();
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; username: string | null }>('select id, username from users where id = $1 and application_id = $2 and deleted_at is null for update', [
        userId,
        admin.applicationId,
      ]);
      const target = rows[0];
      if (!target) throw new AppError(404, 'user_not_found', 'User not found');
      if (await setReporterMuted(tx, admin.applicationId, userId, muted, admin.userId, now)) {
        const actor = { id: admin.userId, username: admin.user.username };
        await recordAdminAction(tx, { applicationId: admin.applicationId, actor, action: muted ? 'reporter_muted' : 'reporter_unmuted', target, reason: null, now });
      }
    });
    return { user_id: userId, muted };
  });

  const decide = reportCaseCalls.decide;
  app.post(
    decide.path,
    { schema: { params: decide.params, body: decide.body, response: { 200: decide.response } }, config: { access: decide.access } },
    async (request) => {
      const admin = memberOf(request);
      const { decision, reasons, note } = request.body;
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const c = await lockCharacter(tx, request.params.characterId);
        if (!c || c.application_id !== admin.applicationId) throw characterNotFound();
        const closed = await closeCaseReports(tx, c.id, { outcome: decision === 'dismiss' ? 'dismissed' : 'actioned', note: note ?? null, closedBy: admin.userId, now });
        if (closed.length === 0) throw error(REPORT_CASE_ERROR_CODES.NO_OPEN_REPORTS);
        const target = { id: c.creator_user_id, username: c.creator_username };
        const actor = { id: admin.userId, username: admin.user.username };
        if (decision === 'dismiss') {
          await recordAdminAction(tx, { applicationId: admin.applicationId, actor, action: 'reports_dismissed', target, reason: note ?? null, details: { character_id: c.id, reports: closed.length }, now });
        } else {
          const to = await applyDecision(tx, c, decision, reasons, note ?? null, now);
          const entry = await appendModerationEvent(tx, {
            characterId: c.id,
            applicationId: admin.applicationId,
            actor: moderator(admin),
            action: decision === 'take_down' ? 'taken_down' : 'fixes_required',
            fromStatus: c.moderation_status,
            toStatus: to,
            reasons,
            description: note ?? null,
            details: { previous_visibility: c.visibility, previous_status: c.moderation_status, reports: closed.length },
            at: now,
          });
          await recordAdminAction(tx, {
            applicationId: admin.applicationId,
            actor,
            action: decision === 'take_down' ? 'chatbot_taken_down' : 'fixes_required',
            target,
            reason: reasons.join('\n'),
            details: { character_id: c.id, reports: closed.length, event_id: entry.id },
            now,
          });
          await notifyMember(tx, {
            userId: c.creator_user_id,
            kind: 'chatbot_moderated',
            title: CASE_NOTICES.creatorTitle(decision, c.name),
            body: CASE_NOTICES.creatorBody(decision, reasons),
            link: `/chatbot/edit/${c.id}`,
            dedupeKey: `decision:${entry.id}`,
            now,
          });
        }
        let told = 0;
        for (const report of closed) {
          if (!report.reporter_user_id) continue;
          const link = decision === 'take_down' ? null : `/chatbot/${c.id}`;
          const body = CASE_NOTICES.reporterBody(decision);
          if (await notifyMember(tx, { userId: report.reporter_user_id, kind: 'report_outcome', title: CASE_NOTICES.reporterTitle(c.name), body, link, dedupeKey: `report-outcome:${report.id}`, now })) told += 1;
        }
        return { closed: closed.length, told, wasPublic: c.visibility === 'public' };
      });
      if (result.wasPublic && decision !== 'dismiss') await bumpCatalogVersion(cache, admin.applicationId, now);
      return { decision, reports_closed: result.closed, reporters_told: result.told };
    },
  );

};
