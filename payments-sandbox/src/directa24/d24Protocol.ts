// Directa24's Deposits API v3 as its documentation gives it (https://docs.d24.com): every call signed with
// `X-Date` + `X-Login` + `Authorization: D24 <hex HMAC-SHA256 of X-Date + X-Login + the raw JSON body, keyed with the
// API Signature>`; errors as `{ code, description, type }`; the merchant notified with `{ deposit_id }` only.
import { createHmac } from 'node:crypto';

/** `Authorization` of a call: "D24 " and the hex HMAC-SHA256 of `X-Date + X-Login + body` (a GET's body is ""). */
export const d24Authorization = (apiSignature: string, xDate: string, xLogin: string, body: string): string =>
  `D24 ${createHmac('sha256', apiSignature).update(`${xDate}${xLogin}${body}`, 'utf8').digest('hex')}`;

/** X-Date: ISO 8601 with a time zone (D24 documents `yyyy-MM-dd'T'HH:mm:ssZ`). */
export const X_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:?\d{2})$/;

/** How far X-Date may be from the sandbox's clock (D24's INVALID_DATE_RANGE; its window is not documented). */
export const X_DATE_WINDOW_MS = 10 * 60_000;

/**
 * D24's API codes (Deposits API "API Codes") for what the sandbox refuses: HTTP status, code, type and description.
 * DEPOSIT_NOT_COMPLETED is the sandbox's own stand-in: D24 documents that only a completed deposit is refunded, not
 * the code it answers otherwise.
 */
export const ERRORS = {
  invalidCredentials: { http: 401, code: 100, type: 'INVALID_CREDENTIALS', description: 'Invalid Credentials' },
  missingHeader: (name: string) => ({ http: 400, code: 101, type: 'MISSING_REQUIRED_HEADER', description: `Missing or invalid format for required header ${name}` }),
  invalidSignature: { http: 400, code: 102, type: 'INVALID_SIGNATURE', description: 'Invalid signature' },
  invalidDateRange: { http: 400, code: 103, type: 'INVALID_DATE_RANGE', description: 'X-Date header value out of valid range' },
  idempotencyKeyUsed: (key: string) => ({ http: 400, code: 104, type: 'IDEMPOTENCY_KEY_ALREADY_USED', description: `Idempotency key ${key} has been already used` }),
  invalidBody: (why: string) => ({ http: 400, code: 202, type: 'INVALID_REQUEST_BODY', description: `Invalid request body: ${why}` }),
  notFound: { http: 404, code: 208, type: 'RESOURCE_NOT_FOUND', description: 'Resource not found' },
  notCompleted: { http: 400, code: 800, type: 'DEPOSIT_NOT_COMPLETED', description: 'Only a completed deposit can be refunded' },
  invalidRefundAmount: { http: 400, code: 802, type: 'INVALID_AMOUNT_TO_REFUND', description: 'Amount to refund not valid' },
} as const;

/** The deposit status the sandbox shows for each state of its session (a refund leaves a deposit COMPLETED). */
export const STATUSES = { open: 'PENDING', completed: 'COMPLETED', canceled: 'CANCELLED', refunded: 'COMPLETED' } as const;
