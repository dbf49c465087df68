// /_sandbox/…: test controls over HTTP, with a secret key (health excepted). JSON in, JSON out.
//   GET  /_sandbox/health                       { ok: true }
//   GET  /_sandbox/events                       every event, oldest first
//   GET  /_sandbox/deliveries                   every webhook delivery with its attempts
//   POST /_sandbox/webhooks/hold                hold new deliveries
//   POST /_sandbox/webhooks/release             { order?: 'as_created' | 'reverse' | [event or delivery ids] }
//   POST /_sandbox/webhooks/duplicate_next      { count }   the next `count` events are delivered twice
//   POST /_sandbox/webhooks/fail_next           { count, mode?: 'drop' | 'lose_response' }
//   POST /_sandbox/events/:id/redeliver         send an event again
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxState } from '../api/state';
import { authenticate, type KeyRing } from '../protocol/stripeRoute';
import { StripeApiError } from '../protocol/stripeError';
import type { ReleaseOrder, WebhookDeliveries } from '../webhooks/deliveries';

const badRequest = (message: string) => new StripeApiError(400, { type: 'invalid_request_error', message });

function count(request: FastifyRequest): number {
  const value = (request.body as { count?: unknown } | undefined)?.count ?? 1;
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 1000) throw badRequest('count must be an integer from 1 to 1000.');
  return value as number;
}

export function registerSandboxControls(app: FastifyInstance, keys: KeyRing, state: SandboxState, deliveries: WebhookDeliveries): void {
  app.get('/_sandbox/health', () => ({ ok: true, events: state.events.length }));

  app.register(async (controls) => {
    controls.addHook('onRequest', async (request) => {
      authenticate(request, keys, ['secret']);
    });
    controls.setErrorHandler((error, _request, reply) => {
      if (error instanceof StripeApiError) return reply.code(error.status).send(error.toJSON());
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      return reply.code(status).send({ error: { type: 'invalid_request_error', message: (error as Error).message } });
    });
    controls.get('/_sandbox/events', () => ({ data: state.events }));
    controls.get('/_sandbox/deliveries', () => ({ data: deliveries.list() }));
    controls.post('/_sandbox/webhooks/hold', () => {
      deliveries.hold();
      return { holding: true };
    });
    controls.post('/_sandbox/webhooks/release', async (request) => {
      const order = (request.body as { order?: unknown } | undefined)?.order ?? 'as_created';
      const valid = order === 'as_created' || order === 'reverse' || (Array.isArray(order) && order.every((id) => typeof id === 'string'));
      if (!valid) throw badRequest("order must be 'as_created', 'reverse' or a list of event or delivery ids.");
      const released = await deliveries.release(order as ReleaseOrder);
      return { data: released.map((d) => ({ id: d.id, event_id: d.event_id, type: d.type, status: d.status })) };
    });
    controls.post('/_sandbox/webhooks/duplicate_next', (request) => {
      deliveries.duplicateNext(count(request));
      return { ok: true };
    });
    controls.post('/_sandbox/webhooks/fail_next', (request) => {
      const mode = (request.body as { mode?: unknown } | undefined)?.mode ?? 'drop';
      if (mode !== 'drop' && mode !== 'lose_response') throw badRequest("mode must be 'drop' or 'lose_response'.");
      deliveries.failNext(count(request), mode);
      return { ok: true };
    });
    controls.post('/_sandbox/events/:id/redeliver', (request) => {
      const { id } = request.params as { id: string };
      const event = state.events.find((e) => e.id === id);
      if (!event) throw new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such event: '${id}'` });
      deliveries.redeliver(event);
      return { ok: true };
    });
  });
}
