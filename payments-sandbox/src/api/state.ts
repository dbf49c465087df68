// Everything the sandbox knows, in memory: a restart forgets it (a sandbox, not a bank). Every change that Stripe
// announces becomes an event, handed to the webhook deliveries.
import type { CardBehaviour } from '../cards/testCards';
import { newId, unixNow } from './ids';
import type { Charge, Customer, OwnProtocol, PaymentIntent, PaymentMethod, RedirectSession, Refund, SetupIntent, StripeEvent } from './objects';

export const API_VERSION = '2026-10-28.endive';

export class SandboxState {
  readonly customers = new Map<string, Customer>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  /** What each payment method's card does when charged (kept apart from the object Stripe shows). */
  readonly cardBehaviours = new Map<string, CardBehaviour>();
  /** Payment methods set up for payments without the member (a payment with setup_future_usage: off_session, or a SetupIntent, succeeded). */
  readonly offSessionReady = new Set<string>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly setupIntents = new Map<string, SetupIntent>();
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
  readonly redirectSessions = new Map<string, RedirectSession>();
  readonly events: StripeEvent[] = [];
  /**
   * Tells a redirect provider with a protocol of its own (Payssion, CoinPayments, Volt, …: ownProtocolOf) that one of its
   * sessions was paid or cancelled, for it to notify the merchant its way; it may answer where the payer goes back to
   * (Volt adds its `volt` parameters), else the session's return or cancel URL as it is.
   */
  readonly providerNotifiers = new Map<OwnProtocol, (session: RedirectSession) => string | void>();

  constructor(private readonly onEvent: (event: StripeEvent) => void) {}

  /** Records an event about `object` as it is now (a copy) and hands it on for delivery. */
  emit(type: string, object: unknown, idempotencyKey: string | null = null): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: unixNow(),
      type,
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: idempotencyKey },
    };
    this.events.push(event);
    this.onEvent(event);
    return event;
  }
}
