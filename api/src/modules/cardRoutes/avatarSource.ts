import { IMAGE_LIMITS, isOwnAvatarUrl, parseImageUrl, type ImagePreset } from '@fable/contracts';
import sharp, { type SharpOptions } from 'sharp';
import type { ObjectStore } from '../../infra/storage/objectStore';
import { renderAvatarSvg } from '../avatars/avatarSvg';
import type { CardAvatar } from '../cards';
import { imageFileKey, SOURCE_FILE } from '../images/imageFiles';

/**
 * Where an export gets the chatbot's avatar, as a PNG (what a PNG card is, and the CHARX main icon every peer reads).
 * Only avatars of ours are read, never a URL on the web:
 * - a stored picture (`/api/images/{hash}/{preset}.webp`, modules/images): the PNG as it was uploaded (`source.png`:
 *   the file's image data byte for byte, its metadata left out), so that a card's avatar goes back with its own size
 *   and colours; a picture uploaded in another format (or before sources were kept): its original (WebP, longest
 *   side at most 1024) converted to PNG with sharp; `blurred`: its largest blurred preset instead;
 * - a generated avatar (`/api/avatars/{seed}.svg`): the SVG of the seed, drawn by our own code, rasterised with sharp.
 * Anything else, or a stored picture whose files are gone: null (the PNG export then uses the cards module's
 * placeholder and the CHARX has no main icon).
 */
export type AvatarLoader = (avatarUrl: string, options: { blurred: boolean }) => Promise<CardAvatar | null>;

/** The blurred file an export takes for viewers who must not see an NSFW avatar (document 1 §6): the largest preset. */
const BLURRED_PRESET: ImagePreset = '500x600';
/** Pixels across a rasterised generated avatar (the SVG is 256 units wide; the chatbot avatar preset is 400). */
const GENERATED_SIDE = 400;
const SVG_UNITS = 256;

const GENERATED_URL = /^\/api\/avatars\/([a-z0-9-]+)\.svg$/;

async function toPng(input: Buffer, options: SharpOptions = {}): Promise<CardAvatar | null> {
  try {
    const bytes = await sharp(input, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'warning', ...options }).png().toBuffer();
    return { bytes: new Uint8Array(bytes), mimeType: 'image/png' };
  } catch {
    // A damaged file of ours: the export goes on without it.
    return null;
  }
}

/** The loader over the image store the images module writes to. */
export function storedAvatarLoader(store: ObjectStore): AvatarLoader {
  return async (avatarUrl, { blurred }) => {
    if (!isOwnAvatarUrl(avatarUrl)) return null;
    const picture = parseImageUrl(avatarUrl);
    if (picture) {
      const source = blurred ? null : await store.get(imageFileKey(picture.hash, SOURCE_FILE));
      if (source) return { bytes: new Uint8Array(source.bytes), mimeType: 'image/png' };
      const found = await store.get(imageFileKey(picture.hash, blurred ? `${BLURRED_PRESET}.blurred.webp` : 'original.webp'));
      return found ? toPng(found.bytes) : null;
    }
    const seed = GENERATED_URL.exec(avatarUrl)?.[1];
    if (!seed) return null;
    return toPng(Buffer.from(renderAvatarSvg(seed), 'utf8'), { density: (72 * GENERATED_SIDE) / SVG_UNITS });
  };
}
