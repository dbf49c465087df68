import { realpath } from 'node:fs/promises';
import path from 'node:path';

/** Why a request path cannot name a file (it does not decode, or holds a NUL), or null when it can. */
export function badPathReason(url: string): string | null {
  const pathname = url.split('?')[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return 'The address is not valid: it has a broken percent-encoding.';
  }
  if (decoded.includes('\0')) return 'The address is not valid: it has a NUL character.';
  return null;
}

/** Whether a file, its symbolic links followed, is inside the root (itself resolved the same way). */
export async function insideRoot(root: string, file: string): Promise<boolean> {
  const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]).catch(() => [null, null]);
  if (!realRoot || !realFile) return false;
  const relative = path.relative(realRoot, realFile);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** The original's name of a precompressed file (main.js.br → main.js). */
export function withoutEncodingSuffix(file: string): string {
  return file.replace(/\.(br|gz)$/, '');
}
