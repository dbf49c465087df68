import { z } from 'zod';
import { IdSchema, TimestampSchema } from '../entities/common';
import { ReportExpectedResolutionSchema, ReportIssueTypeSchema } from '../entities/report';
import { adminPageSchema } from './adminPage';
import { defineCall } from './apiCall';
import { CharacterIdParamsSchema } from './discovery';

/**
 * Reports handled (issue 28; document 2 "Report", reports handled within 7 days): the open reports of one chatbot are
 * one case, decided once — dismissed, fixes required (the chatbot becomes fix_required, "unpublished after reports"),
 * or taken down (made permanently private). The creator gets a statement of reasons and may appeal each decision once;
 * an appeal is decided by another admin than the one who decided, when the application has another. Reporters who are
 * members are told the outcome; a reporter whose reports are repeatedly dismissed can be muted. Admins only, except the appeal (the chatbot's creator).
 */

export const REPORT_CASES_PAGE_SIZE = 24 as const;
export const CASE_DECISIONS = ['dismiss', 'require_fix', 'take_down'] as const;
export const CaseDecisionSchema = z.enum(CASE_DECISIONS);
export type CaseDecision = z.infer<typeof CaseDecisionSchema>;

export const REPORT_CASE_MESSAGES = {
  reasonRequired: 'Give at least one reason: the creator reads this statement of reasons',
  appealRequired: 'Say why the decision should change',
} as const;

/** One reported chatbot: its open reports merged, their reasons and wishes counted, and how long the oldest has waited. */
export const ReportCaseSchema = z.object({
  character: z.object({
    id: IdSchema,
    name: z.string(),
    creator_user_id: IdSchema,
    creator_username: z.string().nullable(),
    visibility: z.string(),
    moderation_status: z.string().nullable(),
  }),
  reports: z.number().int().min(1),
  issue_types: z.array(z.object({ type: ReportIssueTypeSchema, count: z.number().int() })),
  expected_resolutions: z.array(z.object({ resolution: ReportExpectedResolutionSchema, count: z.number().int() })),
  /** The latest details written by reporters (up to 5). */
  details: z.array(z.string()),
  /** The member reporters, with how many of their reports were dismissed before (muted reporters' reports are left out). */
  reporters: z.array(z.object({ user_id: IdSchema, username: z.string().nullable(), dismissed: z.number().int().min(0) })),
  guests: z.number().int().min(0),
  oldest_at: TimestampSchema,
  /** oldest_at + 7 days (document 2: reports are handled within 7 days). */
  due_at: TimestampSchema,
  overdue: z.boolean(),
});
export type ReportCase = z.infer<typeof ReportCaseSchema>;
export const ReportCasesSchema = adminPageSchema(ReportCaseSchema, REPORT_CASES_PAGE_SIZE);
export type ReportCases = z.infer<typeof ReportCasesSchema>;

export const CaseDecisionBodySchema = z
  .object({
    decision: CaseDecisionSchema,
    /** The statement of reasons the creator reads (one per line in the console); required but for dismiss. */
    reasons: z.array(z.string().trim().min(1).max(300)).max(20).default([]),
    note: z.string().trim().max(2000).optional(),
  })
  .refine((v) => v.decision === 'dismiss' || v.reasons.length > 0, { path: ['reasons'], error: REPORT_CASE_MESSAGES.reasonRequired });
export type CaseDecisionBody = z.input<typeof CaseDecisionBodySchema>;

export const CaseDecisionResultSchema = z.object({ decision: CaseDecisionSchema, reports_closed: z.number().int(), reporters_told: z.number().int() });

export const APPEAL_STATUSES = ['open', 'upheld', 'reversed'] as const;
export const AppealStatusSchema = z.enum(APPEAL_STATUSES);

/** An appeal as admins and its creator see it. */
export const AppealSchema = z.object({
  id: IdSchema,
  character: z.object({ id: IdSchema, name: z.string(), creator_username: z.string().nullable() }),
  /** The decision appealed: its action, reasons and who made it. */
  decision: z.object({ action: z.string(), reasons: z.array(z.string()), decided_by: z.string().nullable(), decided_at: TimestampSchema }),
  statement: z.string(),
  status: AppealStatusSchema,
  created_at: TimestampSchema,
  decided_at: TimestampSchema.nullable(),
  outcome_reason: z.string().nullable(),
  /** Whether the calling admin may decide it (not the one who made the decision, when there is another admin). */
  you_may_decide: z.boolean(),
});
export type Appeal = z.infer<typeof AppealSchema>;
export const AppealsSchema = adminPageSchema(AppealSchema, REPORT_CASES_PAGE_SIZE);
export type Appeals = z.infer<typeof AppealsSchema>;

