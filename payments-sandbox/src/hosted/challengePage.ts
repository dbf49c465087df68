// The 3-D Secure challenge for a payment intent or a setup intent that requires_action: GET /3ds/:id?client_secret=…
// shows it, POST /3ds/:id/decision { client_secret, outcome } records the shopper's answer.
import type { FastifyInstance } from 'fastify';
import type { PaymentIntent, SetupIntent } from '../api/objects';
import { finishChallenge } from '../api/paymentIntents';
import { finishSetupChallenge } from '../api/setupIntents';
import type { SandboxState } from '../api/state';
import { StripeApiError } from '../protocol/stripeError';
import { browserBundle } from './browserBundle';
import { escapeHtml, formatAmount, sendPage } from './html';

/** The payment or setup intent a challenge is for, when the secret matches. */
function challengeOf(state: SandboxState, id: string, secret: unknown): PaymentIntent | SetupIntent | null {
  const intent = state.paymentIntents.get(id) ?? state.setupIntents.get(id);
  return intent && intent.client_secret === secret ? intent : null;
}

/** What the member authenticates: a payment's amount, or a card saved for later payments. */
const purpose = (intent: PaymentIntent | SetupIntent) =>
  intent.object === 'payment_intent'
    ? `Authenticate a payment of <strong>${escapeHtml(formatAmount(intent.amount, intent.currency))}</strong>.`
    : 'Authenticate your card for <strong>future payments</strong>.';

/** The challenge's end: a setup is authenticated once, a payment paid; either may fail. */
function finish(state: SandboxState, intent: PaymentIntent | SetupIntent, outcome: 'success' | 'failure'): string | null {
  if (intent.object === 'payment_intent') {
    const result = finishChallenge(state, intent, outcome);
    return result.status === 'succeeded' ? null : (result.last_payment_error?.message ?? 'Authentication failed.');
  }
  const result = finishSetupChallenge(state, intent, outcome);
  return result.status === 'succeeded' ? null : (result.last_setup_error?.message ?? 'Authentication failed.');
}

export function registerChallengePage(app: FastifyInstance, state: SandboxState, allowedOrigins: string[]): void {
  app.get('/3ds/challenge.js', (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(browserBundle('challenge')),
  );

  app.get('/3ds/:id', (request, reply) => {
    const { id } = request.params as { id: string };
    const secret = (request.query as Record<string, string | undefined>).client_secret ?? '';
    const intent = challengeOf(state, id, secret);
    if (!intent) {
      return sendPage(reply, { title: 'Not found', body: '<p class="error" role="alert">This authentication does not exist.</p>' }, 404);
    }
    if (intent.status !== 'requires_action') {
      return sendPage(reply, { title: 'Authentication finished', body: '<main class="panel"><p>This authentication is already finished.</p></main>', frameAncestors: allowedOrigins });
    }
    const body = `
<main class="panel bank">
  <h1>Sandbox 3-D Secure</h1>
  <p>${purpose(intent)}</p>
  <p class="note">A test page: choose what your bank would answer.</p>
  <div class="actions">
    <button id="challenge-complete" type="button">Complete</button>
    <button id="challenge-fail" type="button">Fail</button>
  </div>
  <p id="challenge-status" role="status"></p>
</main>`;
    return sendPage(reply, {
      title: '3-D Secure authentication',
      body,
      script: '/3ds/challenge.js',
      data: { intent: intent.id, secret, origins: JSON.stringify(allowedOrigins) },
      frameAncestors: allowedOrigins,
    });
  });

  app.post('/3ds/:id/decision', (request, reply) => {
    const { id } = request.params as { id: string };
    const input = (request.body ?? {}) as { client_secret?: unknown; outcome?: unknown };
    const intent = challengeOf(state, id, input.client_secret);
    if (!intent) return reply.code(404).send({ message: 'This authentication does not exist.' });
    if (input.outcome !== 'success' && input.outcome !== 'failure') return reply.code(400).send({ message: "outcome must be 'success' or 'failure'." });
    const returnUrl = intent.next_action?.redirect_to_url.return_url ?? null;
    try {
      const failure = finish(state, intent, input.outcome);
      if (failure === null) return reply.send({ status: 'success', return_url: returnUrl });
      return reply.send({ status: 'failure', error_message: failure, return_url: returnUrl });
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return reply.code(409).send({ message: error.message });
    }
  });
}
