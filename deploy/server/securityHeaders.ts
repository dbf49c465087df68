import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { originOf } from './contentSecurityPolicy';

/**
 * The headers every response of a static server carries (pages, files, proxied API answers and refusals), through
 * helmet. Not helmet's CSP: the host's pages get their own, with a nonce fresh on each response and the origins of
 * their deployment (contentSecurityPolicy.ts). Not X-Frame-Options: it cannot list origins, and a partner's pages
 * are framed by the embedders its deployment names (the CSP's frame-ancestors says who may). A remote's files are
 * read by host pages of other origins (Cross-Origin-Resource-Policy: cross-origin, with CORS); the host's own files
 * and pages are its pages' alone (same-origin). HSTS as helmet sends it (a year, subdomains), read over https only.
 */
export function siteHelmetOptions({ cors }: { cors: boolean }) {
  return {
    contentSecurityPolicy: false,
    frameguard: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: cors ? 'cross-origin' : 'same-origin' },
  } as const satisfies FastifyHelmetOptions;
}

/** Registers the headers; gives the setter for Fastify's own refusals, answered before any hook runs (frameworkErrors). */
export async function registerSecurityHeaders(app: FastifyInstance, options: { cors: boolean }): Promise<(request: FastifyRequest, reply: FastifyReply) => void> {
  const helmetOptions = siteHelmetOptions(options);
  await app.register(fastifyHelmet, helmetOptions);
  const applyHeaders = helmet(helmetOptions);
  return (request, reply) => applyHeaders(request.raw, reply.raw, () => undefined);
}

/**
 * The host page's Permissions-Policy: the microphone for the site itself (a voice chat's speech), payments for the
 * site and the payments provider's frames (card fields, wallets), and nothing else of the powerful features.
 */
export function hostPagePermissions(frameSources: readonly string[] = []): string {
  const origins = [...new Set(frameSources.map(originOf))].filter((origin) => origin !== null).map((origin) => `"${origin}"`);
  return [
    'camera=()',
    'geolocation=()',
    'microphone=(self)',
    `payment=(${['self', ...origins].join(' ')})`,
    'usb=()',
    'serial=()',
    'bluetooth=()',
    'display-capture=()',
  ].join(', ');
}
