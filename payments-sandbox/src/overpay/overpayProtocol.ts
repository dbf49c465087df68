// Overpay's API (the BeGateway platform) as its documentation gives it (https://docs.overpay.io): every call and every
// notification carries HTTP Basic authentication with the shop id and secret key; errors are 4xx `{ message, errors }`;
// a notification may carry `Content-Signature`, the base64 RSA-SHA256 signature of its raw body with the shop's key.
import { createHash, sign, timingSafeEqual, type KeyObject } from 'node:crypto';

/** `Authorization: Basic …` of the shop id and secret key. */
export const overpayBasicAuth = (shopId: string, secretKey: string): string => `Basic ${Buffer.from(`${shopId}:${secretKey}`, 'utf8').toString('base64')}`;

/** Whether an Authorization header is the shop's Basic credentials (compared as digests, in constant time). */
export function isShopAuthorization(header: string | undefined, shopId: string, secretKey: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  if (!header || !/^basic\s+/i.test(header)) return false;
  const given = Buffer.from(header.replace(/^basic\s+/i, '').trim(), 'base64').toString('utf8');
  return timingSafeEqual(digest(given), digest(`${shopId}:${secretKey}`));
}

/** `Content-Signature`: the base64 RSA-SHA256 signature of the raw body with the shop's private key (Overpay keeps it). */
export const overpaySignature = (privateKey: string | KeyObject, body: string): string => sign('sha256', Buffer.from(body, 'utf8'), privateKey).toString('base64');

/**
 * What the sandbox refuses, as HTTP status, message and errors (BeGateway's `{ message, errors }`, errors by field).
 * Which status and message Overpay answers for wrong credentials, an unknown token or a refund it will not make is
 * not documented: these are the sandbox's stand-ins (401 for credentials, 404 for a token, 422 for a field).
 */
export const ERRORS = {
  unauthorized: { http: 401, message: 'Unauthorized', errors: {} },
  apiVersion: { http: 422, message: 'X-API-Version: the sandbox serves version 2 of the checkout API', errors: { 'X-API-Version': ['must be 2'] } },
  invalid: (field: string, why: string) => ({ http: 422, message: `${field} ${why}`, errors: { [field]: [why] } }),
  notFound: (what: string) => ({ http: 404, message: `${what} not found`, errors: {} }),
  notRefundable: { http: 422, message: 'Only a successful payment transaction can be refunded', errors: { parent_uid: ['is not a successful payment'] } },
  refundTooLarge: { http: 422, message: 'Amount is greater than the amount available for refund', errors: { amount: ['is greater than the amount available for refund'] } },
} as const;

/** The messages of the transactions the sandbox makes. */
export const MESSAGES = { successful: 'Successfully processed', failed: 'Payment was declined' } as const;
