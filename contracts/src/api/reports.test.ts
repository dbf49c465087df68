import { REPORT_LIMITS, REPORT_MESSAGES } from '../limits/reportLimits';
import { CloseReportBodySchema, ReportCharacterBodySchema, reportCalls, reportHandledBy } from './reports';

const valid = { character_id: ' bot-1 ', userIssueType: 'Guidelines', userReportDetails: ' Details ', userExpectedResolution: 'private' };
const messagesOf = (value: unknown) => ReportCharacterBodySchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('report calls', () => {
  it('lets guests and members report and only admins list and close', () => {
    expect(reportCalls.reportCharacter).toMatchObject({ method: 'POST', path: '/reports', access: 'guest' });
    expect(reportCalls.list).toMatchObject({ method: 'GET', path: '/admin/reports', access: 'admin' });
    expect(reportCalls.close).toMatchObject({ method: 'POST', path: '/admin/reports/:reportId/close', access: 'admin' });
  });

  it('trims the texts and keeps the spec’s values', () => {
    expect(ReportCharacterBodySchema.parse(valid)).toEqual({ ...valid, character_id: 'bot-1', userReportDetails: 'Details' });
  });

  it('names each missing or oversize field with the form’s message', () => {
    expect(messagesOf({ ...valid, character_id: '  ' })).toEqual([['character_id', REPORT_MESSAGES.idRequired]]);
    expect(messagesOf({ ...valid, character_id: 'x'.repeat(REPORT_LIMITS.characterIdMax + 1) })).toEqual([['character_id', REPORT_MESSAGES.idTooLong]]);
    expect(messagesOf({ ...valid, userReportDetails: '' })).toEqual([['userReportDetails', REPORT_MESSAGES.detailsRequired]]);
    expect(messagesOf({ ...valid, userReportDetails: 'x'.repeat(REPORT_LIMITS.detailsMax + 1) })).toEqual([['userReportDetails', REPORT_MESSAGES.detailsTooLong]]);
    expect(messagesOf({ ...valid, userIssueType: 'Spam', userExpectedResolution: undefined })).toEqual([
      ['userIssueType', REPORT_MESSAGES.fillAllFields],
      ['userExpectedResolution', REPORT_MESSAGES.fillAllFields],
    ]);
    expect(messagesOf({ ...valid, userReportDetails: 'x'.repeat(REPORT_LIMITS.detailsMax) })).toBeUndefined();
  });

  it('is handled within 7 days of its submission', () => {
    expect(reportHandledBy(new Date('2026-01-30T10:00:00Z')).toISOString()).toBe('2026-02-06T10:00:00.000Z');
  });

  it('closes as actioned or dismissed with an optional note', () => {
    expect(CloseReportBodySchema.parse({ outcome: 'dismissed', note: ' ok ' })).toEqual({ outcome: 'dismissed', note: 'ok' });
    expect(CloseReportBodySchema.safeParse({ outcome: 'later' }).success).toBe(false);
  });
});
