import { IMAGE_PRESET_NAMES, SaveImageResultSchema, StoredImageSchema } from '@fable/contracts';
import sharp from 'sharp';
import { startFakeS3Server, type FakeS3Server } from '../../infra/storage/fakeS3Server';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { call, signUpMember, type Member } from '../moderation/testing/chatbotTestKit';
import { testPicture, uploadHash } from './testing';

const CREDENTIALS = { accessKeyId: 'FAKEACCESSKEY0002', secretAccessKey: 'another-fake-secret-for-tests-0123456789' };

describe.each(BACKENDS)('avatars kept in an S3-compatible bucket, on %s', (backend) => {
  let s3: FakeS3Server;
  let t: TestApp;
  let member: Member;

  beforeAll(async () => {
    s3 = await startFakeS3Server({ ...CREDENTIALS, region: 'us-east-1', buckets: ['fable-avatars'] });
    t = await startTestApp(backend, {
      config: {
        imageStorage: { kind: 's3', s3: { bucket: 'fable-avatars', region: 'us-east-1', endpoint: s3.endpoint, ...CREDENTIALS, forcePathStyle: true, keyPrefix: 'test/' } },
      },
    });
    member = await signUpMember(t, 'bucketeer');
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('uploads straight to the bucket with a presigned PUT, then processes and serves from it', async () => {
    const bytes = await testPicture(300, 200, 11);
    const hash = uploadHash(bytes);
    const saved = await call(t, 'POST', '/save-image', member.headers, { hash, image_type: 'image/png', fileSize: bytes.length });
    expect(saved.status).toBe(200);
    const answer = SaveImageResultSchema.parse(saved.body);
    expect(answer.signed_url?.startsWith(`${s3.endpoint}/fable-avatars/test/uploads/${member.id}/${hash}?`)).toBe(true);
    expect(answer.key).toBe(`uploads/${member.id}/${hash}`);

    // The browser's PUT, over a real socket to the bucket; the API's own upload route plays no part.
    const put = await fetch(answer.signed_url!, { method: 'PUT', headers: answer.headers, body: bytes });
    expect(put.status).toBe(200);
    expect(s3.objects.get('fable-avatars')?.get(`test/uploads/${member.id}/${hash}`)?.bytes.equals(bytes)).toBe(true);

    const done = await call(t, 'POST', `/images/${hash}/complete`, member.headers);
    expect(done.status).toBe(200);
    const image = StoredImageSchema.parse(done.body);
    const keys = [...s3.objects.get('fable-avatars')!.keys()].filter((k) => k.startsWith(`test/images/${hash}/`)).sort();
    // The resized copies, and the PNG's own pixels kept for the card exports (never served).
    expect(keys).toEqual(
      [
        `test/images/${hash}/original.webp`,
        `test/images/${hash}/source.png`,
        ...IMAGE_PRESET_NAMES.flatMap((p) => [`test/images/${hash}/${p}.webp`, `test/images/${hash}/${p}.blurred.webp`]),
      ].sort(),
    );
    // The upload's bytes are removed once processed.
    expect(s3.objects.get('fable-avatars')?.has(`test/uploads/${member.id}/${hash}`)).toBe(false);
    const served = await t.app.inject({ method: 'GET', url: image.urls['48x48'] });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 48, height: 48 });
  });

  it('checks the hash of what the bucket received: other bytes under the presigned URL are refused when completing', async () => {
    const bytes = await testPicture(64, 64, 12);
    const hash = uploadHash(bytes);
    const answer = SaveImageResultSchema.parse((await call(t, 'POST', '/save-image', member.headers, { hash, image_type: 'image/png', fileSize: bytes.length })).body);
    // Same length and type, other pixels: the bucket cannot tell.
    const other = Buffer.from(bytes);
    other[other.length - 20] = other[other.length - 20]! ^ 0xff;
    expect((await fetch(answer.signed_url!, { method: 'PUT', headers: answer.headers, body: other })).status).toBe(200);
    const refused = await call(t, 'POST', `/images/${hash}/complete`, member.headers);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('image_hash_mismatch');
    expect(s3.objects.get('fable-avatars')?.has(`test/uploads/${member.id}/${hash}`)).toBe(false);
    // A longer body than announced is refused by the bucket itself (the signature covers the length).
    expect((await fetch(answer.signed_url!, { method: 'PUT', headers: answer.headers, body: Buffer.concat([bytes, Buffer.from('xx')]) })).status).toBe(403);
    // The right bytes complete it.
    expect((await fetch(answer.signed_url!, { method: 'PUT', headers: answer.headers, body: bytes })).status).toBe(200);
    expect((await call(t, 'POST', `/images/${hash}/complete`, member.headers)).status).toBe(200);
  });

  it('stores generated pictures in the bucket too, and has no upload route of its own', async () => {
    const generated = await call(t, 'POST', '/generate-image', member.headers, { prompt: 'a lighthouse keeper', seed: 5 });
    expect(generated.status).toBe(200);
    expect(s3.objects.get('fable-avatars')?.has(`test/images/${generated.body.image.hash}/400x400.webp`)).toBe(true);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/images/uploads/${member.id}/${'a'.repeat(32)}?type=image%2Fpng&size=3&expires=9999999999&signature=${'0'.repeat(64)}`,
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from('abc'),
    });
    expect(put.statusCode).toBe(403);
  });
});
