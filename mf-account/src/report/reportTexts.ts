import { REPORT_LIMITS, REPORT_MESSAGES, type ReportExpectedResolution, type ReportIssueType } from '@fable/contracts';

/**
 * Texts of the Report Issues page (document 2 §2 "/report", §5, §8, §9): the messages are the spec's (REPORT_MESSAGES,
 * "Report submitted successfully"); the labels and the intro are ours. Issue types are shown as the spec names them;
 * the expected resolutions get readable labels while the spec's values are sent.
 */
export const REPORT_TEXTS = {
  title: 'Report Issues',
  intro: 'Tell us what is wrong with a chatbot. We look at every report.',
  handledWithin: `Reports are handled within ${REPORT_LIMITS.handledWithinDays} days.`,
  chatbotId: 'Chatbot ID',
  chatbotIdHint: 'You find it at the end of the chatbot’s page address.',
  chatbotName: (name: string) => `Chatbot: ${name}`,
  issueType: 'Issue type',
  issueTypePlaceholder: 'Choose an issue type',
  details: 'Details',
  detailsPlaceholder: 'What is wrong with this chatbot?',
  expectedResolution: 'What should happen to the chatbot?',
  submit: 'Submit',
  fillAllFields: REPORT_MESSAGES.fillAllFields,
  submitted: 'Report submitted successfully',
} as const;

export const ISSUE_TYPE_LABELS: Record<ReportIssueType, string> = {
  Guidelines: 'Guidelines',
  Categorization: 'Categorization',
  'Incorrect Authorization': 'Incorrect Authorization',
  Invalid: 'Invalid',
};

export const RESOLUTION_LABELS: Record<ReportExpectedResolution, string> = {
  private: 'Make it private',
  modified: 'Have it modified',
  deleted: 'Have it deleted',
};
