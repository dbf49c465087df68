import { decodeBase64 } from './cardJson';

/**
 * V3 assets (`data.assets`): the main icon (`type: "icon"`, `name: "main"`), the URI forms of the V3
 * specification (`embeded://path` in a CHARX, `__asset:path` in a PNG, `ccdefault:`, data URLs, http(s)) and
 * the image types an avatar may have.
 */

export const EMBEDDED_URI = 'embeded://';
export const PNG_ASSET_URI = '__asset:';
export const DEFAULT_URI = 'ccdefault:';
/** Where a CHARX keeps the main icon (V3: images of type {type} under assets/{type}/images/). */
export const MAIN_ICON_DIR = 'assets/icon/images/';

export type AvatarMimeType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'image/avif';

export interface CardAvatar {
  bytes: Uint8Array;
  mimeType: AvatarMimeType;
}

export const AVATAR_EXTENSIONS: Record<AvatarMimeType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type of bytes from their first bytes (never from a name or a declared type), or null. */
export function sniffImage(bytes: Uint8Array): AvatarMimeType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('ftypavif'), 4) || startsWith(bytes, ascii('ftypavis'), 4)) return 'image/avif';
  return null;
}

/** A file's MIME type from its extension (for data URLs of exported assets). */
export function mimeTypeOfPath(path: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  const known: Record<string, string> = {
    png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif',
    mp3: 'audio/mpeg', ogg: 'audio/ogg', wav: 'audio/wav', mp4: 'video/mp4', webm: 'video/webm', json: 'application/json',
  };
  return known[ext] ?? 'application/octet-stream';
}

/** The main icon among the assets: the icon named "main", else the first icon. */
export function mainIconIndex(assets: unknown): number {
  if (!Array.isArray(assets)) return -1;
  const isIcon = (asset: unknown) => typeof asset === 'object' && asset !== null && (asset as { type?: unknown }).type === 'icon';
  const main = assets.findIndex((asset) => isIcon(asset) && (asset as { name?: unknown }).name === 'main');
  return main !== -1 ? main : assets.findIndex(isIcon);
}

/** The bytes of a base64 data URL, or null. */
export function dataUrlBytes(uri: string): Uint8Array | null {
  const match = /^data:[^,]*;base64,/i.exec(uri);
  return match ? decodeBase64(uri.slice(match[0].length)) : null;
}

/** The embedded path an asset URI points to (`embeded://path` or `__asset:path`), or null. */
export function embeddedPath(uri: string): string | null {
  if (uri.startsWith(EMBEDDED_URI)) return uri.slice(EMBEDDED_URI.length);
  if (uri.startsWith(PNG_ASSET_URI)) return uri.slice(PNG_ASSET_URI.length);
  return null;
}

/**
 * Whether a path inside a card is safe to keep and write back into a zip: relative, `/`-separated, no `.` or
 * `..` segment, no empty segment, no backslash, drive letter or control character.
 */
export function isSafeEntryPath(path: string): boolean {
  if (path.length === 0 || path.length > 512) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(path) || /^[a-zA-Z]:/.test(path) || path.startsWith('/')) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}
