import { IMAGE_ERROR_CODES, IMAGE_LIMITS, IMAGE_PRESETS, IMAGE_PRESET_NAMES, type ImagePreset, type UploadImageType } from '@fable/contracts';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { readPngChunks, writePng } from '../cards/pngChunks';
import { ImageInputError } from './imageErrors';
import { SHARP_FORMATS, sniffImageType } from './imageFormat';

/**
 * Every picture we store goes through here: the file is recognised by its first bytes (PNG, JPEG, GIF, WebP only),
 * its header read for the size (more than IMAGE_LIMITS.maxInputPixels is refused before decoding: no decompression
 * bombs), decoded to pixels (turned upright by its EXIF orientation, in sRGB; an animation's first frame) and encoded
 * again as WebP from those pixels alone. Nothing of the file but its pixels survives: no EXIF (GPS position, camera),
 * no ICC or XMP, no text chunks, no bytes after the image (polyglot files), no second frame.
 */

/** The decoded picture's longest side at most (shrunk on load): enough for every preset and the original. */
const DECODE_MAX_SIDE = 2048;
/** The stored original's longest side at most. */
export const ORIGINAL_MAX_SIDE = 1024;
const WEBP_QUALITY = 82;
/** Pixels across a blurred preset before it is scaled back up. */
const BLUR_GRID = 6;

const decodeOptions: SharpOptions = {
  limitInputPixels: IMAGE_LIMITS.maxInputPixels,
  // The strictest level: a truncated or damaged file is refused, not half decoded.
  failOn: 'warning',
  animated: false,
  pages: 1,
};

export interface DecodedPicture {
  type: UploadImageType;
  /** RGBA pixels, 8 bits per channel. */
  pixels: Buffer;
  width: number;
  height: number;
}

export interface ProcessedPicture {
  type: UploadImageType;
  /** The re-encoded original (WebP, longest side at most ORIGINAL_MAX_SIDE) and its size. */
  original: Buffer;
  width: number;
  height: number;
  presets: Record<ImagePreset, Buffer>;
  /** The presets blurred past recognition (document 1 §6: NSFW avatars for viewers who must not see them). */
  blurred: Record<ImagePreset, Buffer>;
  /**
   * A PNG file as it came, for card exports (never served): its image data byte for byte (every colour exact, the
   * size unchanged), only the chunks that make the picture kept (SOURCE_PNG_CHUNKS: no text, EXIF, ICC or time
   * chunks, nothing after IEND). Absent for other formats (their exports use `original`).
   */
  source?: Buffer;
}

/**
 * The chunks of a PNG that make its pixels: header, palette, transparency, gamma/chromaticity/sRGB, significant
 * bits, pixel size, image data, end. Metadata (tEXt, zTXt, iTXt, eXIf, tIME, iCCP, private chunks, an APNG's
 * frames) is left out.
 */
const SOURCE_PNG_CHUNKS = new Set(['IHDR', 'PLTE', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'sBIT', 'pHYs', 'IDAT', 'IEND']);

/** The PNG's pixels as they came (SOURCE_PNG_CHUNKS only), or undefined when the file is not a PNG that reads. */
export function sourcePng(bytes: Buffer): Buffer | undefined {
  try {
    return Buffer.from(writePng(readPngChunks(bytes).filter((chunk) => SOURCE_PNG_CHUNKS.has(chunk.name))));
  } catch {
    return undefined;
  }
}

/** sharp's refusal of a picture over limitInputPixels ("Input image exceeds pixel limit"). */
const isPixelLimit = (err: unknown) => /pixel limit/i.test((err as Error).message);

