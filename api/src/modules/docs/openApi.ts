import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Collects every route's zod schemas (the contracts' own) into one OpenAPI document. Registered before the
 * modules so that it sees their routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Fable API',
        version: '0.1.0',
        description: 'Generated from @fable/contracts. Every call carries the application id (X-Application-Id) and, when known, a bearer token or a guest id (X-Guest-User-Id, as issued and signed by POST /api/v2/auth/guest; any other is refused with 401 invalid_guest_id).',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          guest: { type: 'apiKey', in: 'header', name: 'X-Guest-User-Id' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
}

/** GET /api/docs: the OpenAPI document. */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
