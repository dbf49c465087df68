import { randomInt } from 'node:crypto';
import { IMAGE_ERROR_CODES, IMAGE_LIMITS, V2_IMAGE_STYLES, imageCalls, type GenerateImageResult } from '@fable/contracts';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../http/appError';
import { ImageGenerationError, decodeBase64Picture } from '../../infra/imageGeneration/imageGenerator';
import { WEBP } from './imageFiles';
import { asClientError, imageContentRefused, imageError } from './imageErrors';
import { guidancePng, processPicture, type ProcessedPicture } from './imagePipeline';
import { toStoredImage } from './imageRepository';
import { creator, sha256Prefix, type ImageApp, type ImageRouteContext } from './imageRouteContext';
import { checkAvatarContent } from './promptChecks';

/** POST /generate-image: an avatar drawn by the style's generator, checked, stored and recorded. */

const generate = imageCalls.generateImage;
type GenerateImageBody = z.output<typeof generate.body>;

export function generateImageRoute(app: ImageApp, ctx: ImageRouteContext): void {
  app.post(
    generate.path,
    {
      schema: { body: generate.body, response: { 200: generate.response } },
      config: { access: generate.access },
      // A guidance picture travels as base64 in the JSON body.
      bodyLimit: Math.ceil((IMAGE_LIMITS.uploadMaxBytes * 4) / 3) + 64 * 1024,
    },
    async (request, reply) => generateImage(ctx, request, reply),
  );
}

/**
 * Draws the avatar: the style allowed (v2 styles need avatar_images_v2) and available, the call counted, the prompt
 * checked, the guidance picture read, the generator's picture processed, kept and answered.
 */
async function generateImage(ctx: ImageRouteContext, request: FastifyRequest<{ Body: GenerateImageBody }>, reply: FastifyReply): Promise<GenerateImageResult> {
  const member = creator(request);
  const body = request.body;
  if (V2_IMAGE_STYLES.includes(body.model_style) && !member.user.permissions.includes('avatar_images_v2')) {
    throw imageError(IMAGE_ERROR_CODES.STYLE_NOT_ALLOWED);
  }
  const generator = ctx.generators.forStyle(body.model_style);
  if (!generator) throw imageError(IMAGE_ERROR_CODES.STYLE_UNAVAILABLE);
  await ctx.deps.rateLimit.imageGeneration(request, member.userId);
  const { nsfw } = await checkAvatarContent(ctx.classifier, { prompt: body.prompt, markedNsfw: false }, await ctx.nsfwAllowed(member.applicationId));

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
    throw generationFailure(err, request.log);
  }
  let picture: ProcessedPicture;
  try {
    picture = await processPicture(drawn.bytes);
  } catch (err) {
    request.log.error({ err, generator: generator.name }, 'the image generator answered a picture we cannot read');
    throw imageError(IMAGE_ERROR_CODES.GENERATOR_FAILED);
  }
  const row = await ctx.keep(picture, {
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
}

/** What the caller is told when the generator fails: 429 passed up (document 1 §8), 503 busy, 422 refused, 502. */
export function generationFailure(err: unknown, log: FastifyBaseLogger): unknown {
  if (!(err instanceof ImageGenerationError)) return err;
  log.warn({ err }, 'image generation failed');
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
export function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
