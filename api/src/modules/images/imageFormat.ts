import type { UploadImageType } from '@fable/contracts';

/**
 * The type of a picture file from its first bytes (PNG, JPEG, GIF, WebP), or null for anything else: what sharp is
 * allowed to decode. SVG, PDF, TIFF, HEIF and the rest never reach it (librsvg and friends are not ours to expose).
 */
export function sniffImageType(bytes: Buffer): UploadImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

/** sharp's name of each format we accept. */
export const SHARP_FORMATS: Record<UploadImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
