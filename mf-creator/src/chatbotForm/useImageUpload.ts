import { useCallback, useState } from 'react';
import { UPLOAD_IMAGE_TYPES, type StoredImage } from '@fable/contracts';
import { apiErrorMessage } from '@fable/shared';
import { readBytes, useCreator_completeImageMutation, useCreator_saveImageMutation } from '../creatorApi';

type UploadType = (typeof UPLOAD_IMAGE_TYPES)[number];

/** The upload hash of document 1 §5: the first 32 hex characters of the file's SHA-256. */
export async function imageHash(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 32);
}

/**
 * Uploads a picture as document 1 §7 says: save-image with its hash, type and size, a PUT of the bytes to the signed
 * URL it answers (with its headers), then complete, which answers the stored picture (re-encoded, in every preset).
 * A picture stored before comes back at once. Errors are the API's texts.
 */
export function useImageUpload() {
  const [saveImage] = useCreator_saveImageMutation();
  const [completeImage] = useCreator_completeImageMutation();
  const [uploading, setUploading] = useState(false);
  const upload = useCallback(
    async (file: Blob): Promise<{ image: StoredImage } | { error: string }> => {
      if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return { error: 'Choose a PNG, JPEG, WebP or GIF image.' };
      setUploading(true);
      try {
        const bytes = await readBytes(file);
        const hash = await imageHash(bytes);
        const saved = await saveImage({ hash, image_type: file.type as UploadType, fileSize: bytes.byteLength });
        if ('error' in saved) return { error: apiErrorMessage(saved.error) };
        if (saved.data.image) return { image: saved.data.image };
        if (!saved.data.signed_url) return { error: 'Uploading images is not available right now.' };
        const put = await fetch(saved.data.signed_url, { method: 'PUT', headers: saved.data.headers, body: new Uint8Array(bytes) });
        if (!put.ok) return { error: apiErrorMessage({ status: put.status, data: await put.json().catch(() => null) }) };
        const completed = await completeImage(hash);
        return 'error' in completed ? { error: apiErrorMessage(completed.error) } : { image: completed.data };
      } catch {
        return { error: 'The picture could not be uploaded. Please try again.' };
      } finally {
        setUploading(false);
      }
    },
    [saveImage, completeImage],
  );
  return { upload, uploading };
}
