import {
  EXPLICIT_CONTENT_MESSAGE,
  IMAGE_MESSAGES,
  IMAGE_PRESETS,
  IMAGE_PRESET_NAMES,
  SaveImageResultSchema,
  StoredImageSchema,
  UNDERAGE_CONTENT_MESSAGE,
  imageUrl,
} from '@fable/contracts';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { call, chatbotForm, guestHeaders, signUpMember, uniqueWord, type Member } from '../moderation/testing/chatbotTestKit';
import { IMAGE_CACHE_CONTROL } from './imageRoutes';
import { testPicture, uploadHash } from './testing';

describe.each(BACKENDS)('avatar uploads on %s', (backend) => {
  let t: TestApp;
  let member: Member;

  beforeAll(async () => {
    t = await startTestApp(backend, { limits: { imageUpload: { max: 1000, windowSeconds: 60 } } });
    member = await signUpMember(t, 'uploader');
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => t?.close());

  const saveImage = (who: Member, bytes: Buffer, over: Record<string, unknown> = {}) =>
    call(t, 'POST', '/save-image', who.headers, { hash: uploadHash(bytes), image_type: 'image/png', fileSize: bytes.length, ...over });
  const put = (url: string, bytes: Buffer, contentType = 'image/png') =>
    t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: bytes });
  const complete = (who: Member, hash: string) => call(t, 'POST', `/images/${hash}/complete`, who.headers);

  /** save-image, PUT, complete: the stored image. */
  async function upload(who: Member, bytes: Buffer, over: Record<string, unknown> = {}) {
    const saved = await saveImage(who, bytes, over);
    expect(saved.status).toBe(200);
    const { signed_url, headers } = SaveImageResultSchema.parse(saved.body);
    expect((await put(signed_url!, bytes, headers['Content-Type'])).statusCode).toBe(200);
    const done = await complete(who, uploadHash(bytes));
    expect(done.status).toBe(200);
    return StoredImageSchema.parse(done.body);
  }
  const errorOf = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, code: (JSON.parse(res.body) as { error: { code: string } }).error.code });

  it('signs an upload, takes the PUT, re-encodes it into the presets and serves them with immutable caching', async () => {
    const bytes = await testPicture(640, 480, 1);
    const hash = uploadHash(bytes);
    const saved = await saveImage(member, bytes);
    expect(saved.status).toBe(200);
    const answer = SaveImageResultSchema.parse(saved.body);
    expect(answer).toMatchObject({ key: `uploads/${member.id}/${hash}`, headers: { 'Content-Type': 'image/png' }, image: null });
    expect(answer.signed_url).toMatch(new RegExp(`^/api/images/uploads/${member.id}/${hash}\\?type=image%2Fpng&size=${bytes.length}&expires=\\d+&signature=[0-9a-f]{64}$`));
    // Ten minutes, in whole seconds.
    expect(new Date(answer.expires_at).getTime() - t.clock.now().getTime()).toBeGreaterThan(599_000);
    expect(new Date(answer.expires_at).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(600_000);
    expect((await put(answer.signed_url!, bytes)).statusCode).toBe(200);

    const done = await complete(member, hash);
    expect(done.status).toBe(200);
    const image = StoredImageSchema.parse(done.body);
    expect(image).toMatchObject({ hash, avatar_url: `/api/images/${hash}/400x400.webp`, is_nsfw: false, source: 'upload', width: 640, height: 480 });
    for (const preset of IMAGE_PRESET_NAMES) {
      expect(image.urls[preset]).toBe(imageUrl(hash, preset));
      expect(image.blurred_urls[preset]).toBe(imageUrl(hash, preset, { blurred: true }));
      for (const url of [image.urls[preset], image.blurred_urls[preset]]) {
        // Public: no credentials.
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', ...IMAGE_PRESETS[preset] });
        const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
        expect(again.statusCode).toBe(304);
      }
    }
    const { rows } = await t.db.query('select source, is_nsfw, width, height, created_by, application_id from images where hash = $1', [hash]);
    expect(rows).toEqual([{ source: 'upload', is_nsfw: false, width: 640, height: 480, created_by: member.id, application_id: 'fable' }]);
    expect((await t.db.query('select 1 from image_uploads where hash = $1', [hash])).rowCount).toBe(0);

    // Completing again answers the same; asking to upload the same file again needs no upload.
    expect((await complete(member, hash)).body).toEqual(done.body);
    const other = await signUpMember(t, 'second');
    const again = SaveImageResultSchema.parse((await saveImage(other, bytes)).body);
    expect(again).toMatchObject({ signed_url: null, image });

    // A chatbot may take it as its avatar.
    const bot = await call(t, 'POST', '/characters', member.headers, chatbotForm(uniqueWord(), { avatar_url: image.avatar_url }));
    expect(bot.status).toBe(200);
    expect(bot.body.avatar_url).toBe(image.avatar_url);
  });

  it('serves nothing for unknown pictures, presets or files', async () => {
    const hash = 'f'.repeat(32);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${hash}/400x400.webp` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${hash}/original.webp` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${hash}/64x64.webp` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/images/..%2F..%2Fetc/400x400.webp' })).statusCode).toBe(400);
  });

  it('keeps uploads and generation to members who may create chatbots', async () => {
    const bytes = await testPicture(40, 40, 2);
    const body = { hash: uploadHash(bytes), image_type: 'image/png', fileSize: bytes.length };
    for (const headers of [{}, guestHeaders()]) {
      expect((await call(t, 'POST', '/save-image', headers, body)).status).toBe(401);
      expect((await call(t, 'POST', `/images/${body.hash}/complete`, headers)).status).toBe(401);
      expect((await call(t, 'POST', '/generate-image', headers, { prompt: 'a knight' })).status).toBe(401);
    }
    const limited = await signUpMember(t, 'limited');
    await t.db.query(`insert into user_restrictions (id, user_id, kind, created_at) values (gen_random_uuid(), $1, 'limited', now())`, [limited.id]);
    for (const res of [await saveImage(limited, bytes), await complete(limited, body.hash), await call(t, 'POST', '/generate-image', limited.headers, { prompt: 'a knight' })]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'restricted', message: 'Restricted!' });
    }
    expect((await t.db.query('select 1 from image_uploads where user_id = $1', [limited.id])).rowCount).toBe(0);
  });

  it('refuses a PUT with a wrong or expired signature, type, size or content', async () => {
    const bytes = await testPicture(50, 50, 3);
    const { signed_url } = SaveImageResultSchema.parse((await saveImage(member, bytes)).body);
    const url = new URL(signed_url!, 'http://api');
    const withQuery = (name: string, value: string) => {
      const changed = new URL(url);
      changed.searchParams.set(name, value);
      return `${changed.pathname}${changed.search}`;
    };
    expect(errorOf(await put(withQuery('signature', '0'.repeat(64)), bytes))).toEqual({ status: 403, code: 'upload_signature_invalid' });
    expect(errorOf(await put(withQuery('type', 'image/gif'), bytes, 'image/gif'))).toEqual({ status: 403, code: 'upload_signature_invalid' });
    expect(errorOf(await put(withQuery('size', String(bytes.length + 1)), bytes))).toEqual({ status: 403, code: 'upload_signature_invalid' });
    expect(errorOf(await put(signed_url!.replace(member.id, '00000000-0000-4000-8000-000000000000'), bytes))).toEqual({ status: 403, code: 'upload_signature_invalid' });
    expect(errorOf(await put(signed_url!.split('?')[0]!, bytes))).toEqual({ status: 403, code: 'upload_signature_invalid' });
    expect(errorOf(await put(signed_url!, bytes, 'image/jpeg'))).toEqual({ status: 415, code: 'image_type_mismatch' });
    expect(errorOf(await put(signed_url!, bytes, 'image/avif'))).toEqual({ status: 415, code: 'unsupported_media_type' });
    expect(errorOf(await put(signed_url!, bytes, 'application/json'))).toEqual({ status: 400, code: 'bad_request' });
    expect(errorOf(await put(signed_url!, Buffer.concat([bytes, Buffer.from('x')])))).toEqual({ status: 400, code: 'image_size_mismatch' });
    const changed = Buffer.from(bytes);
    changed[changed.length - 20] = changed[changed.length - 20]! ^ 0xff;
    const mismatch = await put(signed_url!, changed);
    expect(errorOf(mismatch)).toEqual({ status: 400, code: 'image_hash_mismatch' });
    expect(JSON.parse(mismatch.body).error.message).toBe(IMAGE_MESSAGES.hashMismatch);
    expect((await complete(member, uploadHash(bytes))).body.error.code).toBe('image_upload_missing');

    t.clock.advance(601_000);
    try {
      const expired = await put(signed_url!, bytes);
      expect(errorOf(expired)).toEqual({ status: 403, code: 'upload_signature_expired' });
      expect(JSON.parse(expired.body).error.message).toBe(IMAGE_MESSAGES.signatureExpired);
    } finally {
      t.clock.advance(-601_000);
    }
  });

  it('refuses what is not the picture it was announced as, with clear messages', async () => {
    // Text announced as a PNG (its hash and size are right).
    const text = Buffer.from('<html><script>alert(1)</script></html>');
    const saved = SaveImageResultSchema.parse((await saveImage(member, text)).body);
    const res = await put(saved.signed_url!, text);
    expect(errorOf(res)).toEqual({ status: 415, code: 'image_type_mismatch' });

    // A PNG cut short passes the PUT (its signature is a PNG's) and is refused when completed.
    const cut = (await testPicture(300, 300, 4)).subarray(0, 400);
    const savedCut = SaveImageResultSchema.parse((await saveImage(member, cut)).body);
    expect((await put(savedCut.signed_url!, cut)).statusCode).toBe(200);
    const refused = await complete(member, uploadHash(cut));
    expect(refused.status).toBe(415);
    expect(refused.body.error).toEqual({ code: 'not_an_image', message: IMAGE_MESSAGES.notAnImage });
    expect((await complete(member, uploadHash(cut))).body.error.code).toBe('image_upload_missing');

    // A decompression bomb: 30 megapixels of one colour in a small file.
    const bomb = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    const savedBomb = SaveImageResultSchema.parse((await saveImage(member, bomb)).body);
    expect((await put(savedBomb.signed_url!, bomb)).statusCode).toBe(200);
    const bombed = await complete(member, uploadHash(bomb));
    expect(bombed.status).toBe(413);
    expect(bombed.body.error).toEqual({ code: 'image_too_many_pixels', message: IMAGE_MESSAGES.tooManyPixels });

    // More than 10 MB is refused when asked for, and an unknown upload cannot be completed.
    const big = await saveImage(member, bytesOfSize(10 * 1024 * 1024 + 1));
    expect(big.status).toBe(400);
    expect(big.body.error.message).toContain(IMAGE_MESSAGES.tooLarge);
    expect((await call(t, 'POST', '/save-image', member.headers, { hash: 'a'.repeat(32), image_type: 'image/svg+xml', fileSize: 10 })).status).toBe(400);
    expect((await complete(member, 'b'.repeat(32))).body.error).toEqual({ code: 'image_upload_unknown', message: IMAGE_MESSAGES.uploadUnknown });
    expect((await t.db.query(`select 1 from images where hash in ($1, $2, $3)`, [uploadHash(text), uploadHash(cut), uploadHash(bomb)])).rowCount).toBe(0);
  });

  it('strips the EXIF position of a JPEG and turns it upright', async () => {
    const jpeg = await sharp(await testPicture(80, 40, 5))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    const image = await upload(member, jpeg, { image_type: 'image/jpeg' });
    expect([image.width, image.height]).toEqual([40, 80]);
    const served = await t.app.inject({ method: 'GET', url: image.urls['500x600'] });
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toMatch(/SpyCam|GPS/);
  });

  it('marks NSFW pictures (uploader’s mark or prompt), refuses them where NSFW is not allowed (6802) and underage content (6801)', async () => {
    const marked = await upload(member, await testPicture(60, 60, 6), { is_nsfw: true });
    expect(marked.is_nsfw).toBe(true);
    const prompted = await upload(member, await testPicture(60, 60, 7), { prompt: 'a nude figure study' });
    expect(prompted.is_nsfw).toBe(true);
    // A mark is added to a stored picture, never taken away.
    const plain = await upload(member, await testPicture(60, 60, 8));
    expect(plain.is_nsfw).toBe(false);
    const remarked = SaveImageResultSchema.parse((await saveImage(member, await testPicture(60, 60, 8), { is_nsfw: true })).body);
    expect(remarked.image?.is_nsfw).toBe(true);
    expect(SaveImageResultSchema.parse((await saveImage(member, await testPicture(60, 60, 8))).body).image?.is_nsfw).toBe(true);

    const underage = await saveImage(member, await testPicture(60, 60, 9), { prompt: 'a loli in a school uniform' });
    expect(underage.status).toBe(422);
    expect(underage.body.error).toMatchObject({ code: '6801', message: UNDERAGE_CONTENT_MESSAGE, details: { field: 'prompt' } });
    const partner = await signUpMember(t, 'partner', { applicationId: 'storynest' });
    const explicit = await saveImage(partner, await testPicture(60, 60, 10), { is_nsfw: true });
    expect(explicit.status).toBe(422);
    expect(explicit.body.error).toMatchObject({ code: '6802', message: EXPLICIT_CONTENT_MESSAGE, details: { field: 'is_nsfw' } });
    expect((await saveImage(partner, await testPicture(60, 60, 10), { prompt: 'erotic art' })).body.error.code).toBe('6802');
    expect((await saveImage(partner, await testPicture(60, 60, 10))).status).toBe(200);
  });

  it('counts upload requests against the member’s image limit', async () => {
    const limited = await startTestApp(backend, { limits: { imageUpload: { max: 2, windowSeconds: 600 } } });
    try {
      const someone = await signUpMember(limited, 'counted');
      const ask = async (variant: number) => {
        const bytes = await testPicture(20, 20, variant);
        return call(limited, 'POST', '/save-image', someone.headers, { hash: uploadHash(bytes), image_type: 'image/png', fileSize: bytes.length });
      };
      expect((await ask(1)).status).toBe(200);
      expect((await ask(2)).status).toBe(200);
      const third = await ask(3);
      expect(third.status).toBe(429);
      expect(third.body.error.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  }, DB_SETUP_TIMEOUT_MS);
});

/** A buffer of `size` bytes (only its size matters to save-image). */
function bytesOfSize(size: number): Buffer {
  return Buffer.alloc(size, 1);
}
