import { createS3ObjectStore } from './s3ObjectStore';
import { startFakeS3Server, type FakeS3Server } from './fakeS3Server';
import type { ObjectStore } from './objectStore';

const CREDENTIALS = { accessKeyId: 'FAKEACCESSKEY0001', secretAccessKey: 'fake-secret-key-for-tests-only-0123456789' };

describe('S3-compatible object store (against an S3-protocol server over a socket, SigV4 checked)', () => {
  let s3: FakeS3Server;
  let clock: Date;
  let store: ObjectStore;

  beforeAll(async () => {
    s3 = await startFakeS3Server({ ...CREDENTIALS, region: 'eu-test-1', buckets: ['avatars'], now: () => clock });
  });
  beforeEach(() => {
    clock = new Date();
    store = createS3ObjectStore({ bucket: 'avatars', region: 'eu-test-1', endpoint: s3.endpoint, ...CREDENTIALS, forcePathStyle: true, keyPrefix: 'fable/' });
  });
  afterEach(async () => store.close());
  afterAll(async () => s3?.close());

  it('puts, reads, sizes and deletes objects under its key prefix, with signed payloads', async () => {
    const bytes = Buffer.from('RIFF....WEBPVP8 not really');
    await store.put('images/abc/48x48.webp', bytes, 'image/webp');
    expect(s3.objects.get('avatars')?.get('fable/images/abc/48x48.webp')).toEqual({ bytes, contentType: 'image/webp' });
    expect(await store.get('images/abc/48x48.webp')).toEqual({ bytes, contentType: 'image/webp' });
    expect(await store.size('images/abc/48x48.webp')).toBe(bytes.length);
    expect(await store.get('images/abc/none.webp')).toBeNull();
    expect(await store.size('images/abc/none.webp')).toBeNull();
    await store.delete('images/abc/48x48.webp');
    expect(await store.get('images/abc/48x48.webp')).toBeNull();
    const put = s3.requests.find((r) => r.method === 'PUT' && r.path === '/avatars/fable/images/abc/48x48.webp');
    expect(put).toMatchObject({ auth: 'header', status: 200 });
    expect(put?.signedHeaders).toEqual(expect.arrayContaining(['host', 'x-amz-content-sha256', 'x-amz-date']));
  });

  it('fails on wrong credentials instead of answering nothing', async () => {
    const wrong = createS3ObjectStore({ bucket: 'avatars', region: 'eu-test-1', endpoint: s3.endpoint, accessKeyId: CREDENTIALS.accessKeyId, secretAccessKey: 'not-the-secret', forcePathStyle: true, keyPrefix: '' });
    await expect(wrong.put('a', Buffer.from('x'), 'text/plain')).rejects.toThrow(/signature/i);
    await expect(wrong.get('a')).rejects.toThrow();
    await wrong.close();
  });

  it('presigns a browser PUT bound to its content type, length and expiry', async () => {
    const body = Buffer.from('0123456789');
    const upload = await store.directUpload!('uploads/u1/hash1', { contentType: 'image/png', size: body.length, expiresInSeconds: 600 });
    expect(upload.url.startsWith(`${s3.endpoint}/avatars/fable/uploads/u1/hash1?`)).toBe(true);
    expect(upload.headers).toEqual({ 'Content-Type': 'image/png' });
    const signedHeaders = new URL(upload.url).searchParams.get('X-Amz-SignedHeaders')?.split(';');
    expect(signedHeaders).toEqual(expect.arrayContaining(['host', 'content-type', 'content-length']));

    const put = (data: Buffer, contentType = 'image/png', url = upload.url) => fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: data });
    expect((await put(Buffer.from('01234567890123'))).status).toBe(403);
    expect((await put(body, 'text/html')).status).toBe(403);
    const tampered = new URL(upload.url);
    tampered.pathname = '/avatars/fable/uploads/u2/hash1';
    expect((await put(body, 'image/png', tampered.toString())).status).toBe(403);
    expect(await store.get('uploads/u1/hash1')).toBeNull();

    expect((await put(body)).status).toBe(200);
    expect(await store.get('uploads/u1/hash1')).toEqual({ bytes: body, contentType: 'image/png' });

    clock = new Date(clock.getTime() + 601_000);
    expect((await put(body)).status).toBe(403);
  });

  it('refuses keys outside its pattern before any request', async () => {
    const before = s3.requests.length;
    await expect(store.get('../other-bucket/x')).rejects.toThrow(/invalid object key/);
    await expect(store.put('/abs', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid object key/);
    expect(s3.requests.length).toBe(before);
  });
});
