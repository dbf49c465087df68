import type { PaymentEvent } from '../../../infra/payments/paymentsGateway';
import type { PaymentDeps } from '../subscribe/orderOutcome';
import { redirectSessionHandlers } from '../providers/redirectSessionEvents';
import { paymentIntentHandlers } from './paymentIntentEvents';

/** Applies one verified, not yet applied provider event. Must be safe to run twice (a redelivery racing the first). */
export type WebhookHandler = (deps: PaymentDeps, event: PaymentEvent) => Promise<void>;
export type WebhookHandlers = Record<string, WebhookHandler>;

/**
 * Every event type the webhook endpoint applies, by type. To handle more (redirect_session.completed / canceled,
 * charge.refunded, …), write a `WebhookHandlers` map in your feature's folder and spread it here: one line. Types not
 * listed are recorded (deduplicated) and answered 200 without effect.
 */
export const WEBHOOK_HANDLERS: WebhookHandlers = {
  ...paymentIntentHandlers,
  ...redirectSessionHandlers,
};