/** Decodes a picture file to pixels, or throws an ImageInputError saying why it cannot be. */
export async function decodePicture(bytes: Buffer): Promise<DecodedPicture> {
  if (bytes.length > IMAGE_LIMITS.uploadMaxBytes) throw new ImageInputError(IMAGE_ERROR_CODES.TOO_LARGE);
  const type = sniffImageType(bytes);
  if (!type) throw new ImageInputError(IMAGE_ERROR_CODES.NOT_AN_IMAGE);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, decodeOptions).metadata();
  } catch (err) {
    throw new ImageInputError(isPixelLimit(err) ? IMAGE_ERROR_CODES.TOO_MANY_PIXELS : IMAGE_ERROR_CODES.NOT_AN_IMAGE);
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (meta.format !== SHARP_FORMATS[type] || width < 1 || height < 1) throw new ImageInputError(IMAGE_ERROR_CODES.NOT_AN_IMAGE);
  if (width * height > IMAGE_LIMITS.maxInputPixels) throw new ImageInputError(IMAGE_ERROR_CODES.TOO_MANY_PIXELS);
  try {
    const { data, info } = await sharp(bytes, decodeOptions)
      .rotate()
      .resize(DECODE_MAX_SIDE, DECODE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { type, pixels: data, width: info.width, height: info.height };
  } catch (err) {
    throw new ImageInputError(isPixelLimit(err) ? IMAGE_ERROR_CODES.TOO_MANY_PIXELS : IMAGE_ERROR_CODES.NOT_AN_IMAGE);
  }
}

const fromPixels = (picture: Pick<DecodedPicture, 'pixels' | 'width' | 'height'>) =>
  sharp(picture.pixels, { raw: { width: picture.width, height: picture.height, channels: 4 } });

/** A preset: the picture cropped to the preset's shape around its most interesting part, then scaled. */
function preset(picture: DecodedPicture, name: ImagePreset): Promise<Buffer> {
  const { width, height } = IMAGE_PRESETS[name];
  return fromPixels(picture).resize(width, height, { fit: 'cover', position: sharp.strategy.attention }).webp({ quality: WEBP_QUALITY }).toBuffer();
}

/** A preset blurred: shrunk to a few pixels a side, scaled back and softened; nothing recognisable is left. */
async function blurredPreset(picture: DecodedPicture, name: ImagePreset): Promise<Buffer> {
  const { width, height } = IMAGE_PRESETS[name];
  // Six pixels across whatever the preset: colours and rough masses remain, shapes do not.
  const small = { width: BLUR_GRID, height: Math.round((BLUR_GRID * height) / width) };
  const pixels = await fromPixels(picture).resize(small.width, small.height, { fit: 'cover', position: sharp.strategy.attention }).raw().toBuffer();
  return sharp(pixels, { raw: { ...small, channels: 4 } })
    .resize(width, height, { kernel: 'cubic' })
    .blur(Math.max(2, width / 30))
    .webp({ quality: 60 })
    .toBuffer();
}

/** The stored files of a decoded picture: the original and every preset, plain and blurred (all WebP, no metadata). */
export async function encodePicture(picture: DecodedPicture): Promise<ProcessedPicture> {
  const { data: original, info } = await fromPixels(picture)
    .resize(ORIGINAL_MAX_SIDE, ORIGINAL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 90 })
    .toBuffer({ resolveWithObject: true });
  const presets = await Promise.all(IMAGE_PRESET_NAMES.map((name) => preset(picture, name)));
  const blurred = await Promise.all(IMAGE_PRESET_NAMES.map((name) => blurredPreset(picture, name)));
  const byName = (files: Buffer[]) => Object.fromEntries(IMAGE_PRESET_NAMES.map((name, i) => [name, files[i]!])) as Record<ImagePreset, Buffer>;
  return { type: picture.type, original, width: info.width, height: info.height, presets: byName(presets), blurred: byName(blurred) };
}

/** decodePicture then encodePicture; a PNG keeps its pixels as they came (`source`). */
export async function processPicture(bytes: Buffer): Promise<ProcessedPicture> {
  const decoded = await decodePicture(bytes);
  const picture = await encodePicture(decoded);
  const source = decoded.type === 'image/png' ? sourcePng(bytes) : undefined;
  return source ? { ...picture, source } : picture;
}

/** A guidance picture for a generator: decoded like an upload, sent on as a PNG of at most 1024 a side. */
export async function guidancePng(bytes: Buffer): Promise<Buffer> {
  const picture = await decodePicture(bytes);
  return fromPixels(picture).resize(1024, 1024, { fit: 'inside', withoutEnlargement: true }).removeAlpha().png().toBuffer();
}
