import { z } from 'zod';
import { TimestampSchema } from '../entities/common';
import { GeneratedAvatarImageSchema, GenerateImageRequestSchema, IMAGE_GUIDANCE_STYLES, ImageStyleSchema } from '../entities/image';
import { CHARACTER_LIMITS, CHARACTER_MESSAGES } from '../limits/characterLimits';
import { defineCall } from './apiCall';

/**
 * Chatbot avatars: generation, upload and the stored pictures (document 1 §3 "Generated avatar image", §5 "Avatar
 * prompt required to generate; negative prompt max 300; image guidance only for anime and semi-realistic styles.
 * Uploaded image hash is the first 32 hex characters of SHA-256", §7 "POST generate-image", "POST save-image … then PUT
 * content to signed url", §9 "avatar presets 48x48, 256x256, 400x400, 500x600").
 *
 * Upload, in three steps:
 * 1. POST /save-image {hash, image_type, fileSize, prompt?, is_nsfw?} answers {signed_url, key, headers, expires_at}
 *    (or, when the picture is stored already, `image` and no upload is needed);
 * 2. PUT the file's bytes to signed_url with `headers` (a path starting with /api is on the API's origin; otherwise
 *    it is the object store's own URL);
 * 3. POST /images/:hash/complete: the API decodes the upload, re-encodes it (no metadata, no trailing bytes) into
 *    the presets and answers the stored image, whose avatar_url a chatbot may use.
 * Generation: POST /generate-image answers the picture (base64, type, seed) and the stored image at once.
 * Stored pictures: GET /api/images/{hash}/{preset}.webp (and {preset}.blurred.webp), public, cached for a year.
 */

/** The first 32 hex characters (lower case) of the SHA-256 of the uploaded file's bytes (document 1 §5). */
export const IMAGE_HASH_PATTERN = /^[0-9a-f]{32}$/;
export const ImageHashSchema = z.string().regex(IMAGE_HASH_PATTERN, 'must be the first 32 hex characters (lower case) of the SHA-256 of the file');

/** The avatar presets (document 1 §9), width × height; every stored picture exists in each. */
export const IMAGE_PRESETS = {
  '48x48': { width: 48, height: 48 },
  '256x256': { width: 256, height: 256 },
  '400x400': { width: 400, height: 400 },
  '500x600': { width: 500, height: 600 },
} as const;
export type ImagePreset = keyof typeof IMAGE_PRESETS;
export const IMAGE_PRESET_NAMES = Object.keys(IMAGE_PRESETS) as ImagePreset[];
export const ImagePresetSchema = z.enum(IMAGE_PRESET_NAMES as [ImagePreset, ...ImagePreset[]]);
/** The preset a chatbot's avatar_url names (cards and profiles derive the others with imagePresetUrl). */
export const AVATAR_IMAGE_PRESET: ImagePreset = '400x400';

/** What may be uploaded (ours): the file's type as sent, at most 10 MB. Every upload is re-encoded to WebP. */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const UploadImageTypeSchema = z.enum(UPLOAD_IMAGE_TYPES, { error: 'must be image/png, image/jpeg, image/webp or image/gif' });
export type UploadImageType = z.infer<typeof UploadImageTypeSchema>;

export const IMAGE_LIMITS = {
  /** Bytes of an uploaded file. */
  uploadMaxBytes: 10 * 1024 * 1024,
  /** Pixels of an uploaded or guidance picture (width × height): larger ones are refused before they are decoded. */
  maxInputPixels: 25_000_000,
  /** Characters of an avatar prompt (ours). */
  promptMax: 1000,
  /** Seeds are unsigned 32-bit numbers (Stable Diffusion's range). */
  seedMax: 4_294_967_295,
  /** Seconds a signed upload URL stays valid. */
  uploadUrlSeconds: 600,
} as const;

/** The texts of the image calls' refusals (ours: the spec shows none but the content codes 6801 and 6802). */
export const IMAGE_MESSAGES = {
  tooLarge: 'The image is larger than 10 MB.',
  notAnImage: 'The file is not an image we can read (PNG, JPEG, WebP or GIF).',
  tooManyPixels: 'The image has too many pixels (at most 25 megapixels).',
  typeMismatch: 'The file is not of the type it was announced as.',
  hashMismatch: 'The uploaded file does not match its hash.',
  sizeMismatch: 'The uploaded file is not of the size that was announced.',
  uploadMissing: 'Nothing was uploaded for this image: send the file to the signed URL first.',
  uploadUnknown: 'No upload was requested for this image: ask for a signed URL with save-image first.',
  signatureInvalid: 'This upload URL is not valid.',
  signatureExpired: 'This upload URL has expired: ask for a new one.',
  notFound: 'Image not found',
  styleNotAllowed: 'This image style needs Avatar Images V2.',
  guidanceNotAllowed: 'Image guidance is available only for the anime and semi-realistic styles.',
  promptRequired: 'An avatar prompt is required to generate.',
  generatorFailed: 'The image generator failed. Please try again.',
  generatorBusy: 'The image generator is busy. Please try again in a moment.',
  styleUnavailable: 'This image style is not available.',
  uploadsUnavailable: 'Uploading images is not available right now.',
} as const;

