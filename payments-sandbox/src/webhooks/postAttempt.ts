// One attempt at telling a merchant's server something (a Stripe webhook, a Payssion notification), and when to try
// again: the two ways the sandbox notifies share them.
import type { RetryConfig } from '../config';

/** The wait before the next attempt once `attempts` have failed: base × factor^(attempts − 1). */
export const retryDelayMs = (retry: RetryConfig, attempts: number): number => retry.baseDelayMs * retry.factor ** (attempts - 1);

/**
 * One POST within `timeoutMs` (or until `signal`): the answer's status and its body (its first 1024 characters, for a
 * provider that reads the merchant's words, as PayOK's `OK`); or what stopped it.
 */
export async function postAttempt(
  url: string,
  request: { headers: Record<string, string>; body: string; signal?: AbortSignal },
  timeoutMs: number,
): Promise<{ status: number; ok: boolean; body: string } | { error: string }> {
  try {
    const timeout = AbortSignal.timeout(timeoutMs);
    const response = await fetch(url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
    });
    const body = await response.text().catch(() => '');
    return { status: response.status, ok: response.ok, body: body.slice(0, 1024) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
