import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_MESSAGES } from '@fable/contracts';
import { buildApp } from '../../app';
import { ConfigError, loadConfig, testConfig } from '../../config';
import type { MailMessage, Mailer } from '../../infra/mail/mailer';
import { TEST_JWT_SECRET, bearer } from '../../testing/testApp';
import { DB_SETUP_TIMEOUT_MS, createScratchDatabase } from '../../testing/testDatabases';
import { testPicture, uploadHash } from './testing';

describe('image configuration', () => {
  it('reads the bucket, the generators file and the upload key from the environment', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fable-image-config-'));
    const file = path.join(dir, 'generators.json');
    writeFileSync(file, JSON.stringify([{ kind: 'a1111', styles: ['anime'], base_url: 'http://127.0.0.1:7860' }]));
    const config = loadConfig({
      S3_BUCKET: 'avatars',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      IMAGE_GENERATORS_FILE: file,
      IMAGE_UPLOAD_SECRET: 'u'.repeat(32),
    });
    expect(config.imageStorage).toMatchObject({ kind: 's3', s3: { bucket: 'avatars', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true } });
    expect(config.imageGenerators).toEqual([expect.objectContaining({ kind: 'a1111', styles: ['anime'] })]);
    expect(config.imageUploadSecret).toBe('u'.repeat(32));
    expect(loadConfig({ IMAGE_STORAGE_DIR: dir }).imageStorage).toEqual({ kind: 'disk', dir });
  });

  it('refuses to start half-configured', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: required when S3_ENDPOINT is set/);
    expect(() => loadConfig({ S3_BUCKET: 'avatars', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ IMAGE_UPLOAD_SECRET: 'short' })).toThrow(/IMAGE_UPLOAD_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ IMAGE_GENERATORS_FILE: '/no/such/generators.json' })).toThrow(/IMAGE_GENERATORS_FILE/);
  });

  it('in production without IMAGE_UPLOAD_SECRET, uploads to disk are unavailable (503) while generation works', async () => {
    const scratch = await createScratchDatabase('pglite', { migrated: true });
    const db = await scratch.open();
    const sent: MailMessage[] = [];
    const mailer: Mailer = { kind: 'smtp', send: async (message) => void sent.push(message), close: async () => {} };
    const app = await buildApp(testConfig({ nodeEnv: 'production', jwtSecret: TEST_JWT_SECRET }), { db, mailer });
    try {
      const email = 'prod@example.com';
      await app.inject({ method: 'POST', url: '/api/v2/auth/email-code', payload: { email } });
      const code = /\b(\d{6})\b/.exec(sent.at(-1)?.text ?? '')?.[1];
      const { token } = (await app.inject({ method: 'POST', url: '/api/v2/auth/email-code/verify', payload: { email, code } })).json<{ token: string }>();
      const bytes = await testPicture(30, 30, 1);
      const saved = await app.inject({ method: 'POST', url: '/api/save-image', headers: bearer(token), payload: { hash: uploadHash(bytes), image_type: 'image/png', fileSize: bytes.length } });
      expect(saved.statusCode).toBe(503);
      expect(saved.json().error).toEqual({ code: 'image_uploads_unavailable', message: IMAGE_MESSAGES.uploadsUnavailable });
      expect((await app.inject({ method: 'POST', url: '/api/generate-image', headers: bearer(token), payload: { prompt: 'a knight' } })).statusCode).toBe(200);
    } finally {
      await app.close();
      await scratch.drop();
    }
  }, DB_SETUP_TIMEOUT_MS);
});