/** Error codes of the image calls (the content codes are the catalogue's 6801 underage and 6802 explicit). */
export const IMAGE_ERROR_CODES = {
  TOO_LARGE: 'image_too_large',
  NOT_AN_IMAGE: 'not_an_image',
  TOO_MANY_PIXELS: 'image_too_many_pixels',
  TYPE_MISMATCH: 'image_type_mismatch',
  HASH_MISMATCH: 'image_hash_mismatch',
  SIZE_MISMATCH: 'image_size_mismatch',
  UPLOAD_MISSING: 'image_upload_missing',
  UPLOAD_UNKNOWN: 'image_upload_unknown',
  SIGNATURE_INVALID: 'upload_signature_invalid',
  SIGNATURE_EXPIRED: 'upload_signature_expired',
  NOT_FOUND: 'image_not_found',
  STYLE_NOT_ALLOWED: 'image_style_not_allowed',
  GENERATOR_FAILED: 'image_generator_failed',
  GENERATOR_BUSY: 'image_generator_busy',
  STYLE_UNAVAILABLE: 'image_style_unavailable',
  UPLOADS_UNAVAILABLE: 'image_uploads_unavailable',
} as const;

/** The status each image error answers with. */
export const IMAGE_ERRORS = {
  [IMAGE_ERROR_CODES.TOO_LARGE]: { status: 413, message: IMAGE_MESSAGES.tooLarge },
  [IMAGE_ERROR_CODES.NOT_AN_IMAGE]: { status: 415, message: IMAGE_MESSAGES.notAnImage },
  [IMAGE_ERROR_CODES.TOO_MANY_PIXELS]: { status: 413, message: IMAGE_MESSAGES.tooManyPixels },
  [IMAGE_ERROR_CODES.TYPE_MISMATCH]: { status: 415, message: IMAGE_MESSAGES.typeMismatch },
  [IMAGE_ERROR_CODES.HASH_MISMATCH]: { status: 400, message: IMAGE_MESSAGES.hashMismatch },
  [IMAGE_ERROR_CODES.SIZE_MISMATCH]: { status: 400, message: IMAGE_MESSAGES.sizeMismatch },
  [IMAGE_ERROR_CODES.UPLOAD_MISSING]: { status: 409, message: IMAGE_MESSAGES.uploadMissing },
  [IMAGE_ERROR_CODES.UPLOAD_UNKNOWN]: { status: 404, message: IMAGE_MESSAGES.uploadUnknown },
  [IMAGE_ERROR_CODES.SIGNATURE_INVALID]: { status: 403, message: IMAGE_MESSAGES.signatureInvalid },
  [IMAGE_ERROR_CODES.SIGNATURE_EXPIRED]: { status: 403, message: IMAGE_MESSAGES.signatureExpired },
  [IMAGE_ERROR_CODES.NOT_FOUND]: { status: 404, message: IMAGE_MESSAGES.notFound },
  [IMAGE_ERROR_CODES.STYLE_NOT_ALLOWED]: { status: 403, message: IMAGE_MESSAGES.styleNotAllowed },
  [IMAGE_ERROR_CODES.GENERATOR_FAILED]: { status: 502, message: IMAGE_MESSAGES.generatorFailed },
  [IMAGE_ERROR_CODES.GENERATOR_BUSY]: { status: 503, message: IMAGE_MESSAGES.generatorBusy },
  [IMAGE_ERROR_CODES.STYLE_UNAVAILABLE]: { status: 400, message: IMAGE_MESSAGES.styleUnavailable },
  [IMAGE_ERROR_CODES.UPLOADS_UNAVAILABLE]: { status: 503, message: IMAGE_MESSAGES.uploadsUnavailable },
} as const satisfies Record<string, { status: number; message: string }>;

/** The URL path of a stored picture in a preset (blurred: the variant shown to viewers who must not see it, §6). */
export function imageUrl(hash: string, preset: ImagePreset, options: { blurred?: boolean } = {}): string {
  return `/api/images/${hash}/${preset}${options.blurred ? '.blurred' : ''}.webp`;
}

const IMAGE_URL = /^\/api\/images\/([0-9a-f]{32})\/([0-9x]+)(\.blurred)?\.webp$/;

/** The hash, preset and blur of one of our stored pictures' URLs, or null for any other URL. */
export function parseImageUrl(url: string): { hash: string; preset: ImagePreset; blurred: boolean } | null {
  const m = IMAGE_URL.exec(url);
  if (!m || !(m[2]! in IMAGE_PRESETS)) return null;
  return { hash: m[1]!, preset: m[2] as ImagePreset, blurred: m[3] !== undefined };
}

/**
 * An avatar_url in another preset, or blurred: our stored pictures change their preset; other avatars (the generated
 * SVGs, which scale) are returned as they are.
 */
export function imagePresetUrl(avatarUrl: string, preset: ImagePreset, options: { blurred?: boolean } = {}): string {
  const parsed = parseImageUrl(avatarUrl);
  return parsed ? imageUrl(parsed.hash, preset, options) : avatarUrl;
}

