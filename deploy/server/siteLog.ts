import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { stdTimeFunctions } from 'pino';

/** Where and how much the site server logs: pino through Fastify, one JSON line per request and per answer. */
export interface SiteLogOptions {
  /** pino's level; default SITE_LOG_LEVEL, else info in production and silent elsewhere (npm start, e2e). */
  level?: string;
  /** Where the lines go (default stdout). */
  stream?: NodeJS.WritableStream;
}

/**
 * The site server's access log, in the API's shape (pino JSON, an ISO time, `service`): each request's method, URL,
 * host and client, and its answer's status and time. A request id the client sent (X-Request-Id) is kept, else a
 * UUID is made; the /api proxy hands it to the API, whose log lines then carry the same id.
 */
export function siteLogging(options: SiteLogOptions = {}, env: NodeJS.ProcessEnv = process.env): Pick<FastifyServerOptions, 'logger' | 'requestIdHeader' | 'genReqId'> {
  const level = options.level ?? env.SITE_LOG_LEVEL ?? (env.NODE_ENV === 'production' ? 'info' : 'silent');
  return {
    logger: { level, base: { service: 'fable-site' }, timestamp: stdTimeFunctions.isoTime, ...(options.stream ? { stream: options.stream } : {}) },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  };
}
