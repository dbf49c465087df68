import { z } from 'zod';
import { AppError } from '../../http/appError';
import type { ApiPlugin } from '../../http/apiPlugin';

export const healthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });
export const livenessSchema = z.object({ status: z.literal('ok') });

const probe = { access: 'public', skipCallerRateLimit: true } as const;

/**
 * The probes. Liveness (`/health/live`): the process answers, nothing else asked, so that a database outage does not
 * restart every process. Readiness (`/health/ready`, and `/health` as before): the database runs a query (503 when it
 * cannot); a stopping process answers 503 to every request (Fastify's return503OnClosing), so it leaves the load
 * balancer while its chat streams finish.
 */
export const healthRoutes: ApiPlugin = async (app, { db }) => {
  const ready = async (request: { log: { error: (obj: object, msg: string) => void } }) => {
    try {
      await db.query('select 1');
    } catch (err) {
      request.log.error({ err }, 'health check: database unavailable');
      throw new AppError(503, 'service_unavailable', 'Database unavailable');
    }
    return { status: 'ok' as const, db: 'ok' as const };
  };
  app.get('/health', { schema: { response: { 200: healthSchema } }, config: probe }, ready);
  app.get('/health/ready', { schema: { response: { 200: healthSchema } }, config: probe }, ready);
  app.get('/health/live', { schema: { response: { 200: livenessSchema } }, config: probe }, async () => ({ status: 'ok' as const }));
};