/** Where a stored picture came from. */
export const IMAGE_SOURCES = ['upload', 'generated'] as const;

/** A stored picture: its presets' URLs, blurred variants, and whether it is adult content (avatar_is_nsfw). */
export const StoredImageSchema = z.object({
  hash: ImageHashSchema,
  /** The URL a chatbot's avatar_url takes (the 400x400 preset). */
  avatar_url: z.string(),
  urls: z.record(ImagePresetSchema, z.string()),
  blurred_urls: z.record(ImagePresetSchema, z.string()),
  /** Marked adult content (by its uploader, or by its prompt): the form sets avatar_is_nsfw, viewers see it blurred (§6). */
  is_nsfw: z.boolean(),
  source: z.enum(IMAGE_SOURCES),
  /** The re-encoded original's size in pixels. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type StoredImage = z.infer<typeof StoredImageSchema>;

const PromptSchema = z.string().max(IMAGE_LIMITS.promptMax);

/** POST save-image (document 1 §7: "prompt, image_type, hash, fileSize"); is_nsfw is ours (the uploader's mark). */
export const SaveImageBodySchema = z.object({
  hash: ImageHashSchema,
  image_type: UploadImageTypeSchema,
  fileSize: z
    .number()
    .int()
    .min(1)
    .max(IMAGE_LIMITS.uploadMaxBytes, { error: IMAGE_MESSAGES.tooLarge }),
  /** The prompt a generated picture was made from, when the form saves one. */
  prompt: PromptSchema.optional(),
  is_nsfw: z.boolean().optional(),
});
export type SaveImageBody = z.input<typeof SaveImageBodySchema>;

/**
 * "returns signed_url and key" (document 1 §7), and what to send with the PUT. `image` is set when the picture is
 * stored already: nothing needs uploading, and signed_url is null.
 */
export const SaveImageResultSchema = z.object({
  signed_url: z.string().nullable(),
  key: z.string(),
  /** Headers the PUT must carry (Content-Type: the image_type announced). */
  headers: z.record(z.string(), z.string()),
  expires_at: TimestampSchema,
  image: StoredImageSchema.nullable(),
});
export type SaveImageResult = z.infer<typeof SaveImageResultSchema>;

export const ImageHashParamsSchema = z.object({ hash: ImageHashSchema });

/** POST generate-image (document 1 §7): the prompt is required, the negative prompt at most 300 (§5). */
export const GenerateImageBodySchema = GenerateImageRequestSchema.extend({
  prompt: z
    .string({ error: IMAGE_MESSAGES.promptRequired })
    .trim()
    .min(1, { error: IMAGE_MESSAGES.promptRequired })
    .max(IMAGE_LIMITS.promptMax),
  negative_prompt: z.string().max(CHARACTER_LIMITS.negativePromptMax, { error: CHARACTER_MESSAGES.negativePromptTooLong }).optional(),
  seed: z.number().int().min(0).max(IMAGE_LIMITS.seedMax).optional(),
  /** A guidance picture, base64 (a data: URL prefix is allowed), only for IMAGE_GUIDANCE_STYLES. */
  image: z.string().max(Math.ceil((IMAGE_LIMITS.uploadMaxBytes * 4) / 3) + 100, { error: IMAGE_MESSAGES.tooLarge }).optional(),
}).refine((body) => body.image === undefined || IMAGE_GUIDANCE_STYLES.includes(body.model_style), {
  error: IMAGE_MESSAGES.guidanceNotAllowed,
  path: ['image'],
});
export type GenerateImageBody = z.input<typeof GenerateImageBodySchema>;

/** "returns base64, type, seed" (document 1 §7) with the rest of §3's generated avatar image, and the stored picture. */
export const GenerateImageResultSchema = GeneratedAvatarImageSchema.extend({
  model_style: ImageStyleSchema,
  image: StoredImageSchema,
  /** Which generator drew it; demo: the built-in demo generator (no image model configured). */
  generator: z.object({ name: z.string(), demo: z.boolean() }),
  /** Whether the guidance picture was used (a generator that cannot take one draws from the prompt alone). */
  guidance_applied: z.boolean(),
});
export type GenerateImageResult = z.infer<typeof GenerateImageResultSchema>;

export const imageCalls = {
  /** Generate an avatar: members with create_character; v2 styles need avatar_images_v2. 429 is passed up (§8). */
  generateImage: defineCall({
    method: 'POST',
    path: '/generate-image',
    access: 'member',
    body: GenerateImageBodySchema,
    response: GenerateImageResultSchema,
  }),
  /** Ask for a signed upload URL: members with create_character. */
  saveImage: defineCall({
    method: 'POST',
    path: '/save-image',
    access: 'member',
    body: SaveImageBodySchema,
    response: SaveImageResultSchema,
  }),
  /** After the PUT: decode, re-encode and store the presets; answers the stored picture (again, when called twice). */
  completeImage: defineCall({
    method: 'POST',
    path: '/images/:hash/complete',
    access: 'member',
    params: ImageHashParamsSchema,
    response: StoredImageSchema,
  }),
} as const;
