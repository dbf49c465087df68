/** Chatbot report limits (document 2 §5 "Report", §9). */
export const REPORT_LIMITS = {
  characterIdMax: 50,
  detailsMax: 250,
  handledWithinDays: 7,
  /** "Report submitted successfully" shows 3 s. */
  successToastMs: 3000,
} as const;

/** Verbatim report messages (document 2 §5). */
export const REPORT_MESSAGES = {
  idRequired: 'You must provide an id',
  /** ours: max message not shown. */
  idTooLong: 'The id must be 50 characters or less',
  detailsRequired: 'Details are required',
  /** ours. */
  detailsTooLong: 'Details must be 250 characters or less',
  fillAllFields: 'Fill all fields to submit.',
} as const;
