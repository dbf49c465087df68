/** When each legal text last changed (ISO dates). Change the date with the text. */
export const LEGAL_LAST_UPDATED = {
  terms: '2026-11-22',
  privacy: '2026-11-22',
  guidelines: '2026-11-22',
  refund: '2026-11-22',
  compliance2257: '2026-11-22',
} as const;
