import { CHARACTER_ERROR_CODES, CHARACTER_ERRORS, REPORT_ERROR_CODES, REPORT_ERRORS, REPORTS_PAGE_SIZE, reportCalls, reportHandledBy } from '@fable/contracts';
import { memberOf, type Caller } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ApiPlugin } from '../../http/apiPlugin';
import { iso } from '../characters/characterRow';
import { findViewableCharacter, viewerOf } from '../discovery/characterAccess';
import { closeReport, listOpenReports, saveReport, type Reporter } from './reportRepository';

const error = (code: keyof typeof REPORT_ERRORS) => AppError.of(REPORT_ERRORS, code);
const characterNotFound = () => {
  const e = CHARACTER_ERRORS[CHARACTER_ERROR_CODES.NOT_FOUND];
  return new AppError(e.status, CHARACTER_ERROR_CODES.NOT_FOUND, e.message);
};

function reporterOf(caller: Caller): Reporter {
  if (caller.kind === 'member') return { kind: 'member', key: caller.userId, userId: caller.userId };
  if (caller.kind === 'guest') return { kind: 'guest', key: caller.guestId, userId: null };
  // The access hook admits only guests and members on a 'guest' route.
  throw new Error(`A ${caller.kind} caller cannot report`);
}

/**
 * Reports of chatbots (contracts' reportCalls; document 2 §2, §3, §5, §7, §9). A guest or a member reports a chatbot
 * they may see (else 404 character_not_found, like its profile); its creator cannot (403 own_character). One open
 * report per reporter and chatbot: sending again updates it and answers the same report. Admins list the open reports
 * of their application, oldest first, and close them (409 once closed).
 */
export const reportsRoutes: ApiPlugin = async (app, { db, clock }) => {
  const report = reportCalls.reportCharacter;
  app.post(
    report.path,
    { schema: { body: report.body, response: { 200: report.response } }, config: { access: report.access } },
    async (request) => {
      const caller = request.caller;
      const reporter = reporterOf(caller);
      const character = await findViewableCharacter(db, request.body.character_id, viewerOf(caller));
      if (!character) throw characterNotFound();
      if (reporter.userId !== null && character.creator_user_id === reporter.userId) throw error(REPORT_ERROR_CODES.OWN_CHARACTER);
      const saved = await saveReport(db, caller.applicationId, reporter, request.body, clock.now());
      const createdAt = new Date(saved.created_at);
      return { report_id: saved.id, status: 'open' as const, created_at: iso(createdAt), handled_by: iso(reportHandledBy(createdAt)) };
    },
  );

  const list = reportCalls.list;
  app.get(list.path, { schema: { querystring: list.query, response: { 200: list.response } }, config: { access: list.access } }, async (request) => {
    const admin = memberOf(request);
    const { items, found } = await listOpenReports(db, admin.applicationId, request.query.page);
    return { items, found, page: request.query.page, per_page: REPORTS_PAGE_SIZE };
  });

  const close = reportCalls.close;
  app.post(
    close.path,
    { schema: { params: close.params, body: close.body, response: { 200: close.response } }, config: { access: close.access } },
    async (request) => {
      const admin = memberOf(request);
      const { outcome, note } = request.body;
      const closed = await closeReport(db, admin.applicationId, request.params.reportId, {
        outcome,
        note: note === undefined || note === '' ? null : note,
        closedBy: admin.userId,
        now: clock.now(),
      });
      if (closed === null) throw error(REPORT_ERROR_CODES.NOT_FOUND);
      if (closed === 'closed') throw error(REPORT_ERROR_CODES.ALREADY_CLOSED);
      return closed;
    },
  );
};
