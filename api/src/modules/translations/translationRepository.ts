import { createHash } from 'node:crypto';
import type { ChatLanguage, TranslatedFields, Translation } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';
import { TRANSLATED_FIELDS } from './translationPrompt';

export interface SourceFields {
  name: string;
  title: string;
  greeting: string;
  persona: string;
  scenario: string | null;
  dialogue: string | null;
}

/** The hash of what a translation is made from: an edited chatbot's translation is stale. */
export function sourceHash(fields: SourceFields): string {
  const hash = createHash('sha256');
  for (const field of TRANSLATED_FIELDS) hash.update(`${field}\u0000${fields[field] ?? ''}\u0000`);
  return hash.digest('hex').slice(0, 32);
}

export interface TranslationRow {
  character_id: string;
  language: ChatLanguage;
  status: 'translating' | 'done' | 'failed';
  progress: number;
  source_hash: string;
  fields: TranslatedFields | null;
  error: string | null;
}

const COLUMNS = 'character_id, language, status, progress, source_hash, fields, error';

export async function findTranslation(db: Queryable, characterId: string, language: ChatLanguage): Promise<TranslationRow | null> {
  const { rows } = await db.query<TranslationRow>(`select ${COLUMNS} from character_translations where character_id = $1 and language = $2`, [characterId, language]);
  return rows[0] ?? null;
}

export function toTranslation(row: TranslationRow): Translation {
  return { character_id: row.character_id, language: row.language, status: row.status, progress: row.progress, error: row.error, fields: row.status === 'done' ? row.fields : null };
}

/**
 * The chatbot's fields in the member's chat language, when a translation into it is done and made from the chatbot as
 * it is now; null otherwise (the chat then uses the chatbot's own).
 */
export async function translatedFields(db: Queryable, characterId: string, language: ChatLanguage | null | undefined, current: SourceFields): Promise<TranslatedFields | null> {
  if (!language) return null;
  const row = await findTranslation(db, characterId, language);
  return row?.status === 'done' && row.fields && row.source_hash === sourceHash(current) ? row.fields : null;
}
