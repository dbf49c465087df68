import type { LorebookExportFormat } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';
import { exportLorebookJson, exportWorldInfoJson } from '../cards';
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

/**
 * GET /lorebooks/:id/export: the lorebook as a `lorebook_v3` file, every entry's kept fields written back; or as a
 * SillyTavern World Info file (`world_info`): a World Info file imported goes back with its own keys, in its order.
 */
export async function exportLorebookFile(db: Queryable, row: LorebookRow, format: LorebookExportFormat = 'lorebook_v3'): Promise<LorebookFile> {
  const stored = await storedLorebook(db, row);
  const body = format === 'world_info' ? exportWorldInfoJson(lorebookToV3(stored, true)) : exportLorebookJson(lorebookToV3(stored));
  return { body, disposition: lorebookDisposition(row.name) };
}
