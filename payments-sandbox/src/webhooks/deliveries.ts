// Webhook deliveries: every event goes to every configured endpoint, signed (signature.ts), retried with
// exponential backoff while the endpoint answers anything but 2xx (or does not answer in time), up to the
// configured attempts. Test controls bend it on demand: hold deliveries and release them in another order,
// send the next events twice, fail the next attempts (dropped, or sent with the answer lost, which makes
// the retry a duplicate), redeliver an event.
import type { StripeEvent } from '../api/objects';
import { newId } from '../api/ids';
import type { RetryConfig, WebhookEndpointConfig } from '../config';
import { postAttempt, retryDelayMs } from './postAttempt';
import { signatureHeader } from './signature';

export interface DeliveryAttempt {
  at: string;
  status?: number;
  error?: string;
  /** After a failed attempt: how long the sandbox waits before the next one (base × factor^n). */
  retry_in_ms?: number;
}

export interface Delivery {
  id: string;
  event_id: string;
  type: string;
  endpoint: string;
  status: 'pending' | 'held' | 'sending' | 'succeeded' | 'failed';
  attempts: DeliveryAttempt[];
}

export type FailureMode = 'drop' | 'lose_response';
export type ReleaseOrder = 'as_created' | 'reverse' | string[];

export class WebhookDeliveries {
  private readonly deliveries: Delivery[] = [];
  private readonly payloads = new Map<string, string>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly sending = new Set<Promise<void>>();
  private holding = false;
  private duplicates = 0;
  private failures: FailureMode[] = [];
  private closed = false;

  constructor(
    private readonly endpoints: readonly WebhookEndpointConfig[],
    private readonly retry: RetryConfig,
  ) {}

  dispatch(event: StripeEvent): void {
    if (!this.endpoints.length) return;
    event.pending_webhooks = this.endpoints.length;
    this.payloads.set(event.id, JSON.stringify(event, null, 2));
    const copies = this.duplicates > 0 ? 2 : 1;
    if (this.duplicates > 0) this.duplicates -= 1;
    for (let i = 0; i < copies; i++) for (const endpoint of this.endpoints) this.enqueue(event, endpoint);
  }

  /** Sends an event again, as a new delivery to every endpoint (its id unchanged, as Stripe's resend). */
  redeliver(event: StripeEvent): void {
    if (!this.payloads.has(event.id)) this.payloads.set(event.id, JSON.stringify(event, null, 2));
    for (const endpoint of this.endpoints) this.enqueue(event, endpoint);
  }

  hold(): void {
    this.holding = true;
  }

  /** Stops holding and sends what was held, one after the other (each answered before the next), in `order`. */
  async release(order: ReleaseOrder = 'as_created'): Promise<Delivery[]> {
    this.holding = false;
    const held = this.deliveries.filter((d) => d.status === 'held');
    let ordered = held;
    if (order === 'reverse') ordered = [...held].reverse();
    else if (Array.isArray(order)) {
      const rank = (d: Delivery) => {
        const i = order.findIndex((id) => id === d.event_id || id === d.id);
        return i === -1 ? order.length : i;
      };
      ordered = [...held].sort((a, b) => rank(a) - rank(b));
    }
    for (const delivery of ordered) delivery.status = 'pending';
    for (const delivery of ordered) await this.track(this.attempt(delivery));
    return ordered;
  }

  duplicateNext(count: number): void {
    this.duplicates += count;
  }

  failNext(count: number, mode: FailureMode): void {
    this.failures.push(...Array.from({ length: count }, () => mode));
  }

  list(): Delivery[] {
    return structuredClone(this.deliveries);
  }

  /** Resolves once nothing is being sent or waiting for a retry (held deliveries wait for release). */
  async idle(): Promise<void> {
    while (this.sending.size || this.timers.size) {
      await Promise.all([...this.sending]);
      if (this.timers.size) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.sending]);
  }

  private enqueue(event: StripeEvent, endpoint: WebhookEndpointConfig): void {
    const delivery: Delivery = { id: newId('wd'), event_id: event.id, type: event.type, endpoint: endpoint.url, status: 'pending', attempts: [] };
    this.deliveries.push(delivery);
    if (this.holding) delivery.status = 'held';
    else void this.track(this.attempt(delivery));
  }

  private track(promise: Promise<void>): Promise<void> {
    this.sending.add(promise);
    return promise.finally(() => this.sending.delete(promise));
  }

  private async attempt(delivery: Delivery): Promise<void> {
    if (this.closed) return;
    const endpoint = this.endpoints.find((e) => e.url === delivery.endpoint);
    const payload = this.payloads.get(delivery.event_id);
    if (!endpoint || payload === undefined) return;
    delivery.status = 'sending';
    const record: DeliveryAttempt = { at: new Date().toISOString() };
    delivery.attempts.push(record);
    const failure = this.failures.shift();
    let ok = false;
    if (failure === 'drop') {
      record.error = 'simulated failure: not sent';
    } else {
      const sent = await postAttempt(
        endpoint.url,
        {
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signatureHeader(payload, endpoint.secrets),
          },
          body: payload,
        },
        this.retry.timeoutMs,
      );
      if ('error' in sent) record.error = sent.error;
      else {
        record.status = sent.status;
        ok = sent.ok;
        if (failure === 'lose_response') {
          record.error = 'simulated failure: answer lost';
          ok = false;
        }
      }
    }
    if (ok) {
      delivery.status = 'succeeded';
      return;
    }
    if (delivery.attempts.length >= this.retry.attempts || this.closed) {
      delivery.status = 'failed';
      return;
    }
    delivery.status = 'pending';
    const delay = retryDelayMs(this.retry, delivery.attempts.length);
    record.retry_in_ms = delay;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.track(this.attempt(delivery));
    }, delay);
    this.timers.add(timer);
  }
}
