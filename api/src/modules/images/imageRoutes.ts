import { IMAGE_ERROR_CODES, IMAGE_LIMITS, ImageHashSchema, UploadImageTypeSchema } from '@fable/contracts';
import { z } from 'zod';
import type { ApiPlugin } from '../../http/apiPlugin';
import { SERVED_FILES, WEBP, imageFileKey } from './imageFiles';
import { imageError } from './imageErrors';
import { generateImageRoute } from './imageGenerationRoute';
import { openImageRouteContext, type ImageApp, type ImageDeps, type ImageRouteContext } from './imageRouteContext';
import { imageUploadRoutes } from './imageUploadRoutes';

/** A stored picture never changes (its URL names its hash): cached for a year by browsers and proxies. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Chatbot avatars: generation (POST /generate-image, imageGenerationRoute.ts), uploads (POST /save-image, PUT to the
 * signed URL, POST /images/:hash/complete, imageUploadRoutes.ts) and the stored pictures (GET /images/:hash/:file,
 * below). What they share is opened once (imageRouteContext.ts). See README.md in this folder.
 */
export const imageRoutes: ApiPlugin<ImageDeps> = async (app, deps) => {
  const ctx = await openImageRouteContext(app, deps);

  // Upload bodies are the file itself, read as bytes (up to 10 MB) in this module only.
  app.addContentTypeParser(UploadImageTypeSchema.options, { parseAs: 'buffer', bodyLimit: IMAGE_LIMITS.uploadMaxBytes }, (_request, body, done) => {
    done(null, body);
  });

  generateImageRoute(app, ctx);
  imageUploadRoutes(app, ctx);
  storedPictureRoute(app, ctx);
};

const FileParamsSchema = z.object({ hash: ImageHashSchema, file: z.enum(SERVED_FILES) });

/** GET /images/:hash/:file: a stored picture's file, immutable (304 on a matching ETag). */
function storedPictureRoute(app: ImageApp, { store }: ImageRouteContext): void {
  app.get(
    '/images/:hash/:file',
    {
      schema: { params: FileParamsSchema },
      // Cards load dozens of avatars at a time as plain <img> requests; immutable and cacheable by any proxy.
      config: { access: 'public', skipCallerRateLimit: true },
    },
    async (request, reply) => {
      const { hash, file } = request.params;
      const etag = `"${hash}-${file}"`;
      if (request.headers['if-none-match'] === etag) {
        return reply.code(304).header('cache-control', IMAGE_CACHE_CONTROL).header('etag', etag).send();
      }
      const found = await store.get(imageFileKey(hash, file));
      if (!found) throw imageError(IMAGE_ERROR_CODES.NOT_FOUND);
      return reply
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .header('etag', etag)
        // Opened directly, the picture runs nothing and loads nothing.
        .header('content-security-policy', "default-src 'none'")
        .type(WEBP)
        .send(found.bytes);
    },
  );
}
