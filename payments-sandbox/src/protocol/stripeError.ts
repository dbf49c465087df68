// Stripe's error answers: `{ error: { type, code, decline_code, message, param, … } }` with the status Stripe uses
// (400 invalid request, 401 bad key, 402 card error, 404 missing object, 409 idempotency key in use).

export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  payment_intent?: unknown;
  setup_intent?: unknown;
  payment_method?: unknown;
  charge?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    /** Whether Stripe keeps the answer for the idempotency key (only once the call started its work). */
    readonly remembered = status === 402,
  ) {
    super(body.message);
  }

  toJSON() {
    return { error: this.body };
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export const invalidRequest = (message: string, extra: Partial<StripeErrorBody> = {}) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...extra, ...(extra.code ? { doc_url: docUrl(extra.code) } : {}) });

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const unknownParam = (param: string) =>
  invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param });

export const invalidParam = (param: string, message: string) => invalidRequest(message, { code: 'parameter_invalid', param });

export const noSuch = (what: string, id: string, param = 'id') =>
  new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', doc_url: docUrl('resource_missing'), message: `No such ${what}: '${id}'`, param });

export const cardError = (code: string, message: string, extra: Partial<StripeErrorBody> = {}) =>
  new StripeApiError(402, { type: 'card_error', code, message, doc_url: docUrl(code), ...extra });
