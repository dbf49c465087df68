import { z } from 'zod';
import { REPORT_LIMITS as L, REPORT_MESSAGES as M } from '../limits/reportLimits';

/** Report issue types (document 2 §3); the values are sent as written. */
export const REPORT_ISSUE_TYPES = ['Guidelines', 'Categorization', 'Incorrect Authorization', 'Invalid'] as const;
export const ReportIssueTypeSchema = z.enum(REPORT_ISSUE_TYPES, { error: M.fillAllFields });
export type ReportIssueType = z.infer<typeof ReportIssueTypeSchema>;

/** What the reporter expects (document 2 §3). */
export const REPORT_EXPECTED_RESOLUTIONS = ['private', 'modified', 'deleted'] as const;
export const ReportExpectedResolutionSchema = z.enum(REPORT_EXPECTED_RESOLUTIONS, { error: M.fillAllFields });
export type ReportExpectedResolution = z.infer<typeof ReportExpectedResolutionSchema>;

/** A chatbot report (document 2 §3, §5): every field required. */
export const ChatbotReportSchema = z.object({
  character_id: z
    .string({ error: M.idRequired })
    .trim()
    .min(1, { error: M.idRequired, abort: true })
    .max(L.characterIdMax, { error: M.idTooLong }),
  userIssueType: ReportIssueTypeSchema,
  userReportDetails: z
    .string({ error: M.detailsRequired })
    .trim()
    .min(1, { error: M.detailsRequired, abort: true })
    .max(L.detailsMax, { error: M.detailsTooLong }),
  userExpectedResolution: ReportExpectedResolutionSchema,
});
export type ChatbotReport = z.output<typeof ChatbotReportSchema>;
