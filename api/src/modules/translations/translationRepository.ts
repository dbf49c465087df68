import { createHash } from 'node:crypto';
import { TRANSLATION_MESSAGES, type ChatLanguage, type TranslatedFields, type Translation } from '@fable/contracts';
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
  updated_at: Date;
}

const COLUMNS = 'character_id, language, status, progress, source_hash, fields, error, updated_at';

/**
 * A translation that has written nothing for this long stopped (its process died): reported failed, and started again
 * when asked. Each field may take 45 s (translationJob.ts) and the progress is written after each.
 */
export const STALLED_MS = 10 * 60_000;

export async function findTranslation(db: Queryable, characterId: string, language: ChatLanguage): Promise<TranslationRow | null> {
  const { rows } = await db.query<TranslationRow>(`select ${COLUMNS} from character_translations where character_id = $1 and language = $2`, [characterId, language]);
  return rows[0] ?? null;
}

/**
 * A translation as the API answers it. The personality, scenario and example dialogue only where the definition is
 * shown to the caller (`definitionShown`: the creator, or definition_visible), as the profile does; a stalled run is
 * reported failed so that it can be started again.
 */
export function toTranslation(row: TranslationRow, definitionShown: boolean, now: Date): Translation {
  const stalled = row.status === 'translating' && now.getTime() - row.updated_at.getTime() > STALLED_MS;
  const fields = row.status === 'done' && row.fields ? (definitionShown ? row.fields : { ...row.fields, persona: '', scenario: '', dialogue: '' }) : null;
  return {
    character_id: row.character_id,
    language: row.language,
    status: stalled ? 'failed' : row.status,
    progress: row.progress,
    error: stalled ? TRANSLATION_MESSAGES.failed : row.error,
    fields,
  };
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