export const AppealBodySchema = z.object({ statement: z.string().trim().min(10, REPORT_CASE_MESSAGES.appealRequired).max(2000) });
export type AppealBody = z.input<typeof AppealBodySchema>;
export const AppealDecisionBodySchema = z.object({ outcome: z.enum(['upheld', 'reversed']), reason: z.string().trim().min(3).max(1000) });
export type AppealDecisionBody = z.input<typeof AppealDecisionBodySchema>;
export const AppealIdParamsSchema = z.object({ appealId: z.string().uuid() });
export const CasesQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });

export const MuteReporterBodySchema = z.object({ muted: z.boolean() });
export const ReporterParamsSchema = z.object({ userId: z.string().uuid() });

export const REPORT_CASE_ERROR_CODES = {
  NO_OPEN_REPORTS: 'no_open_reports',
  NOTHING_TO_APPEAL: 'nothing_to_appeal',
  ALREADY_APPEALED: 'already_appealed',
  APPEAL_NOT_FOUND: 'appeal_not_found',
  APPEAL_DECIDED: 'appeal_already_decided',
  ANOTHER_ADMIN: 'appeal_needs_another_admin',
  APPEAL_OUTDATED: 'appeal_outdated',
} as const;
export const REPORT_CASE_ERRORS = {
  [REPORT_CASE_ERROR_CODES.NO_OPEN_REPORTS]: { status: 409, message: 'This chatbot has no open reports: another admin may have decided already.' },
  [REPORT_CASE_ERROR_CODES.NOTHING_TO_APPEAL]: { status: 409, message: 'There is no moderation decision on this chatbot to appeal.' },
  [REPORT_CASE_ERROR_CODES.ALREADY_APPEALED]: { status: 409, message: 'You have already appealed this decision.' },
  [REPORT_CASE_ERROR_CODES.APPEAL_NOT_FOUND]: { status: 404, message: 'Appeal not found' },
  [REPORT_CASE_ERROR_CODES.APPEAL_DECIDED]: { status: 409, message: 'This appeal has already been decided.' },
  [REPORT_CASE_ERROR_CODES.ANOTHER_ADMIN]: { status: 409, message: 'Another admin than the one who made the decision, and not the chatbot\'s creator, must decide this appeal.' },
  [REPORT_CASE_ERROR_CODES.APPEAL_OUTDATED]: { status: 409, message: 'A newer decision replaced the one appealed: the creator can appeal that one.' },
} as const;

export const reportCaseCalls = {
  list: defineCall({ method: 'GET', path: '/admin/moderation/reported', access: 'admin', query: CasesQuerySchema, response: ReportCasesSchema }),
  decide: defineCall({
    method: 'POST',
    path: '/admin/moderation/reported/:characterId/decision',
    access: 'admin',
    params: CharacterIdParamsSchema,
    body: CaseDecisionBodySchema,
    response: CaseDecisionResultSchema,
  }),
  /** Mutes (or unmutes) a member as a reporter: their reports stay out of the queue. */
  muteReporter: defineCall({
    method: 'POST',
    path: '/admin/moderation/reporters/:userId/mute',
    access: 'admin',
    params: ReporterParamsSchema,
    body: MuteReporterBodySchema,
    response: z.object({ user_id: IdSchema, muted: z.boolean() }),
  }),
  /** The creator appeals the latest decision on their chatbot, once. */
  appeal: defineCall({ method: 'POST', path: '/characters/:characterId/appeal', access: 'member', params: CharacterIdParamsSchema, body: AppealBodySchema, response: AppealSchema }),
  appeals: defineCall({ method: 'GET', path: '/admin/moderation/appeals', access: 'admin', query: CasesQuerySchema, response: AppealsSchema }),
  decideAppeal: defineCall({
    method: 'POST',
    path: '/admin/moderation/appeals/:appealId/decision',
    access: 'admin',
    params: AppealIdParamsSchema,
    body: AppealDecisionBodySchema,
    response: AppealSchema,
  }),
} as const;
