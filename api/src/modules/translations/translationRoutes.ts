import { TRANSLATION_ERROR_CODES, TRANSLATION_MESSAGES, translateAction, translationCalls, type ChatLanguage } from '@fable/contracts';
import { randomUUID } from 'node:crypto';
import { memberOf, type Caller, type MemberCaller } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ApiPlugin } from '../../http/apiPlugin';
import { modelRegistryOf } from '../../infra/inference/models';
import type { CharacterRow } from '../characters/characterRow';
import { findViewableCharacter, viewerOf } from '../discovery/characterAccess';
import { findAppSettings } from '../settings/appSettingsRepository';
import { CHARACTER_TRANSLATION_KIND, runTranslationJob } from './translationJob';
import { findTranslation, sourceHash, STALLED_MS, toTranslation, type TranslationRow } from './translationRepository';

/** The definition (personality, scenario, example dialogue) is the creator's, or everyone's when definition_visible. */
const definitionShown = (caller: Caller, character: Pick<CharacterRow, 'definition_visible' | 'creator_user_id'>) =>
  character.definition_visible || (caller.kind === 'member' && caller.userId === character.creator_user_id);

const refuse = (status: number, code: string, message: string) => new AppError(status, code, message);

/**
 * Translating chatbots (README "Translation"): POST starts one, once per chatbot and language (a running or done one
 * is answered as it is: never a second job); GET reports its progress and, once done, its fields.
 */
export const translationRoutes: ApiPlugin = async (app, deps) => {
  const { db, clock, config, jobs } = deps;
  // The platform's models (as suggestions and memories use them), never a member's own key.
  const models = modelRegistryOf(config);
  jobs.handle(CHARACTER_TRANSLATION_KIND, (job, now) => runTranslationJob({ db, models, log: app.log }, job, now));

  /** The rule of §6 for this member, chatbot and language (outside partner sites); throws its refusal. */
  const assertMayTranslate = async (member: MemberCaller, character: { visibility: string; language: string | null }, language: ChatLanguage) => {
    // translated_languages is left out: a chatbot translated already is answered as it is, not refused.
    const action = translateAction({ permissions: member.user.permissions, partnerMode: false, chatLanguage: language, character: { visibility: character.visibility, language: character.language } });
    if (action === 'hidden') throw refuse(409, TRANSLATION_ERROR_CODES.SAME_LANGUAGE, TRANSLATION_MESSAGES.defaultLanguage);
    if (action === 'upgrade') throw refuse(403, TRANSLATION_ERROR_CODES.UPGRADE, TRANSLATION_MESSAGES.upgrade);
    if (action === 'upgrade_private') throw refuse(403, TRANSLATION_ERROR_CODES.UPGRADE_PRIVATE, TRANSLATION_MESSAGES.upgradePrivate);
  };

  const start = translationCalls.translate;
  app.post(
    start.path,
    { schema: { params: start.params, body: start.body, response: { 200: start.response } }, config: { access: start.access } },
    async (request) => {
      const member = memberOf(request);
      const { language } = request.body;
      // Hidden for partner sites (document 1 §6): not offered there at all.
      if ((await findAppSettings(db, member.applicationId))?.kind === 'partner') throw refuse(403, TRANSLATION_ERROR_CODES.UNAVAILABLE, TRANSLATION_MESSAGES.unavailable);
      const character = await findViewableCharacter(db, request.params.characterId, viewerOf(member));
      if (!character) throw AppError.notFound('Character not found');
      await assertMayTranslate(member, character, language);
      const hash = sourceHash(character);
      const now = clock.now();
      const runId = randomUUID();
      const started = await db.transaction(async (tx) => {
        // Starts a new one, or again one that failed, stalled or was made from an older version; one running or done is left.
        const { rows } = await tx.query<TranslationRow>(
          `insert into character_translations (character_id, language, status, progress, source_hash, requested_by, created_at, updated_at, run_id)
           values ($1, $2, 'translating', 0, $3, $4, $5, $5, $7)
           on conflict (character_id, language) do update set status = 'translating', progress = 0, fields = null, error = null,
             source_hash = excluded.source_hash, requested_by = excluded.requested_by, updated_at = excluded.updated_at, run_id = excluded.run_id
           where character_translations.status = 'failed'
              or (character_translations.status = 'done' and character_translations.source_hash <> excluded.source_hash)
              or (character_translations.status = 'translating' and character_translations.updated_at < $6)
           returning character_id, language, status, progress, source_hash, fields, error, updated_at`,
          [character.id, language, hash, member.userId, now, new Date(now.getTime() - STALLED_MS), runId],
        );
        const row = rows[0];
        // The upsert is the guard against a second job: only the request that (re)started it queues one.
        if (row) await jobs.enqueue(tx, { kind: CHARACTER_TRANSLATION_KIND, payload: { character_id: character.id, language, run_id: runId }, runAt: now, maxAttempts: 1 }, now);
        return row ?? null;
      });
      const row = started ?? (await findTranslation(db, character.id, language));
      if (!row) throw new Error('translation row vanished');
      return toTranslation(row, definitionShown(member, character), now);
    },
  );

  const read = translationCalls.translation;
  app.get(
    read.path,
    { schema: { params: read.params, response: { 200: read.response } }, config: { access: read.access } },
    async (request) => {
      const character = await findViewableCharacter(db, request.params.characterId, viewerOf(request.caller));
      if (!character) throw AppError.notFound('Character not found');
      const row = await findTranslation(db, character.id, request.params.language);
      // One made from an older version of the chatbot is as good as none.
      if (!row || (row.status === 'done' && row.source_hash !== sourceHash(character))) {
        throw refuse(404, TRANSLATION_ERROR_CODES.NOT_TRANSLATED, TRANSLATION_MESSAGES.notTranslated);
      }
      return toTranslation(row, definitionShown(request.caller, character), clock.now());
    },
  );
};
