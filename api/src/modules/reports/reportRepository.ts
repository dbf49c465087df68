import { REPORTS_PAGE_SIZE, reportHandledBy, type AdminReport, type ChatbotReport, type ReportOutcome, type ReporterKind } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';
import { iso } from '../characters/characterRow';

/** Who sends a report: a member (by user id) or a guest (by guest id). */
export interface Reporter {
  kind: ReporterKind;
  /** The member's user id or the guest's id: one open report per key and chatbot. */
  key: string;
  /** The member's user id; null for guests. */
  userId: string | null;
}

export interface SavedReport {
  id: string;
  created_at: Date | string;
}

/**
 * Stores the reporter's open report on the chatbot, or updates it when they already have one (the unique partial index
 * character_reports_one_open decides, so two submissions at once leave one report). Answers the report's id and when it
 * was first sent.
 */
export async function saveReport(db: Queryable, applicationId: string, reporter: Reporter, report: ChatbotReport, now: Date): Promise<SavedReport> {
  const { rows } = await db.query<SavedReport>(
    `insert into character_reports (application_id, character_id, reporter_kind, reporter_key, reporter_user_id, issue_type, details,
       expected_resolution, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     on conflict (character_id, reporter_kind, reporter_key) where status = 'open'
     do update set issue_type = excluded.issue_type, details = excluded.details, expected_resolution = excluded.expected_resolution,
       updated_at = excluded.updated_at
     returning id, created_at`,
    [
      applicationId,
      report.character_id,
      reporter.kind,
      reporter.key,
      reporter.userId,
      report.userIssueType,
      report.userReportDetails,
      report.userExpectedResolution,
      now,
    ],
  );
  return rows[0]!;
}

interface AdminReportRow {
  id: string;
  status: AdminReport['status'];
  character_id: string;
  character_name: string;
  reporter_kind: ReporterKind;
  reporter_user_id: string | null;
  reporter_username: string | null;
  issue_type: AdminReport['userIssueType'];
  details: string;
  expected_resolution: AdminReport['userExpectedResolution'];
  created_at: Date | string;
  updated_at: Date | string;
  outcome: ReportOutcome | null;
  note: string | null;
  closed_at: Date | string | null;
}

const ADMIN_REPORT_SELECT = `r.id, r.status, r.character_id, c.name as character_name, r.reporter_kind, r.reporter_user_id::text as reporter_user_id,
  u.username as reporter_username, r.issue_type, r.details, r.expected_resolution, r.created_at, r.updated_at, r.outcome, r.note, r.closed_at`;
const ADMIN_REPORT_FROM = `character_reports r join characters c on c.id = r.character_id left join users u on u.id = r.reporter_user_id`;

function toAdminReport(row: AdminReportRow): AdminReport {
  return {
    report_id: row.id,
    status: row.status,
    character: { id: row.character_id, name: row.character_name },
    reporter: { kind: row.reporter_kind, user_id: row.reporter_user_id, username: row.reporter_username },
    userIssueType: row.issue_type,
    userReportDetails: row.details,
    userExpectedResolution: row.expected_resolution,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    handled_by: iso(reportHandledBy(new Date(row.created_at))),
    outcome: row.outcome,
    note: row.note,
    closed_at: row.closed_at === null ? null : iso(row.closed_at),
  };
}

/** A page of the application's open reports, oldest first, and how many are open. */
export async function listOpenReports(db: Queryable, applicationId: string, page: number): Promise<{ items: AdminReport[]; found: number }> {
  const [items, count] = await Promise.all([
    db.query<AdminReportRow>(
      `select ${ADMIN_REPORT_SELECT} from ${ADMIN_REPORT_FROM}
       where r.application_id = $1 and r.status = 'open'
       order by r.created_at, r.id
       limit $2 offset $3`,
      [applicationId, REPORTS_PAGE_SIZE, (page - 1) * REPORTS_PAGE_SIZE],
    ),
    db.query<{ found: number }>(`select count(*)::int as found from character_reports where application_id = $1 and status = 'open'`, [applicationId]),
  ]);
  return { items: items.rows.map(toAdminReport), found: count.rows[0]?.found ?? 0 };
}

/**
 * Closes an open report of the application in one statement; answers the closed report, 'closed' when it was closed
 * already (by an earlier call or another admin at the same moment), or null when the application has no such report.
 */
export async function closeReport(
  db: Queryable,
  applicationId: string,
  reportId: string,
  close: { outcome: ReportOutcome; note: string | null; closedBy: string; now: Date },
): Promise<AdminReport | 'closed' | null> {
  const { rows } = await db.query<{ id: string }>(
    `update character_reports set status = 'closed', outcome = $3, note = $4, closed_by = $5, closed_at = $6, updated_at = $6
     where id = $1 and application_id = $2 and status = 'open'
     returning id`,
    [reportId, applicationId, close.outcome, close.note, close.closedBy, close.now],
  );
  const found = await db.query<AdminReportRow>(`select ${ADMIN_REPORT_SELECT} from ${ADMIN_REPORT_FROM} where r.id = $1 and r.application_id = $2`, [
    reportId,
    applicationId,
  ]);
  const row = found.rows[0];
  if (!row) return null;
  return rows.length === 0 ? 'closed' : toAdminReport(row);
}
