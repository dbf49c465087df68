import { z } from 'zod';
import { IdSchema, TimestampSchema } from '../entities/common';
import { ChatbotReportSchema, ReportExpectedResolutionSchema, ReportIssueTypeSchema } from '../entities/report';
import { REPORT_LIMITS } from '../limits/reportLimits';
import { adminPageSchema } from './adminPage';
import { defineCall } from './apiCall';

/**
 * Reports of chatbots (document 2 §2 "/report", §3 "Report", §5, §7 "Report character", §9): anyone who may see a
 * chatbot (guests and members) reports it; reports are handled within 7 days. The admin side (the open reports, closing
 * one) is ours: the spec does not show it. The NUL and broken-Unicode rule of every user text is the API's input guard.
 */

/** document 2 §7: character_id, userIssueType, userReportDetails, userExpectedResolution (every field required, §5). */
export const ReportCharacterBodySchema = ChatbotReportSchema;
export type ReportCharacterBody = z.input<typeof ReportCharacterBodySchema>;

export const REPORT_STATUSES = ['open', 'closed'] as const;
export const ReportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof ReportStatusSchema>;

/** How an admin closed a report (ours). */
export const REPORT_OUTCOMES = ['actioned', 'dismissed'] as const;
export const ReportOutcomeSchema = z.enum(REPORT_OUTCOMES);
export type ReportOutcome = z.infer<typeof ReportOutcomeSchema>;

export const REPORTER_KINDS = ['member', 'guest'] as const;
export const ReporterKindSchema = z.enum(REPORTER_KINDS);
export type ReporterKind = z.infer<typeof ReporterKindSchema>;

/** When a report is due: reports are handled within 7 days of their submission (document 2 overview, §9). */
export function reportHandledBy(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REPORT_LIMITS.handledWithinDays * 24 * 60 * 60 * 1000);
}

/**
 * The answer to a report (the spec shows none): the report's id and when it will be handled. One open report per
 * reporter and chatbot: sending again (a double click, another tab, a retry) updates that report and answers its id.
 */
export const ReportReceiptSchema = z.object({
  report_id: IdSchema,
  status: z.literal('open'),
  created_at: TimestampSchema,
  handled_by: TimestampSchema,
});
export type ReportReceipt = z.infer<typeof ReportReceiptSchema>;

export const REPORTS_PAGE_SIZE = 48 as const;

export const ReportsQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });
export type ReportsQuery = z.input<typeof ReportsQuerySchema>;

export const ReportIdParamsSchema = z.object({ reportId: IdSchema.max(64) });

/** A report as an admin sees it. */
export const AdminReportSchema = z.object({
  report_id: IdSchema,
  status: ReportStatusSchema,
  character: z.object({ id: IdSchema, name: z.string() }),
  reporter: z.object({ kind: ReporterKindSchema, user_id: IdSchema.nullable(), username: z.string().nullable() }),
  userIssueType: ReportIssueTypeSchema,
  userReportDetails: z.string(),
  userExpectedResolution: ReportExpectedResolutionSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  handled_by: TimestampSchema,
  outcome: ReportOutcomeSchema.nullable(),
  note: z.string().nullable(),
  closed_at: TimestampSchema.nullable(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

/** The open reports of the admin's application, oldest first. */
export const AdminReportsSchema = adminPageSchema(AdminReportSchema, REPORTS_PAGE_SIZE);
export type AdminReports = z.infer<typeof AdminReportsSchema>;

export const REPORT_NOTE_MAX = 1000;

export const CloseReportBodySchema = z.object({
  outcome: ReportOutcomeSchema,
  note: z.string().trim().max(REPORT_NOTE_MAX).optional(),
});
export type CloseReportBody = z.input<typeof CloseReportBodySchema>;

/** The report errors (ours: the spec shows no code or text for them); an unknown chatbot is character_not_found. */
export const REPORT_ERROR_CODES = {
  OWN_CHARACTER: 'own_character',
  NOT_FOUND: 'report_not_found',
  ALREADY_CLOSED: 'report_already_closed',
} as const;

export const REPORT_ERRORS = {
  [REPORT_ERROR_CODES.OWN_CHARACTER]: { status: 403, message: 'You cannot report your own chatbot.' },
  [REPORT_ERROR_CODES.NOT_FOUND]: { status: 404, message: 'Report not found' },
  [REPORT_ERROR_CODES.ALREADY_CLOSED]: { status: 409, message: 'This report is already closed.' },
} as const;

export const reportCalls = {
  /** document 2 §7 "Report character" (path not shown): guests and members. */
  reportCharacter: defineCall({
    method: 'POST',
    path: '/reports',
    access: 'guest',
    body: ReportCharacterBodySchema,
    response: ReportReceiptSchema,
  }),
  list: defineCall({
    method: 'GET',
    path: '/admin/reports',
    access: 'admin',
    query: ReportsQuerySchema,
    response: AdminReportsSchema,
  }),
  close: defineCall({
    method: 'POST',
    path: '/admin/reports/:reportId/close',
    access: 'admin',
    params: ReportIdParamsSchema,
    body: CloseReportBodySchema,
    response: AdminReportSchema,
  }),
} as const;
