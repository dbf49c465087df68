import { TRANSLATION_MESSAGES, type ChatLanguage, type TranslatedFields } from '@fable/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../infra/db/database';
import type { ModelRegistry } from '../../infra/inference/models';
import { JobGivenUpError, type Job } from '../../infra/jobs/jobQueue';
import { sourceHash, type SourceFields } from './translationRepository';
import { TRANSLATED_FIELDS, translationRequest } from './translationPrompt';

export const CHARACTER_TRANSLATION_KIND = 'character_translation';
/** One field's translation may take this long (the whole is promised "up to 60 seconds"). */
const FIELD_TIMEOUT_MS = 45_000;

const PayloadSchema = z.object({ character_id: z.string(), language: z.string(), run_id: z.string() });

/** The run was started again meanwhile (after a stall): this one stops writing. */
class RunReplaced extends Error {}

async function translate(models: ModelRegistry, text: string, language: ChatLanguage): Promise<string> {
  const choice = models.choose({ permissions: [] }, undefined);
  if (!choice.ok) throw new JobGivenUpError('no model is open to every member for translation');
  const stream = await choice.offered.engine.stream(translationRequest(text, language), AbortSignal.timeout(FIELD_TIMEOUT_MS));
  let answer = '';
  for await (const delta of stream) answer += delta;
  return answer.trim();
}

/**
 * One translation: each field through the inference adapter, the progress written after each, then in one
 * transaction the translated fields kept and the chatbot's name_i18n, title_i18n and translated_languages (which
 * search reads) updated. Any failure marks it failed with a message (the modal offers to try again) and is not retried.
 */
export async function runTranslationJob(deps: { db: Database; models: ModelRegistry; log: FastifyBaseLogger }, job: Job, _now: Date): Promise<string> {
  const { db } = deps;
  const { character_id: characterId, language: lang, run_id: runId } = PayloadSchema.parse(job.payload);
  const language = lang as ChatLanguage;
  const { rows } = await db.query<SourceFields>('select name, title, greeting, persona, scenario, dialogue from characters where id = $1', [characterId]);
  const source = rows[0];
  if (!source) return 'chatbot gone';
  const hash = sourceHash(source);
  const setProgress = async (progress: number) => {
    const { rowCount } = await db.query(
      `update character_translations set progress = $3, updated_at = $4 where character_id = $1 and language = $2 and status = 'translating' and run_id = $5`,
      [characterId, language, progress, new Date(), runId],
    );
    if (rowCount === 0) throw new RunReplaced();
  };
  try {
    const fields: Partial<TranslatedFields> = {};
    const todo = TRANSLATED_FIELDS.filter((f) => (source[f] ?? '').trim() !== '');
    let done = 0;
    for (const field of TRANSLATED_FIELDS) {
      const text = (source[field] ?? '').trim();
      fields[field] = text ? await translate(deps.models, text, language) : '';
      if (text) {
        done += 1;
        // 100 only once kept.
        await setProgress(Math.min(99, Math.round((100 * done) / todo.length)));
      }
    }
    const translated = fields as TranslatedFields;
    await db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        `update character_translations set status = 'done', progress = 100, fields = $3, source_hash = $4, error = null, updated_at = $5
          where character_id = $1 and language = $2 and run_id = $6`,
        [characterId, language, JSON.stringify(translated), hash, new Date(), runId],
      );
      if (rowCount === 0) throw new RunReplaced();
      await tx.query(
        `update characters set
           name_i18n = coalesce(name_i18n, '{}'::jsonb) || jsonb_build_object($2::text, $3::text),
           title_i18n = coalesce(title_i18n, '{}'::jsonb) || jsonb_build_object($2::text, $4::text),
           translated_languages = case when $2::text = any(translated_languages) then translated_languages else array_append(translated_languages, $2::text) end
         where id = $1`,
        [characterId, language, translated.name, translated.title],
      );
    });
    return `translated into ${language}`;
  } catch (err) {
    if (err instanceof RunReplaced) return 'replaced by a newer run';
    deps.log.warn({ err, characterId, language }, 'chatbot translation failed');
    await db.query(`update character_translations set status = 'failed', error = $3, updated_at = $4 where character_id = $1 and language = $2 and run_id = $5`, [
      characterId,
      language,
      TRANSLATION_MESSAGES.failed,
      new Date(),
      runId,
    ]);
    throw new JobGivenUpError(`translation failed: ${(err as Error).message}`);
  }
}
