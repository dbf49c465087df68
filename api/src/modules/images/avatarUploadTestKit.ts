import { SaveImageResultSchema, StoredImageSchema, type StoredImage } from '@fable/contracts';
import type { TestApp } from '../../testing/testApp';
import { uploadHash } from './testing';

/**
 * For other modules' tests: a picture uploaded as an avatar through the API, as the browser does (POST save-image,
 * PUT to the signed URL, POST complete), by the member whose headers are given. Throws when a step fails.
 */
export async function uploadAvatar(t: TestApp, headers: Record<string, string>, bytes: Buffer, options: { isNsfw?: boolean } = {}): Promise<StoredImage> {
  const hash = uploadHash(bytes);
  const step = async (name: string, run: () => Promise<{ statusCode: number; body: string }>) => {
    const res = await run();
    if (res.statusCode !== 200) throw new Error(`${name} answered ${res.statusCode}: ${res.body}`);
    return JSON.parse(res.body) as unknown;
  };
  const saved = SaveImageResultSchema.parse(
    await step('save-image', () =>
      t.app.inject({
        method: 'POST',
        url: '/api/save-image',
        headers,
        payload: { hash, image_type: 'image/png', fileSize: bytes.length, ...(options.isNsfw ? { is_nsfw: true } : {}) },
      }),
    ),
  );
  if (saved.image) return saved.image;
  await step('PUT', () => t.app.inject({ method: 'PUT', url: saved.signed_url!, headers: saved.headers, payload: bytes }));
  return StoredImageSchema.parse(await step('complete', () => t.app.inject({ method: 'POST', url: `/api/images/${hash}/complete`, headers })));
}
