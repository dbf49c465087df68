import {
  API_HEADERS,
  CHARACTER_ERROR_CODES,
  CHARACTER_ERRORS,
  REPORT_ERROR_CODES,
  REPORT_ERRORS,
  REPORTS_PAGE_SIZE,
  reportCalls,
  reportHandledBy,
  type AdminReport,
} from '@fable/contracts';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';

/** The reports of a mock database, by report id, in the order they were sent. */
const stores = new WeakMap<MockDb, Map<string, AdminReport & { reporterKey: string }>>();
const storeOf = (db: MockDb) => stores.get(db) ?? stores.set(db, new Map()).get(db)!;

const failWith = (code: keyof typeof REPORT_ERRORS) => apiError(REPORT_ERRORS[code].status, code, REPORT_ERRORS[code].message);

/**
 * Reports of chatbots (contracts' reportCalls) as the API answers them: guests (by X-Guest-User-Id) and members report a
 * chatbot they may see, never their own; one open report per reporter and chatbot; admins list the open ones and close.
 */
export function reportHandlers(db: MockDb) {
  const reports = storeOf(db);
  const notAdmin = (userId: string | null) => !db.users.get(userId ?? '')?.permissions.includes('admin');
  const forbidden = () => apiError(403, 'forbidden', 'You are not allowed to access this page');
  return [
    contractRoute(reportCalls.reportCharacter, ({ body, userId, request }) => {
      const guestId = request.headers.get(API_HEADERS.guestUserId);
      if (!userId && !guestId) return apiError(401, 'authentication_required', 'Sign in to continue.');
      const character = db.characters.get(body.character_id);
      const visible = character && (character.visibility === 'public' || character.visibility === 'hidden' || character.creator_user_id === userId);
      if (!character || !visible) {
        const e = CHARACTER_ERRORS[CHARACTER_ERROR_CODES.NOT_FOUND];
        return apiError(e.status, CHARACTER_ERROR_CODES.NOT_FOUND, e.message);
      }
      if (userId && character.creator_user_id === userId) return failWith(REPORT_ERROR_CODES.OWN_CHARACTER);
      const reporterKey = userId ? `member:${userId}` : `guest:${guestId}`;
      const now = new Date().toISOString();
      const fields = { userIssueType: body.userIssueType, userReportDetails: body.userReportDetails, userExpectedResolution: body.userExpectedResolution };
      const open = [...reports.values()].find((r) => r.status === 'open' && r.character.id === character.id && r.reporterKey === reporterKey);
      const report = open
        ? { ...open, ...fields, updated_at: now }
        : {
            report_id: `report-${reports.size + 1}`,
            status: 'open' as const,
            character: { id: character.id, name: character.name },
            reporter: userId ? { kind: 'member' as const, user_id: userId, username: db.users.get(userId)?.username ?? null } : { kind: 'guest' as const, user_id: null, username: null },
            ...fields,
            created_at: now,
            updated_at: now,
            handled_by: reportHandledBy(new Date(now)).toISOString(),
            outcome: null,
            note: null,
            closed_at: null,
            reporterKey,
          };
      reports.set(report.report_id, report);
      return { report_id: report.report_id, status: 'open' as const, created_at: report.created_at, handled_by: report.handled_by };
    }),
    contractRoute(reportCalls.list, ({ query, userId }) => {
      if (notAdmin(userId)) return forbidden();
      const open = [...reports.values()].filter((r) => r.status === 'open').map(({ reporterKey: _key, ...r }) => r);
      return {
        items: open.slice((query.page - 1) * REPORTS_PAGE_SIZE, query.page * REPORTS_PAGE_SIZE),
        found: open.length,
        page: query.page,
        per_page: REPORTS_PAGE_SIZE,
      };
    }),
    contractRoute(reportCalls.close, ({ params, body, userId }) => {
      if (notAdmin(userId)) return forbidden();
      const report = reports.get(params.reportId);
      if (!report) return failWith(REPORT_ERROR_CODES.NOT_FOUND);
      if (report.status === 'closed') return failWith(REPORT_ERROR_CODES.ALREADY_CLOSED);
      const now = new Date().toISOString();
      const closed = { ...report, status: 'closed' as const, outcome: body.outcome, note: body.note || null, closed_at: now, updated_at: now };
      reports.set(closed.report_id, closed);
      const { reporterKey: _key, ...answer } = closed;
      return answer;
    }),
  ];
}
