// Stripe's idempotency keys: the first answer to a key (status and body) is kept 24 hours per API key and replayed
// to a repeat with the same parameters; a repeat with other parameters is refused (400 idempotency_error); a repeat
// while the first is still running is refused with 409 (the SDK retries it and then gets the replay). Answers to
// requests that failed validation are not kept, as at Stripe: the call never started.
import { StripeApiError } from './stripeError';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

interface Kept {
  fingerprint: string;
  status: number;
  body: string;
  keptAt: number;
}

export type IdempotencyOutcome = { kind: 'new'; finish: (status: number, body: string, keep: boolean) => void } | { kind: 'replay'; status: number; body: string };

export class IdempotencyStore {
  private readonly kept = new Map<string, Kept>();
  private readonly running = new Map<string, string>();

  constructor(private readonly now: () => number = Date.now) {}

  /** `scope` is the API key; `fingerprint` the method, path and canonical parameters. */
  begin(scope: string, key: string, fingerprint: string): IdempotencyOutcome {
    if (key.length > 255) {
      throw new StripeApiError(400, { type: 'invalid_request_error', message: 'Idempotency keys can be no longer than 255 characters.' });
    }
    const id = `${scope}\u0000${key}`;
    this.sweep();
    const kept = this.kept.get(id);
    const seen = kept?.fingerprint ?? this.running.get(id);
    if (seen !== undefined && seen !== fingerprint) {
      throw new StripeApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (kept) return { kind: 'replay', status: kept.status, body: kept.body };
    if (this.running.has(id)) {
      throw new StripeApiError(409, {
        type: 'idempotency_error',
        code: 'idempotency_key_in_use',
        message:
          'There is currently another in-progress request using this idempotency key (that probably means you submitted twice, and the other request is still going through). Please try again later.',
      });
    }
    this.running.set(id, fingerprint);
    return {
      kind: 'new',
      finish: (status, body, keep) => {
        this.running.delete(id);
        if (keep) this.kept.set(id, { fingerprint, status, body, keptAt: this.now() });
      },
    };
  }

  /** Keys are kept in the order they were answered, so the expired ones are at the front. */
  private sweep(): void {
    const oldest = this.now() - IDEMPOTENCY_TTL_MS;
    for (const [id, kept] of this.kept) {
      if (kept.keptAt >= oldest) break;
      this.kept.delete(id);
    }
  }
}
