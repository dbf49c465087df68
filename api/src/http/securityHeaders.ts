import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * The headers every API answer carries, through helmet. No CSP: the API answers JSON, Server-Sent Events and
 * images, never a page (the site server sends the pages' CSP). Nothing of the API is meant to be framed; its
 * answers are read by the site's own pages only (through the site's /api, or from the same site), so another
 * site's page cannot pull them in as an image or a script (Cross-Origin-Resource-Policy: same-site). Referrers leave
 * the site as its origin only. HSTS as helmet sends it (a year, subdomains), read by browsers over https only.
 */
export const API_HELMET_OPTIONS = {
  contentSecurityPolicy: false,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginResourcePolicy: { policy: 'same-site' },
} as const satisfies FastifyHelmetOptions;

const applyHeaders = helmet(API_HELMET_OPTIONS);

/**
 * The headers go on the raw response in an onRequest hook, so that streams written to it directly (chat events) and
 * error answers carry them too.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, API_HELMET_OPTIONS);
}

/** For Fastify's own refusals before any hook runs (frameworkErrors): the same headers, set on the raw response. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  applyHeaders(request.raw, reply.raw, () => undefined);
}
