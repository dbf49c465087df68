// GET /elements/card?key=pk_test_…&origin=… : the card fields page, for an iframe in the checkout at `origin`.
import type { FastifyInstance } from 'fastify';
import { browserBundle } from './browserBundle';
import { escapeHtml, sendPage } from './html';

const FIELDS = `
<form class="fields" autocomplete="on" novalidate>
  <div class="field">
    <label for="card-number">Card number</label>
    <input id="card-number" name="cardnumber" autocomplete="cc-number" inputmode="numeric" placeholder="1234 1234 1234 1234" aria-describedby="card-error card-brand" aria-invalid="false">
    <span id="card-brand" class="brand" aria-live="polite"></span>
  </div>
  <div class="field">
    <label for="card-expiry">Expiration (MM / YY)</label>
    <input id="card-expiry" name="exp-date" autocomplete="cc-exp" inputmode="numeric" placeholder="MM / YY" maxlength="7" aria-describedby="card-error" aria-invalid="false">
  </div>
  <div class="field">
    <label for="card-cvc">CVC</label>
    <input id="card-cvc" name="cvc" autocomplete="cc-csc" inputmode="numeric" placeholder="CVC" maxlength="4" aria-describedby="card-error" aria-invalid="false">
  </div>
</form>
<p id="card-error" class="error" role="alert"></p>`;

function originOf(text: string | undefined): string {
  try {
    return text ? new URL(text).origin : '';
  } catch {
    return '';
  }
}

export function registerCardFieldsPage(app: FastifyInstance, config: { publishableKeys: string[]; allowedOrigins: string[] }): void {
  app.get('/elements/card.js', (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(browserBundle('cardFields')),
  );
  app.get('/elements/card', (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const key = query.key ?? '';
    const origin = originOf(query.origin);
    const problem = !config.publishableKeys.includes(key)
      ? 'The card fields need a valid publishable key (key=pk_test_…).'
      : !config.allowedOrigins.includes(origin)
        ? `The origin '${query.origin ?? ''}' is not allowed to embed the card fields.`
        : undefined;
    if (problem) return sendPage(reply, { title: 'Card fields unavailable', body: `<p class="error" role="alert">${escapeHtml(problem)}</p>` }, 400);
    return sendPage(reply, { title: 'Card details', body: FIELDS, script: '/elements/card.js', data: { origin, key }, frameAncestors: [origin] });
  });
}
