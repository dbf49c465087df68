import { z } from 'zod';
import { AppError } from '../../http/appError';
import type { ApiPlugin } from '../../http/apiPlugin';

export const healthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });

/** GET /api/health: the process answers and the database runs a query (503 when it cannot). */
export const healthRoutes: ApiPlugin = async (app, { db }) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthSchema } }, config: { access: 'public', skipCallerRateLimit: true } },
    async (request) => {
      try {
        await db.query('select 1');
      } catch (err) {
        request.log.error({ err }, 'health check: database unavailable');
        throw new AppError(503, 'service_unavailable', 'Database unavailable');
      }
      return { status: 'ok' as const, db: 'ok' as const };
    },
  );
};
