// The redirect providers' hosted page: GET /pay/:id shows the session with Pay and Cancel; each posts back here and
// is answered with a 303 to the session's return_url or cancel_url (with session_id added, for our own sessions). It
// is Payssion's payment page and CoinPayments' checkout_url too (with the coin to send), and where PayOK's payment
// link leads (payok/payokApi.ts).
import type { FastifyInstance } from 'fastify';
import { finishRedirectSession } from '../api/redirectSessions';
import type { SandboxState } from '../api/state';
import { StripeApiError } from '../protocol/stripeError';
import { escapeHtml, formatAmount, sendPage } from './html';

export function registerRedirectPage(app: FastifyInstance, state: SandboxState): void {
  app.get('/pay/:id', (request, reply) => {
    const session = state.redirectSessions.get((request.params as { id: string }).id);
    if (!session) return sendPage(reply, { title: 'Not found', body: '<p class="error" role="alert">This payment session does not exist.</p>' }, 404);
    if (session.status !== 'open') {
      return sendPage(reply, { title: 'Payment finished', body: `<main class="panel"><p>This payment is already ${escapeHtml(session.status)}.</p></main>` });
    }
    const action = (choice: string) => `/pay/${encodeURIComponent(session.id)}/${choice}`;
    const body = `
<main class="panel">
  <h1>Sandbox payment: ${escapeHtml(session.provider)}</h1>
  <p>Pay <strong>${escapeHtml(formatAmount(session.amount, session.currency))}</strong>.</p>${
    session.coinpayments
      ? `\n  <p>Send <strong>${escapeHtml(`${session.coinpayments.amount2} ${session.coinpayments.currency2}`)}</strong> to <code>${escapeHtml(session.coinpayments.address)}</code> (a test coin: Pay stands for its arrival).</p>`
      : ''
  }
  <p class="note">A test page standing in for the provider's own.</p>
  <div class="actions">
    <form method="post" action="${escapeHtml(action('pay'))}"><button type="submit">Pay</button></form>
    <form method="post" action="${escapeHtml(action('cancel'))}"><button type="submit">Cancel</button></form>
  </div>
</main>`;
    return sendPage(reply, { title: `Pay with ${session.provider}`, body });
  });

  app.post('/pay/:id/:choice', (request, reply) => {
    const { id, choice } = request.params as { id: string; choice: string };
    const session = state.redirectSessions.get(id);
    if (!session) return sendPage(reply, { title: 'Not found', body: '<p class="error" role="alert">This payment session does not exist.</p>' }, 404);
    if (choice !== 'pay' && choice !== 'cancel') return sendPage(reply, { title: 'Not found', body: '<p class="error" role="alert">Unknown action.</p>' }, 404);
    try {
      return reply.redirect(finishRedirectSession(state, session, choice), 303);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return sendPage(reply, { title: 'Payment finished', body: `<p class="error" role="alert">${escapeHtml(error.message)}</p>` }, 409);
    }
  });
}
