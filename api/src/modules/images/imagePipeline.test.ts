import { crc32 } from 'node:zlib';
import { IMAGE_ERROR_CODES, IMAGE_PRESETS, IMAGE_PRESET_NAMES } from '@fable/contracts';
import sharp from 'sharp';
import { ImageInputError } from './imageErrors';
import { decodePicture, guidancePng, processPicture } from './imagePipeline';

/** A PNG chunk (length, type, data, CRC). */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG with a tEXt chunk inserted after IHDR. */
function withTextChunk(png: Buffer, keyword: string, text: string): Buffer {
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1')), png.subarray(ihdrEnd)]);
}

/** A checkerboard of squares in two colours: sharp detail that a blur must remove. */
async function checkerboard(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png', square = 8): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const on = (Math.floor(x / square) + Math.floor(y / square)) % 2 === 0;
      pixels.set(on ? [250, 30, 30] : [20, 20, 240], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ImageInputError) return err.code;
    throw err;
  }
  return 'accepted';
};

/** The largest difference between horizontally neighbouring pixels: about 230 at the checkerboard's edges, small once blurred. */
async function sharpestEdge(file: Buffer): Promise<number> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let max = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 1; x < info.width; x++) {
      for (let c = 0; c < 3; c++) max = Math.max(max, Math.abs(data[(y * info.width + x) * 3 + c]! - data[(y * info.width + x - 1) * 3 + c]!));
    }
  }
  return max;
}

