import { createHash, randomInt } from 'node:crypto';
import {
  CHARACTER_ERRORS,
  CHARACTER_ERROR_CODES,
  IMAGE_ERROR_CODES,
  IMAGE_LIMITS,
  ImageHashSchema,
  UploadImageTypeSchema,
  V2_IMAGE_STYLES,
  imageCalls,
  type GenerateImageResult,
  type SaveImageResult,
} from '@fable/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IN_MEMORY } from '../../config';
import { memberOf, type MemberCaller } from '../../http/access';
import type { ApiDeps, ApiPlugin } from '../../http/apiPlugin';
import { AppError } from '../../http/appError';
import { ImageGenerationError, decodeBase64Picture } from '../../infra/imageGeneration/imageGenerator';
import { createImageGenerators, type ImageGenerators } from '../../infra/imageGeneration/imageGenerators';
import type { ObjectStore } from '../../infra/storage/objectStore';
import { openImageStore } from '../../infra/storage/openObjectStore';
import type { ContentClassifier } from '../moderation/contentClassifier';
import { openContentClassifier } from '../moderation/moderationConfig';
import { findAppSettings } from '../settings/appSettingsRepository';
import { SERVED_FILES, WEBP, imageFileKey, storePictureFiles, uploadKey } from './imageFiles';
import { imageContentRefused, imageError, ImageInputError } from './imageErrors';
import { sniffImageType } from './imageFormat';
import { guidancePng, processPicture, type ProcessedPicture } from './imagePipeline';
import {
  deletePendingUpload,
  expiredUploads,
  findImage,
  findPendingUpload,
  markImageNsfw,
  recordImage,
  recordPendingUpload,
  toStoredImage,
  type NewImage,
} from './imageRepository';
import { checkAvatarContent } from './promptChecks';
import { UPLOAD_ROUTE, signedUploadUrl, uploadSignatureMatches, type UploadGrant } from './uploadSignature';
import { loadUploadKey } from './uploadKey';

/** A stored picture never changes (its URL names its hash): cached for a year by browsers and proxies. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** How long after its URL expires an announced upload may still be completed. */
const COMPLETION_GRACE_SECONDS = 600;
/** Abandoned uploads removed per save-image call. */
const PURGE_BATCH = 5;

/**
 * Chatbot avatars: generation (POST /generate-image), uploads (POST /save-image, PUT to the signed URL, POST
 * /images/:hash/complete) and the stored pictures (GET /images/:hash/:file). See README.md in this folder.
 */
export interface ImageDeps extends ApiDeps {
  /** The object store; by default the one the config names (S3_*, IMAGE_STORAGE_DIR, `<DATA_DIR>/images`). */
  imageStore?: ObjectStore;
  /** The generators; by default the configured ones (IMAGE_GENERATORS_FILE) or the demo generator. */
  imageGenerators?: ImageGenerators;
  /** The content checks' classifier; by default the chatbot checks' (MODERATION_* or the embedded rules). */
  classifier?: ContentClassifier;
}

const sha256Prefix = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

const restricted = () => {
  const entry = CHARACTER_ERRORS[CHARACTER_ERROR_CODES.RESTRICTED];
  return new AppError(entry.status, CHARACTER_ERROR_CODES.RESTRICTED, entry.message, { permission: 'create_character' });
};

/** Uploading and generating avatars is making chatbots: members who may create them (not restriction_limited, §6). */
function creator(request: FastifyRequest): MemberCaller {
  const member = memberOf(request);
  if (!member.user.permissions.includes('create_character')) throw restricted();
  return member;
}

