import { IMAGE_ERROR_CODES, IMAGE_LIMITS, ImageHashSchema, UploadImageTypeSchema, imageCalls, type SaveImageResult, type StoredImage } from '@fable/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MemberCaller } from '../../http/access';
import { imageFileKey, uploadKey } from './imageFiles';
import { asClientError, imageError } from './imageErrors';
import { sniffImageType } from './imageFormat';
import { processPicture, type ProcessedPicture } from './imagePipeline';
import { deletePendingUpload, findImage, findPendingUpload, markImageNsfw, recordPendingUpload, toStoredImage } from './imageRepository';
import { creator, sha256Prefix, type ImageApp, type ImageRouteContext } from './imageRouteContext';
import { checkAvatarContent } from './promptChecks';
import { UPLOAD_ROUTE, signedUploadUrl, uploadSignatureMatches, type UploadGrant } from './uploadSignature';

/**
 * Avatar uploads, in three calls: POST /save-image announces the file (and answers at once for a picture already
 * stored), the browser PUTs it to the signed URL (or to the store directly), POST /images/:hash/complete checks and
 * keeps it.
 */

/** How long after its URL expires an announced upload may still be completed. */
const COMPLETION_GRACE_SECONDS = 600;

const UploadParamsSchema = z.object({ userId: z.uuid(), hash: ImageHashSchema });
const UploadQuerySchema = z.object({
  type: UploadImageTypeSchema,
  size: z.coerce.number().int().min(1).max(IMAGE_LIMITS.uploadMaxBytes),
  expires: z.coerce.number().int().min(0),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

const save = imageCalls.saveImage;
const complete = imageCalls.completeImage;

export function imageUploadRoutes(app: ImageApp, ctx: ImageRouteContext): void {
  app.post(save.path, { schema: { body: save.body, response: { 200: save.response } }, config: { access: save.access } }, async (request) => {
    const member = creator(request);
    await ctx.deps.rateLimit.imageUpload(request, member.userId);
    return saveImage(ctx, member, request.body);
  });

  const grants = new WeakMap<FastifyRequest, UploadGrant>();
  app.put(
    UPLOAD_ROUTE,
    {
      // No schema: the signature is checked before the body is read, the rest by the handler.
      config: { access: 'public' },
      bodyLimit: IMAGE_LIMITS.uploadMaxBytes,
      preParsing: async (request, _reply, payload) => {
        const grant = grantOf(ctx, request);
        const declared = request.headers['content-length'];
        if (declared !== undefined && Number(declared) !== grant.size) throw imageError(IMAGE_ERROR_CODES.SIZE_MISMATCH);
        grants.set(request, grant);
        return payload;
      },
    },
    async (request) => receiveUpload(ctx, request, grants.get(request) ?? grantOf(ctx, request)),
  );

  app.post(complete.path, { schema: { params: complete.params, response: { 200: complete.response } }, config: { access: complete.access } }, async (request) =>
    completeUpload(ctx, creator(request), request.params.hash),
  );
}

/**
 * Announces an upload: the content checked; a picture already stored answered at once (marked NSFW when this call
 * says so); else the pending upload recorded and its URL signed (or the store's own), a few abandoned ones purged.
 */
async function saveImage(ctx: ImageRouteContext, member: MemberCaller, body: z.output<typeof save.body>): Promise<SaveImageResult> {
  const { db, clock } = ctx.deps;
  const { store, signingKey } = ctx;
  const { nsfw } = await checkAvatarContent(ctx.classifier, { prompt: body.prompt ?? null, markedNsfw: body.is_nsfw === true }, await ctx.nsfwAllowed(member.applicationId));
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
  await ctx.purgeExpiredUploads();
  return { signed_url: target.url, key, headers: target.headers, expires_at: new Date(expires * 1000).toISOString(), image: null };
}

/** The grant of an upload URL, checked before the body is read: 403 for a wrong or expired signature. */
function grantOf(ctx: ImageRouteContext, request: FastifyRequest): UploadGrant {
  const { signingKey } = ctx;
  const params = UploadParamsSchema.safeParse(request.params);
  const query = UploadQuerySchema.safeParse(request.query);
  if (!params.success || !query.success || !signingKey) throw imageError(IMAGE_ERROR_CODES.SIGNATURE_INVALID);
  const grant: UploadGrant = { ...params.data, contentType: query.data.type, size: query.data.size, expires: query.data.expires };
  if (!uploadSignatureMatches(signingKey, grant, query.data.signature)) throw imageError(IMAGE_ERROR_CODES.SIGNATURE_INVALID);
  if (ctx.deps.clock.now().getTime() > grant.expires * 1000) throw imageError(IMAGE_ERROR_CODES.SIGNATURE_EXPIRED);
  return grant;
}

/** The PUT to a signed URL: the bytes as granted (type, size, hash, what they are), stored as the pending upload. */
async function receiveUpload(ctx: ImageRouteContext, request: FastifyRequest, grant: UploadGrant): Promise<{ ok: true; hash: string }> {
  const contentType = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!Buffer.isBuffer(request.body) || contentType !== grant.contentType) throw imageError(IMAGE_ERROR_CODES.TYPE_MISMATCH);
  const bytes = request.body;
  if (bytes.length !== grant.size) throw imageError(IMAGE_ERROR_CODES.SIZE_MISMATCH);
  if (sha256Prefix(bytes) !== grant.hash) throw imageError(IMAGE_ERROR_CODES.HASH_MISMATCH);
  if (sniffImageType(bytes) !== grant.contentType) throw imageError(IMAGE_ERROR_CODES.TYPE_MISMATCH);
  await ctx.store.put(uploadKey(grant.userId, grant.hash), bytes, grant.contentType);
  return { ok: true, hash: grant.hash };
}

/** Completes an upload: its bytes checked again and processed, the picture kept, the pending upload removed. */
async function completeUpload(ctx: ImageRouteContext, member: MemberCaller, hash: string): Promise<StoredImage> {
  const { db, clock } = ctx.deps;
  const { store } = ctx;
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
  const row = await ctx.keep(picture, {
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
}