describe('the image pipeline', () => {
  it('re-encodes PNG, JPEG, WebP and GIF into WebP presets of the spec sizes, plain and blurred', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'gif'] as const) {
      const processed = await processPicture(await checkerboard(640, 480, format, 80));
      expect(processed.type).toBe(format === 'jpeg' ? 'image/jpeg' : `image/${format}`);
      expect(await sharp(processed.original).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
      expect([processed.width, processed.height]).toEqual([640, 480]);
      for (const name of IMAGE_PRESET_NAMES) {
        const plain = await sharp(processed.presets[name]).metadata();
        expect(plain).toMatchObject({ format: 'webp', ...IMAGE_PRESETS[name] });
        expect(await sharp(processed.blurred[name]).metadata()).toMatchObject({ format: 'webp', ...IMAGE_PRESETS[name] });
        if (format !== 'png') continue;
        // The checkerboard's edges (a step of about 230 between squares) are gone from the blurred variant: what is
        // left are gentle slopes between six or so patches of colour across.
        expect(await sharpestEdge(processed.presets[name])).toBeGreaterThan(80);
        expect(await sharpestEdge(processed.blurred[name])).toBeLessThan(60);
      }
    }
  }, 30_000);

  it('is deterministic: the same file gives the same files', async () => {
    const file = await checkerboard(300, 300);
    const [a, b] = [await processPicture(file), await processPicture(file)];
    expect(a.original.equals(b.original)).toBe(true);
    for (const name of IMAGE_PRESET_NAMES) expect(a.presets[name].equals(b.presets[name])).toBe(true);
  });

  it('keeps no metadata: no EXIF (GPS position, camera), turned upright by its orientation first', async () => {
    const jpeg = await sharp(await checkerboard(80, 40, 'png'))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'me' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif?.toString('latin1')).toContain('SpyCam');
    expect(before.orientation).toBe(6);
    const processed = await processPicture(jpeg);
    // Orientation 6 is a quarter turn: 80×40 stored upright as 40×80.
    expect([processed.width, processed.height]).toEqual([40, 80]);
    for (const file of [processed.original, ...Object.values(processed.presets), ...Object.values(processed.blurred)]) {
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(file.toString('latin1')).not.toMatch(/SpyCam|GPS|Exif/);
    }
  });

  it('leaves nothing of a polyglot file but its pixels (text chunks, bytes after the image)', async () => {
    const png = withTextChunk(await checkerboard(64, 64), 'Comment', '<script>alert(1)</script>');
    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(2)</script></html>PK\x03\x04')]);
    expect((await sharp(polyglot).metadata()).format).toBe('png');
    const processed = await processPicture(polyglot);
    for (const file of [processed.original, ...Object.values(processed.presets)]) {
      expect(file.toString('latin1')).not.toMatch(/script|html|Comment/);
      expect(file.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
      expect(file.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(file.subarray(8, 12).toString('latin1')).toBe('WEBP');
      // RIFF's own length covers the whole file: nothing trails it.
      expect(file.readUInt32LE(4) + 8).toBe(file.length);
    }
  });

  it('keeps a PNG as it came for card exports (its image data byte for byte), without its metadata; other formats not', async () => {
    const png = withTextChunk(await checkerboard(3, 2), 'Comment', '<script>alert(1)</script>');
    const processed = await processPicture(Buffer.concat([png, Buffer.from('<html>PK\x03\x04')]));
    const idat = (file: Buffer) => file.subarray(file.indexOf('IDAT') - 4);
    expect(processed.source).toBeDefined();
    expect(processed.source!.toString('latin1')).not.toMatch(/script|html|Comment|PK/);
    expect(idat(processed.source!).equals(idat(png).subarray(0, idat(processed.source!).length))).toBe(true);
    const { data } = await sharp(processed.source!).raw().toBuffer({ resolveWithObject: true });
    expect(data.equals(await sharp(png).raw().toBuffer())).toBe(true);
    expect((await processPicture(await checkerboard(3, 2, 'jpeg'))).source).toBeUndefined();
  });

  it('refuses what is not a picture it may read', async () => {
    const png = await checkerboard(32, 32);
    expect(await refusal(decodePicture(Buffer.from('hello, not an image')))).toBe(IMAGE_ERROR_CODES.NOT_AN_IMAGE);
    expect(await refusal(decodePicture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')))).toBe(IMAGE_ERROR_CODES.NOT_AN_IMAGE);
    expect(await refusal(decodePicture(Buffer.from('%PDF-1.4\n')))).toBe(IMAGE_ERROR_CODES.NOT_AN_IMAGE);
    expect(await refusal(decodePicture(await sharp(png).tiff().toBuffer()))).toBe(IMAGE_ERROR_CODES.NOT_AN_IMAGE);
    // Cut short, or a PNG signature in front of a JPEG.
    expect(await refusal(decodePicture(png.subarray(0, Math.floor(png.length / 2))))).toBe(IMAGE_ERROR_CODES.NOT_AN_IMAGE);
    const jpeg = await sharp(png).jpeg().toBuffer();
    expect(await refusal(decodePicture(Buffer.concat([PNG_SIGNATURE, jpeg])))).toBe(IMAGE_ERROR_CODES.NOT_AN_IMAGE);
    expect(await refusal(decodePicture(Buffer.alloc(0)))).toBe(IMAGE_ERROR_CODES.NOT_AN_IMAGE);
  });

  it('refuses files over 10 MB and pictures of more than 25 megapixels before decoding them', async () => {
    expect(await refusal(decodePicture(Buffer.concat([await checkerboard(8, 8), Buffer.alloc(10 * 1024 * 1024)])))).toBe(IMAGE_ERROR_CODES.TOO_LARGE);
    // A header claiming 30000 × 30000 pixels in front of almost nothing.
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(30_000, 0);
    ihdr.writeUInt32BE(30_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const claim = Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
    expect(await refusal(decodePicture(claim))).toBe(IMAGE_ERROR_CODES.TOO_MANY_PIXELS);
    // A real decompression bomb: 6000 × 5000 of one colour is a small file and 30 megapixels.
    const bomb = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(decodePicture(bomb))).toBe(IMAGE_ERROR_CODES.TOO_MANY_PIXELS);
  });

  it('sends guidance pictures on as PNG of at most 1024 a side', async () => {
    const png = await guidancePng(await checkerboard(1600, 800, 'jpeg'));
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1024, height: 512 });
    expect(await refusal(guidancePng(Buffer.from('nope')))).toBe(IMAGE_ERROR_CODES.NOT_AN_IMAGE);
  });
});
