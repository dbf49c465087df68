// The Stripe calls the sandbox answers (the subset our production adapter uses) and our redirect sessions.
import type { FastifyInstance } from 'fastify';
import type { IdempotencyStore } from '../protocol/idempotency';
import { noSuch } from '../protocol/stripeError';
import { type KeyRing, stripeRoute } from '../protocol/stripeRoute';
import { createCustomer, customerOf, updateCustomer } from './customers';
import { cancelPaymentIntent, confirmPaymentIntent, createPaymentIntent, paymentIntentOf } from './paymentIntents';
import { attachPaymentMethod, createPaymentMethod, detachPaymentMethod, paymentMethodOf } from './paymentMethods';
import { createRedirectSession, redirectSessionOf } from './redirectSessions';
import { createRefund, refundRedirectSession } from './refunds';
import { cancelSetupIntent, confirmSetupIntent, createSetupIntent, setupIntentOf } from './setupIntents';
import type { SandboxState } from './state';

export interface StripeRoutesDeps {
  keys: KeyRing;
  idempotency: IdempotencyStore;
  state: SandboxState;
  baseUrl: () => string;
  chargeLatencyMs: number;
}

export function registerStripeRoutes(app: FastifyInstance, deps: StripeRoutesDeps): void {
  const { state } = deps;
  const route = (method: 'GET' | 'POST' | 'DELETE', url: string, handler: Parameters<typeof stripeRoute>[5], accepts: ('secret' | 'publishable')[] = ['secret']) =>
    stripeRoute(app, deps, method, url, accepts, handler);
  const confirmContext = (idempotencyKey: string | null) => ({ baseUrl: deps.baseUrl(), latencyMs: deps.chargeLatencyMs, idempotencyKey });

  route('POST', '/v1/customers', ({ params }) => createCustomer(state, params));
  route('GET', '/v1/customers/:id', ({ path }) => customerOf(state, path.id ?? ''));
  route('POST', '/v1/customers/:id', ({ path, params }) => updateCustomer(state, path.id ?? '', params));

  route('POST', '/v1/payment_methods', ({ params }) => createPaymentMethod(state, params), ['secret', 'publishable']);
  route('GET', '/v1/payment_methods/:id', ({ path }) => paymentMethodOf(state, path.id ?? ''));
  route('POST', '/v1/payment_methods/:id/attach', ({ path, params }) => attachPaymentMethod(state, path.id ?? '', params));
  route('POST', '/v1/payment_methods/:id/detach', ({ path }) => detachPaymentMethod(state, path.id ?? ''));

  route('POST', '/v1/payment_intents', ({ params, idempotencyKey }) => createPaymentIntent(state, params, confirmContext(idempotencyKey)));
  route('GET', '/v1/payment_intents/:id', ({ path }) => paymentIntentOf(state, path.id ?? ''));
  route('POST', '/v1/payment_intents/:id/confirm', ({ path, params, idempotencyKey }) =>
    confirmPaymentIntent(state, path.id ?? '', params, confirmContext(idempotencyKey)),
  );
  route('POST', '/v1/payment_intents/:id/cancel', ({ path, params }) => cancelPaymentIntent(state, path.id ?? '', params));

  route('POST', '/v1/setup_intents', ({ params, idempotencyKey }) => createSetupIntent(state, params, confirmContext(idempotencyKey)));
  route('GET', '/v1/setup_intents/:id', ({ path }) => setupIntentOf(state, path.id ?? ''));
  route('POST', '/v1/setup_intents/:id/confirm', ({ path, params, idempotencyKey }) => confirmSetupIntent(state, path.id ?? '', params, confirmContext(idempotencyKey)));
  route('POST', '/v1/setup_intents/:id/cancel', ({ path, params }) => cancelSetupIntent(state, path.id ?? '', params));

  route('POST', '/v1/refunds', ({ params, idempotencyKey }) => createRefund(state, params, idempotencyKey));

  route('GET', '/v1/events/:id', ({ path }) => {
    const event = state.events.find((e) => e.id === path.id);
    if (!event) throw noSuch('event', path.id ?? '');
    return event;
  });

  route('POST', '/v1/redirect_sessions', ({ params, idempotencyKey }) => createRedirectSession(state, params, deps.baseUrl(), idempotencyKey));
  route('GET', '/v1/redirect_sessions/:id', ({ path }) => redirectSessionOf(state, path.id ?? ''));
  route('POST', '/v1/redirect_sessions/:id/refund', ({ path, params, idempotencyKey }) => refundRedirectSession(state, path.id ?? '', params, idempotencyKey));
}
