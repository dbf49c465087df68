import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { toMajor, toMinor } from '@fable/rules/billing';
import { PaymentsUnavailableError, type PaymentEvent, type ProviderNotice, type RedirectSessionStatus } from './paymentsGateway';

/**
 * What the adapters of the redirect providers with an API of their own (payssion/, coinpayments/, volt/, …) share: one
 * request to the provider with its retries, an HMAC, an MD5 of fields and the constant-time check of a signature,
 * amounts in major units, and the provider's
 * notification as the redirect_session event billing applies (webhooks/webhookRoutes.ts,
 * providers/redirectSessionEvents.ts).
 */

/** One request's limit; network failures and 5xx answers are tried again this many times. */
const REQUEST_TIMEOUT_MS = 20_000;
const RETRIES = 2;

/**
 * Sends one request to the provider and answers its status and JSON. No connection, a timeout, a 5xx or an answer that
 * is not JSON are tried again (250 ms, then 500 ms), then thrown as PaymentsUnavailableError (the caller answers 503
 * and keeps the order pending). A 4xx and what the provider answers in its JSON (a refusal included) are the caller's
 * to read. `retries` 0: a call that must not be sent twice (a refund the provider takes no idempotency key for, whose
 * first request may have gone through before its answer was lost) is tried once.
 */
export async function requestProvider<T>(
  name: string,
  url: string,
  request: { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string; retries?: number },
): Promise<{ status: number; body: T }> {
  const method = request.method ?? 'POST';
  const retries = request.retries ?? RETRIES;
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, { method, headers: { accept: 'application/json', ...request.headers }, body: request.body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
      const text = await response.text();
      return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as T };
    } catch (err) {
      if (attempt >= retries) throw new PaymentsUnavailableError(`payments provider unavailable: ${name} ${method} ${new URL(url).pathname}: ${(err as Error).message}`, err);
      await sleep(250 * 2 ** attempt);
    }
  }
}

/** POSTs `body` to the provider and answers its JSON, whatever its status (requestProvider). */
export async function postToProvider<T>(name: string, url: string, request: { headers: Record<string, string>; body: string }): Promise<T> {
  return (await requestProvider<T>(name, url, request)).body;
}

/** The hex HMAC of `text` with `secret` (CoinPayments: sha512 of the body; Volt: sha256 of body|timed|version). */
export const hmacHex = (algorithm: 'sha256' | 'sha512', secret: string, text: string): string => createHmac(algorithm, secret).update(text, 'utf8').digest('hex');

/** The hex MD5 of `parts` joined by '|' (Payssion's api_sig and notify_sig: fixed fields, then the secret key). */
export const md5OfParts = (parts: readonly string[]): string => createHash('md5').update(parts.join('|'), 'utf8').digest('hex');

/** An amount as the providers that take major units write it: two decimals ("12.50"). */
export const toAmount = (minor: number): string => toMajor(minor).toFixed(2);

/**
 * An amount in major units as a provider writes it ("15", "15.00", "15.00000000"): minor units, or null when it is not
 * a plain non-negative decimal or has a part of a cent.
 */
export function minorOfAmount(amount: string | undefined): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,18}))?$/.exec(amount?.trim() ?? '');
  if (!match) return null;
  const decimals = match[2] ?? '';
  if (/[1-9]/.test(decimals.slice(2))) return null;
  return toMinor(Number(`${match[1]}.${decimals.slice(0, 2) || '0'}`));
}

/** Whether a signature given (a header or a form field) is the expected one, compared in constant time. */
export function signaturesMatch(given: string | undefined, expected: string): boolean {
  const a = Buffer.from((given ?? '').trim().toLowerCase());
  const b = Buffer.from(expected.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

export const headerOf = (notice: ProviderNotice, name: string): string | undefined => {
  const value = notice.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

export const formOf = (notice: ProviderNotice): Record<string, string> => Object.fromEntries(new URLSearchParams(notice.rawBody));

/**
 * A provider's verified word about one payment as the event billing applies: completed → redirect_session.completed,
 * canceled → redirect_session.canceled, anything else `<provider>.<state>` (recorded, not handled). The id is the
 * provider's, the payment's and `notice`, the notification's own id when the provider gives one (CoinPayments'
 * ipn_id), else its state (Payssion): the provider sending it again is the same event (kept once); the handlers are
 * idempotent for two notifications of one outcome (an order moves only from an open status). `page`, for a provider
 * whose notification does not name our order (PayOK), is the checkout's page the payment was made for (the object's
 * `provider`): billing then finds the order that recorded this payment as its session.
 */
export function redirectEventOf(
  provider: string,
  payment: { id: string; page?: string; status: RedirectSessionStatus; state: string; notice?: string; amountMinor: number; currency: string; metadata: Record<string, string> },
  receivedAt: Date,
): PaymentEvent {
  return {
    id: `${provider}:${payment.id}:${payment.notice ?? payment.state}`,
    type: payment.status === 'completed' ? 'redirect_session.completed' : payment.status === 'canceled' ? 'redirect_session.canceled' : `${provider}.${payment.state}`,
    created: Math.floor(receivedAt.getTime() / 1000),
    object: { id: payment.id, ...(payment.page ? { provider: payment.page } : {}), amount: payment.amountMinor, currency: payment.currency.toLowerCase(), metadata: payment.metadata },
  };
}
