/**
 * Both backends must hand modules the same JavaScript values. Defaults differ for a few types, so these
 * parsers decide: int8 (count(*), bigserial) is a number when it fits, else a decimal string (never a
 * bigint, which JSON cannot carry); date and interval stay the text PostgreSQL sent.
 * Everything else (int4, float8, numeric as string, bool, jsonb, timestamptz as Date, text[]) already agrees.
 * Used by postgresDatabase.ts; pgliteWorker.mjs (plain JavaScript) repeats the same three parsers.
 */
export const PG_OID = {
  int8: 20,
  int8Array: 1016,
  date: 1082,
  dateArray: 1182,
  interval: 1186,
  intervalArray: 1187,
} as const;

export function parseInt8(text: string): number | string {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

export const keepText = (text: string): string => text;
