import { AVATAR_IMAGE_PRESET, IMAGE_PRESET_NAMES, imageUrl, type ImagePreset, type StoredImage, type UploadImageType } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';

/** The images and image_uploads tables (migration 012). */
export interface ImageRow {
  hash: string;
  source: 'upload' | 'generated';
  is_nsfw: boolean;
  width: number;
  height: number;
}

export interface NewImage extends ImageRow {
  createdBy: string;
  applicationId: string;
  prompt: string | null;
  negativePrompt: string | null;
  seed: number | null;
  modelStyle: string | null;
  generator: string | null;
}

const urlsOf = (hash: string, blurred: boolean) =>
  Object.fromEntries(IMAGE_PRESET_NAMES.map((preset) => [preset, imageUrl(hash, preset, { blurred })])) as Record<ImagePreset, string>;

export function toStoredImage(row: ImageRow): StoredImage {
  return {
    hash: row.hash,
    avatar_url: imageUrl(row.hash, AVATAR_IMAGE_PRESET),
    urls: urlsOf(row.hash, false),
    blurred_urls: urlsOf(row.hash, true),
    is_nsfw: row.is_nsfw,
    source: row.source,
    width: row.width,
    height: row.height,
  };
}

const IMAGE_COLUMNS = 'hash, source, is_nsfw, width, height';

export async function findImage(db: Queryable, hash: string): Promise<ImageRow | null> {
  const { rows } = await db.query<ImageRow>(`select ${IMAGE_COLUMNS} from images where hash = $1`, [hash]);
  return rows[0] ?? null;
}

/**
 * Records a stored picture. A picture stored before keeps its row (its first uploader, its source); an NSFW mark is
 * added, never taken away.
 */
export async function recordImage(db: Queryable, image: NewImage): Promise<ImageRow> {
  const { rows } = await db.query<ImageRow>(
    `insert into images (hash, source, is_nsfw, width, height, created_by, application_id, prompt, negative_prompt, seed, model_style, generator)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     on conflict (hash) do update set is_nsfw = images.is_nsfw or excluded.is_nsfw
     returning ${IMAGE_COLUMNS}`,
    [image.hash, image.source, image.is_nsfw, image.width, image.height, image.createdBy, image.applicationId, image.prompt, image.negativePrompt, image.seed, image.modelStyle, image.generator],
  );
  return rows[0]!;
}

/** Marks a stored picture NSFW; answers it, or null when there is none. */
export async function markImageNsfw(db: Queryable, hash: string): Promise<ImageRow | null> {
  const { rows } = await db.query<ImageRow>(`update images set is_nsfw = true where hash = $1 returning ${IMAGE_COLUMNS}`, [hash]);
  return rows[0] ?? null;
}

export interface PendingUpload {
  content_type: UploadImageType;
  size: number;
  is_nsfw: boolean;
  prompt: string | null;
  expires_at: Date;
}

/** Records (or renews) an upload asked for with save-image. */
export async function recordPendingUpload(db: Queryable, userId: string, hash: string, upload: PendingUpload): Promise<void> {
  await db.query(
    `insert into image_uploads (user_id, hash, content_type, size, is_nsfw, prompt, expires_at) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (user_id, hash) do update set content_type = excluded.content_type, size = excluded.size, is_nsfw = excluded.is_nsfw,
       prompt = excluded.prompt, expires_at = excluded.expires_at`,
    [userId, hash, upload.content_type, upload.size, upload.is_nsfw, upload.prompt, upload.expires_at],
  );
}

export async function findPendingUpload(db: Queryable, userId: string, hash: string): Promise<PendingUpload | null> {
  const { rows } = await db.query<PendingUpload>(
    'select content_type, size, is_nsfw, prompt, expires_at from image_uploads where user_id = $1 and hash = $2',
    [userId, hash],
  );
  return rows[0] ?? null;
}

export async function deletePendingUpload(db: Queryable, userId: string, hash: string): Promise<void> {
  await db.query('delete from image_uploads where user_id = $1 and hash = $2', [userId, hash]);
}

/** Uploads whose time is over, at most `limit` (their files are removed by the caller, then their rows). */
export async function expiredUploads(db: Queryable, now: Date, limit: number): Promise<Array<{ user_id: string; hash: string }>> {
  const { rows } = await db.query<{ user_id: string; hash: string }>(
    'select user_id, hash from image_uploads where expires_at < $1 order by expires_at limit $2',
    [now, limit],
  );
  return rows;
}
