import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** Test pictures and their upload hash (document 1 §5: the first 32 hex of SHA-256). */
export const uploadHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

/** A PNG of `width` × `height` in two colours, different for each `variant`. */
export async function testPicture(width = 120, height = 90, variant = 0, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const on = (Math.floor(x / 10) + Math.floor(y / 10) + variant) % 2 === 0;
      pixels.set(on ? [200, (variant * 37) % 256, 40] : [30, 60, 220], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}
