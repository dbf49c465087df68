// UpGate's API v1.2 as its documentation gives it (https://docs.upgate.com/openapi): every call carries `X-Api-Key`;
// errors are `{ errors: [{ error_code, error_message }] }` (error_code INVALID_REQUEST_PARAMETER, INVALID_REQUEST,
// INTERNAL_ERROR, TOO_MANY_REQUESTS or NOT_FOUND); postbacks are signed with HMAC-SHA256 and the merchant's secret key.
import { createHmac } from 'node:crypto';

/**
 * The postback's signature: the hex HMAC-SHA256 of the raw body with the secret key, in `X-Signature`. UpGate's FAQ
 * says only "HMAC-SHA256 with the secret key provided by UpGate"; the header and the hex encoding are those of a
 * public UpGate SDK, not confirmed by UpGate's documentation.
 */
export const upgateSignature = (secretKey: string, body: string): string => createHmac('sha256', secretKey).update(body, 'utf8').digest('hex');

/**
 * What the sandbox refuses, as HTTP status, error_code and error_message. The codes are UpGate's documented ones; which
 * of them UpGate answers for a wrong API key, a reused X-Idempotency-Key or a refund it will not make (and the messages)
 * is not documented: these are the sandbox's stand-ins.
 */
export const ERRORS = {
  invalidApiKey: { http: 401, code: 'INVALID_REQUEST', message: 'Invalid API key' },
  invalidParameter: (why: string) => ({ http: 400, code: 'INVALID_REQUEST_PARAMETER', message: why }),
  duplicateRequest: (key: string) => ({ http: 400, code: 'INVALID_REQUEST', message: `Duplicate request: X-Idempotency-Key ${key} has already been used` }),
  notFound: (what: string) => ({ http: 404, code: 'NOT_FOUND', message: `${what} not found` }),
  notRefundable: { http: 400, code: 'INVALID_REQUEST', message: 'Only a successful SALE transaction can be refunded' },
  refundTooLarge: { http: 400, code: 'INVALID_REQUEST_PARAMETER', message: 'amount: more than the remaining amount of the transaction' },
} as const;

/** Response codes (UpGate's "Response Codes") of the transactions the sandbox makes. */
export const RESPONSE_CODES = { success: { code: 1000, text: 'Success' }, decline: { code: 2000, text: 'Decline' } } as const;
