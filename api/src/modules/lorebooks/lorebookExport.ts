import type { Queryable } from '../../infra/db/database';
import { exportLorebookJson } from '../cards';
import { storedLorebook, type LorebookRow } from './lorebookRepository';
import { lorebookToV3 } from './lorebookV3';

export interface LorebookFile {
  body: string;
  disposition: string;
}

/** RFC 8187 value characters: encodeURIComponent leaves ' ( ) * unescaped, which attr-char does not allow. */
const rfc8187 = (text: string) => encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment` named after the lorebook (SillyTavern names an imported World Info after its file): an ASCII name
 * (accents dropped, anything else '_') and the name itself in UTF-8 (`filename*`).
 */
export function lorebookDisposition(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9 ._-]+/g, '_').replace(/^[\s._-]+|[\s._-]+$/g, '') || 'lorebook';
  return `attachment; filename="${ascii}.json"; filename*=UTF-8''${rfc8187(`${name.trim() || 'lorebook'}.json`)}`;
}

/** GET /lorebooks/:id/export: the lorebook as a `lorebook_v3` file, every entry's kept fields written back. */
export async function exportLorebookFile(db: Queryable, row: LorebookRow): Promise<LorebookFile> {
  const book = lorebookToV3(await storedLorebook(db, row));
  return { body: exportLorebookJson(book), disposition: lorebookDisposition(row.name) };
}
