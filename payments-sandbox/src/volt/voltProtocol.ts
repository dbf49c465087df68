// Volt's Gateway API as its documentation gives it (https://docs.volt.io): OAuth 2 password grant at POST /oauth, JSON
// calls with a Bearer token, errors as `{ exception: { code, message } }`, notifications signed in `X-Volt-Signed` (hex
// HMAC-SHA256 of `body|X-Volt-Timed|version` with the notification secret, the version from `User-Agent: Volt/2.0`),
// and the payer sent back with `volt` (base64 of { id, uniqueReference, status }), `volt-signature` and
// `volt-timestamp` added to the return URL.
import { createHmac } from 'node:crypto';

/** The notification's User-Agent; its version is signed with the body and the time. */
export const NOTIFICATION_VERSION = '2.0';
export const USER_AGENT = `Volt/${NOTIFICATION_VERSION}`;

/** `X-Volt-Signed` of a notification. */
export const voltSignature = (secret: string, body: string, timed: string, version: string = NOTIFICATION_VERSION): string =>
  createHmac('sha256', secret).update(`${body}|${timed}|${version}`, 'utf8').digest('hex');

/** The transaction types Volt takes (`type`). */
export const PAYMENT_TYPES = ['BILL', 'GOODS', 'PERSON_TO_PERSON', 'OTHER', 'SERVICES'] as const;

/** uniqueReference: letters and digits, at most 18. */
export const UNIQUE_REFERENCE = /^[A-Za-z0-9]{1,18}$/;

/** Volt's words for what the sandbox refuses. */
export const ERRORS = {
  unauthorized: 'Unauthorized: the access token is missing, unknown or expired',
  notFound: 'Payment not found',
  reusedKey: 'A resource has already been created with this idempotency key.',
  notRefundable: 'The payment is not eligible for a refund: its status is not COMPLETED',
  refundTooLarge: 'The refund amount is greater than the amount available for refund',
} as const;

/** The status and detailed status the sandbox gives a payment in each of its states. */
export const STATUSES = {
  open: { status: 'PENDING', detailedStatus: 'NEW_PAYMENT' },
  completed: { status: 'COMPLETED', detailedStatus: 'COMPLETED' },
  canceled: { status: 'FAILED', detailedStatus: 'CANCELLED_BY_USER' },
  refunded: { status: 'REFUNDED', detailedStatus: 'REFUNDED' },
} as const;
