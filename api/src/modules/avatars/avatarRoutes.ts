import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ApiPlugin } from '../../http/apiPlugin';
import { AVATAR_SEED_MAX, AVATAR_SEED_PATTERN, renderAvatarSvg } from './avatarSvg';

/** A seed's SVG never changes: cached for a year by browsers and proxies. */
export const AVATAR_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const paramsSchema = z.object({ seed: z.string().max(AVATAR_SEED_MAX).regex(AVATAR_SEED_PATTERN) });

/** GET /api/avatars/:seed.svg: the generated avatar of a seed (public). */
export const avatarRoutes: ApiPlugin = async (app) => {
  app.get(
    '/avatars/:seed.svg',
    {
      schema: { params: paramsSchema },
      // Cards load dozens at a time as plain <img> requests; they are cheap, immutable and cacheable by any proxy.
      config: { access: 'public', skipCallerRateLimit: true },
    },
    async (request, reply) => {
      const svg = renderAvatarSvg(request.params.seed);
      const etag = `"${createHash('sha1').update(svg).digest('base64url').slice(0, 16)}"`;
      reply
        .header('cache-control', AVATAR_CACHE_CONTROL)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened directly runs in its own document: no scripts, no external loads.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type('image/svg+xml; charset=utf-8');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return svg;
    },
  );
};
