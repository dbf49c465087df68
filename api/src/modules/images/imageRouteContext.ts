import { createHash } from 'node:crypto';
import { CHARACTER_ERRORS, CHARACTER_ERROR_CODES } from '@fable/contracts';
import type { FastifyRequest } from 'fastify';
import { IN_MEMORY } from '../../config';
import { memberOf, type MemberCaller } from '../../http/access';
import type { ApiDeps, ApiPlugin } from '../../http/apiPlugin';
import { AppError } from '../../http/appError';
import { createImageGenerators, type ImageGenerators } from '../../infra/imageGeneration/imageGenerators';
import type { ObjectStore } from '../../infra/storage/objectStore';
import { openImageStore } from '../../infra/storage/openObjectStore';
import type { ContentClassifier } from '../moderation/contentClassifier';
import { openContentClassifier } from '../moderation/moderationConfig';
import { findAppSettings } from '../settings/appSettingsRepository';
import { storePictureFiles, uploadKey } from './imageFiles';
import type { ProcessedPicture } from './imagePipeline';
import { deletePendingUpload, expiredUploads, recordImage, type ImageRow, type NewImage } from './imageRepository';
import { loadUploadKey } from './uploadKey';

/**
 * What the image routes share (imageRoutes.ts, imageGenerationRoute.ts, imageUploadRoutes.ts): the store, the
 * generators, the classifier and the upload signing key, opened once; who may make avatars; storing a picture.
 */
export interface ImageDeps extends ApiDeps {
  /** The object store; by default the one the config names (S3_*, IMAGE_STORAGE_DIR, `<DATA_DIR>/images`). */
  imageStore?: ObjectStore;
  /** The generators; by default the configured ones (IMAGE_GENERATORS_FILE) or the demo generator. */
  imageGenerators?: ImageGenerators;
  /** The content checks' classifier; by default the chatbot checks' (MODERATION_* or the embedded rules). */
  classifier?: ContentClassifier;
}

/** The Fastify instance the image routes are registered on (zod-typed schemas). */
export type ImageApp = Parameters<ApiPlugin<ImageDeps>>[0];

/** Abandoned uploads removed per save-image call. */
const PURGE_BATCH = 5;

/** What making a picture takes: the store, the generators, the classifier, the NSFW policy, keeping a picture. */
export interface ImageMaking {
  deps: ImageDeps;
  store: ObjectStore;
  generators: ImageGenerators;
  classifier: ContentClassifier;
  /** Whether the application's avatars may be NSFW (not a partner's). */
  nsfwAllowed(applicationId: string): Promise<boolean>;
  /** Stores a processed picture's files and records it. */
  keep(picture: ProcessedPicture, image: Omit<NewImage, 'width' | 'height'>): Promise<ImageRow>;
}

export interface ImageRouteContext extends ImageMaking {
  /** The key of the API's own upload URLs; null where the browser uploads to the store directly, or when unset. */
  signingKey: Uint8Array | null;
  /** Removes a few uploads whose time is over (their bytes, then their rows). */
  purgeExpiredUploads(): Promise<void>;
}

/**
 * Opens what making pictures takes (the store is closed with the app when it was opened here): the avatar routes'
 * and the conversation images' (modules/conversationImages), on the app's one store.
 */
export function openImageMaking(app: ImageApp, deps: ImageDeps): ImageMaking {
  const { db, config } = deps;
  const store = deps.imageStore ?? openImageStore(config.imageStorage, config.dataDir, IN_MEMORY);
  if (!deps.imageStore) app.addHook('onClose', async () => store.close());
  const generators = deps.imageGenerators ?? createImageGenerators(config.imageGenerators);
  const classifier =
    deps.classifier ?? openContentClassifier(config.moderationEndpoint, (err) => app.log.warn({ err }, 'moderation endpoint failed; the embedded rules answered'));
  return {
    deps,
    store,
    generators,
    classifier,
    nsfwAllowed: async (applicationId) => (await findAppSettings(db, applicationId))?.kind !== 'partner',
    keep: async (picture, image) => {
      await storePictureFiles(store, image.hash, picture);
      return recordImage(db, { ...image, width: picture.width, height: picture.height });
    },
  };
}

/** Opens what the avatar routes share: making pictures, and the upload signing key. */
export async function openImageRouteContext(app: ImageApp, deps: ImageDeps): Promise<ImageRouteContext> {
  const { db, clock, config } = deps;
  const making = openImageMaking(app, deps);
  const { store } = making;
  // The API signs its own upload URLs only where the browser cannot upload to the store directly.
  const signingKey = store.directUpload ? null : await loadUploadKey(db, config);
  if (!store.directUpload && !signingKey) app.log.error('IMAGE_UPLOAD_SECRET is not set: avatar uploads are unavailable (generation works)');
  return {
    ...making,
    signingKey,
    purgeExpiredUploads: async () => {
      for (const upload of await expiredUploads(db, clock.now(), PURGE_BATCH)) {
        await store.delete(uploadKey(upload.user_id, upload.hash));
        await deletePendingUpload(db, upload.user_id, upload.hash);
      }
    },
  };
}

export const sha256Prefix = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

const restricted = () => {
  const entry = CHARACTER_ERRORS[CHARACTER_ERROR_CODES.RESTRICTED];
  return new AppError(entry.status, CHARACTER_ERROR_CODES.RESTRICTED, entry.message, { permission: 'create_character' });
};

/** Uploading and generating avatars is making chatbots: members who may create them (not restriction_limited, §6). */
export function creator(request: FastifyRequest): MemberCaller {
  const member = memberOf(request);
  if (!member.user.permissions.includes('create_character')) throw restricted();
  return member;
}
