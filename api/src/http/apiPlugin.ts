import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Cache } from '../infra/cache/cache';
import type { Database } from '../infra/db/database';

/** What every module's routes get: the adapters, never the environment. */
export interface ApiDeps {
  db: Database;
  cache: Cache;
}

/** A module's routes: a Fastify plugin with zod-typed schemas, registered under /api. */
export type ApiPlugin = FastifyPluginAsync<ApiDeps, RawServerDefault, ZodTypeProvider>;