const UploadParamsSchema = z.object({ userId: z.uuid(), hash: ImageHashSchema });
const UploadQuerySchema = z.object({
  type: UploadImageTypeSchema,
  size: z.coerce.number().int().min(1).max(IMAGE_LIMITS.uploadMaxBytes),
  expires: z.coerce.number().int().min(0),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
const FileParamsSchema = z.object({ hash: ImageHashSchema, file: z.enum(SERVED_FILES) });

export const imageRoutes: ApiPlugin<ImageDeps> = async (app, deps) => {
  const { db, clock, config, rateLimit } = deps;
  const store = deps.imageStore ?? openImageStore(config.imageStorage, config.dataDir, IN_MEMORY);
  if (!deps.imageStore) app.addHook('onClose', async () => store.close());
  const generators = deps.imageGenerators ?? createImageGenerators(config.imageGenerators);
  const classifier =
    deps.classifier ?? openContentClassifier(config.moderationEndpoint, (err) => app.log.warn({ err }, 'moderation endpoint failed; the embedded rules answered'));
  // The API signs its own upload URLs only where the browser cannot upload to the store directly.
  const signingKey = store.directUpload ? null : await loadUploadKey(db, config);
  if (!store.directUpload && !signingKey) app.log.error('IMAGE_UPLOAD_SECRET is not set: avatar uploads are unavailable (generation works)');

  const nsfwAllowed = async (applicationId: string) => (await findAppSettings(db, applicationId))?.kind !== 'partner';

  /** Stores a processed picture's files and records it. */
  const keep = async (picture: ProcessedPicture, image: Omit<NewImage, 'width' | 'height'>) => {
    await storePictureFiles(store, image.hash, picture);
    return recordImage(db, { ...image, width: picture.width, height: picture.height });
  };

  /** Removes a few uploads whose time is over (their bytes, then their rows). */
  const purgeExpiredUploads = async () => {
    for (const upload of await expiredUploads(db, clock.now(), PURGE_BATCH)) {
      await store.delete(uploadKey(upload.user_id, upload.hash));
      await deletePendingUpload(db, upload.user_id, upload.hash);
    }
  };

  // Upload bodies are the file itself, read as bytes (up to 10 MB) in this module only.
  app.addContentTypeParser(UploadImageTypeSchema.options, { parseAs: 'buffer', bodyLimit: IMAGE_LIMITS.uploadMaxBytes }, (_request, body, done) => {
    done(null, body);
  });

  const generate = imageCalls.generateImage;
  app.post(
    generate.path,
    {
      schema: { body: generate.body, response: { 200: generate.response } },
      config: { access: generate.access },
      // A guidance picture travels as base64 in the JSON body.
      bodyLimit: Math.ceil((IMAGE_LIMITS.uploadMaxBytes * 4) / 3) + 64 * 1024,
    },
    async (request, reply): Promise<GenerateImageResult> => {
      const member = creator(request);
      const body = request.body;
      if (V2_IMAGE_STYLES.includes(body.model_style) && !member.user.permissions.includes('avatar_images_v2')) {
        throw imageError(IMAGE_ERROR_CODES.STYLE_NOT_ALLOWED);
      }
      const generator = generators.forStyle(body.model_style);
      if (!generator) throw imageError(IMAGE_ERROR_CODES.STYLE_UNAVAILABLE);
      await rateLimit.imageGeneration(request, member.userId);
      const { nsfw } = await checkAvatarContent(classifier, { prompt: body.prompt, markedNsfw: false }, await nsfwAllowed(member.applicationId));

      let guidance: Buffer | undefined;
      if (body.image !== undefined) {
        const bytes = decodeBase64Picture(body.image);
        if (!bytes) throw imageError(IMAGE_ERROR_CODES.NOT_AN_IMAGE);
        guidance = await guidancePng(bytes).catch(asClientError);
      }
      const negativePrompt = body.negative_prompt ?? '';
      const seed = body.seed ?? randomInt(0, IMAGE_LIMITS.seedMax + 1);
      const aborted = abortOnDisconnect(reply);
      let drawn;
      try {
        drawn = await generator.generate({ prompt: body.prompt, negativePrompt, seed, style: body.model_style, guidance }, aborted);
      } catch (err) {
        throw generationFailure(err, request);
      }
      let picture: ProcessedPicture;
      try {
        picture = await processPicture(drawn.bytes);
      } catch (err) {
        request.log.error({ err, generator: generator.name }, 'the image generator answered a picture we cannot read');
        throw imageError(IMAGE_ERROR_CODES.GENERATOR_FAILED);
      }
      const row = await keep(picture, {
        hash: sha256Prefix(drawn.bytes),
        source: 'generated',
        is_nsfw: nsfw,
        createdBy: member.userId,
        applicationId: member.applicationId,
        prompt: body.prompt,
        negativePrompt: negativePrompt || null,
        seed: drawn.seed,
        modelStyle: body.model_style,
        generator: generator.name,
      });
      return {
        base64: picture.original.toString('base64'),
        type: WEBP,
        seed: drawn.seed,
        prompt: body.prompt,
        negativePrompt,
        model_style: body.model_style,
        image: toStoredImage(row),
        generator: { name: generator.name, demo: generator.demo },
        guidance_applied: drawn.guidanceApplied,
      };
    },
  );

  const save = imageCalls.saveImage;
  app.post(save.path, { schema: { body: save.body, response: { 200: save.response } }, config: { access: save.access } }, async (request): Promise<SaveImageResult> => {
    const member = creator(request);
    const body = request.body;
    await rateLimit.imageUpload(request, member.userId);
    const { nsfw } = await checkAvatarContent(classifier, { prompt: body.prompt ?? null, markedNsfw: body.is_nsfw === true }, await nsfwAllowed(member.applicationId));
    const now = clock.now();

    const stored = await findImage(db, body.hash);
    if (stored) {
      const row = nsfw && !stored.is_nsfw ? ((await markImageNsfw(db, body.hash)) ?? stored) : stored;
      return { signed_url: null, key: imageFileKey(body.hash, 'original.webp'), headers: {}, expires_at: now.toISOString(), image: toStoredImage(row) };
    }
    if (!store.directUpload && !signingKey) throw imageError(IMAGE_ERROR_CODES.UPLOADS_UNAVAILABLE);

    const expires = Math.floor(now.getTime() / 1000) + IMAGE_LIMITS.uploadUrlSeconds;
    const key = uploadKey(member.userId, body.hash);
    await recordPendingUpload(db, member.userId, body.hash, {
      content_type: body.image_type,
      size: body.fileSize,
      is_nsfw: nsfw,
      prompt: body.prompt ?? null,
      expires_at: new Date((expires + COMPLETION_GRACE_SECONDS) * 1000),
    });
    const grant: UploadGrant = { userId: member.userId, hash: body.hash, contentType: body.image_type, size: body.fileSize, expires };
    const target = store.directUpload
      ? await store.directUpload(key, { contentType: body.image_type, size: body.fileSize, expiresInSeconds: IMAGE_LIMITS.uploadUrlSeconds })
      : { url: signedUploadUrl(signingKey!, grant), headers: { 'Content-Type': body.image_type } };
    await purgeExpiredUploads();
    return { signed_url: target.url, key, headers: target.headers, expires_at: new Date(expires * 1000).toISOString(), image: null };
  });

  /** The grant of an upload URL, checked before the body is read: 403 for a wrong or expired signature. */
  const grantOf = (request: FastifyRequest): UploadGrant => {
    const params = UploadParamsSchema.safeParse(request.params);
    const query = UploadQuerySchema.safeParse(request.query);
    if (!params.success || !query.success || !signingKey) throw imageError(IMAGE_ERROR_CODES.SIGNATURE_INVALID);
    const grant: UploadGrant = { ...params.data, contentType: query.data.type, size: query.data.size, expires: query.data.expires };
    if (!uploadSignatureMatches(signingKey, grant, query.data.signature)) throw imageError(IMAGE_ERROR_CODES.SIGNATURE_INVALID);
    if (clock.now().getTime() > grant.expires * 1000) throw imageError(IMAGE_ERROR_CODES.SIGNATURE_EXPIRED);
    return grant;
  };
  const grants = new WeakMap<FastifyRequest, UploadGrant>();

  app.put(
    UPLOAD_ROUTE,
    {
      // No schema: the signature is checked before the body is read, the rest by the handler.
      config: { access: 'public' },
      bodyLimit: IMAGE_LIMITS.uploadMaxBytes,
      preParsing: async (request, _reply, payload) => {
        const grant = grantOf(request);
        const declared = request.headers['content-length'];
        if (declared !== undefined && Number(declared) !== grant.size) throw imageError(IMAGE_ERROR_CODES.SIZE_MISMATCH);
        grants.set(request, grant);
        return payload;
      },
    },
    async (request) => {
      const grant = grants.get(request) ?? grantOf(request);
      const contentType = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!Buffer.isBuffer(request.body) || contentType !== grant.contentType) throw imageError(IMAGE_ERROR_CODES.TYPE_MISMATCH);
      const bytes = request.body;
      if (bytes.length !== grant.size) throw imageError(IMAGE_ERROR_CODES.SIZE_MISMATCH);
      if (sha256Prefix(bytes) !== grant.hash) throw imageError(IMAGE_ERROR_CODES.HASH_MISMATCH);
      if (sniffImageType(bytes) !== grant.contentType) throw imageError(IMAGE_ERROR_CODES.TYPE_MISMATCH);
      await store.put(uploadKey(grant.userId, grant.hash), bytes, grant.contentType);
      return { ok: true, hash: grant.hash };
    },
  );

  const complete = imageCalls.completeImage;
  app.post(
    complete.path,
    { schema: { params: complete.params, response: { 200: complete.response } }, config: { access: complete.access } },
    async (request) => {
      const member = creator(request);
      const { hash } = request.params;
      const pending = await findPendingUpload(db, member.userId, hash);
      if (!pending || pending.expires_at.getTime() < clock.now().getTime()) {
        // Completed before (by anyone): the same answer again.
        const stored = await findImage(db, hash);
        if (stored) return toStoredImage(stored);
        throw imageError(IMAGE_ERROR_CODES.UPLOAD_UNKNOWN);
      }
      const key = uploadKey(member.userId, hash);
      const uploaded = await store.get(key);
      if (!uploaded) throw imageError(IMAGE_ERROR_CODES.UPLOAD_MISSING);
      const bytes = uploaded.bytes;
      // The S3 store took the bytes without knowing the hash: every check is made again here.
      const problem =
        bytes.length !== pending.size
          ? IMAGE_ERROR_CODES.SIZE_MISMATCH
          : sha256Prefix(bytes) !== hash
            ? IMAGE_ERROR_CODES.HASH_MISMATCH
            : sniffImageType(bytes) !== pending.content_type
              ? IMAGE_ERROR_CODES.TYPE_MISMATCH
              : null;
      let picture: ProcessedPicture;
      try {
        if (problem) throw imageError(problem);
        picture = await processPicture(bytes).catch(asClientError);
      } catch (err) {
        // The upload is refused: its bytes go; a corrected file may be sent again while the URL lasts.
        await store.delete(key);
        throw err;
      }
      const row = await keep(picture, {
        hash,
        source: 'upload',
        is_nsfw: pending.is_nsfw,
        createdBy: member.userId,
        applicationId: member.applicationId,
        prompt: pending.prompt,
        negativePrompt: null,
        seed: null,
        modelStyle: null,
        generator: null,
      });
      await deletePendingUpload(db, member.userId, hash);
      await store.delete(key);
      return toStoredImage(row);
    },
  );

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
};

/** The AppError of a picture refused by the pipeline; anything else is rethrown. */
function asAppError(err: unknown): AppError {
  if (err instanceof ImageInputError) return err.toAppError();
  throw err;
}

const asClientError = (err: unknown): never => {
  throw asAppError(err);
};

/** What the caller is told when the generator fails: 429 passed up (document 1 §8), 503 busy, 422 refused, 502. */
function generationFailure(err: unknown, request: FastifyRequest): unknown {
  if (!(err instanceof ImageGenerationError)) return err;
  request.log.warn({ err }, 'image generation failed');
  if (err.kind === 'rate_limited') return AppError.rateLimited((err.retryAfterSeconds ?? 10) * 1000);
  if (err.kind === 'busy') return imageError(IMAGE_ERROR_CODES.GENERATOR_BUSY);
  if (err.kind === 'refused') return imageContentRefusedByGenerator();
  return imageError(IMAGE_ERROR_CODES.GENERATOR_FAILED);
}

/** A generator's safety system declined the prompt: 6802, as for explicit content. */
function imageContentRefusedByGenerator(): AppError {
  return imageContentRefused('explicit', { field: 'prompt', rule: 'generator_declined' });
}

/** A signal that aborts when the caller goes away before the answer is sent. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
