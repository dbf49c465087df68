import {
  CHARACTER_LIMITS,
  SUGGEST_FIELDS,
  characterEditLock,
  suggestionCalls,
  type ScoredTag,
  type SuggestTagsBody,
} from '@fable/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { memberOf, type MemberCaller } from '../../http/access';
import type { ApiPlugin } from '../../http/apiPlugin';
import { AppError } from '../../http/appError';
import { modelRegistryOf, type OfferedModel } from '../../infra/inference/models';
import { characterNotFound, notOwner, restricted } from '../authoring/authoringErrors';
import { findViewableCharacter, viewerOf } from '../discovery/characterAccess';
import { findAppSettings } from '../settings/appSettingsRepository';
import { askModel } from './askModel';
import { cleanSuggestion } from './cleanSuggestion';
import { fieldSuggestionRequest, tagSuggestionRequest } from './suggestionPrompts';
import { deleteTagSuggestion, findEditedCharacter, findTagSuggestion, saveTagSuggestion } from './suggestionRepository';
import { suggestionsLocked, tagsAlreadyOnChatbot, tagsInBothLists, tagsNotOffered, tagsNotOnChatbot, unusableSuggestion } from './suggestionErrors';
import { rankTagsByKeywords, scoreModelTags, tagsInAnswer } from './tagPicks';

/**
 * The chatbot form's suggestions and the profile's tag suggestion (contracts' suggestionCalls; document 1 §3, §5,
 * §7). See README.md in this folder.
 */

const key = (tag: string) => tag.trim().toLowerCase();

export const suggestionRoutes: ApiPlugin = async (app, deps) => {
  const { db, clock, config, rateLimit } = deps;
  // The chat's models (INFERENCE_MODELS_FILE, else the demo model); suggestions use the platform's, never a member's key.
  const models = modelRegistryOf(config);

  /** A member with create_character (403 "Restricted!" without it, like create). */
  const creator = (request: FastifyRequest): MemberCaller => {
    const member = memberOf(request);
    if (!member.user.permissions.includes('create_character')) throw restricted('create_character');
    return member;
  };

  /** The edited chatbot, when the form names one: the member's own (404, 403 not_owner), not under review (409). */
  const checkEditedCharacter = async (member: MemberCaller, characterId: string | undefined) => {
    if (characterId === undefined) return;
    const row = await findEditedCharacter(db, characterId);
    if (!row || row.application_id !== member.applicationId) throw characterNotFound();
    if (row.creator_user_id !== member.userId) throw notOwner();
    const lock = characterEditLock(row.moderation_status);
    if (lock) throw suggestionsLocked(lock);
  };

  /** The default model: the first of the platform's the member may use. */
  const defaultModel = (member: MemberCaller): OfferedModel => {
    const choice = models.choose({ permissions: member.user.permissions }, undefined);
    if (!choice.ok) throw AppError.forbidden('Your plan does not include any model.', 'model_not_allowed');
    return choice.offered;
  };

  const suggestField = suggestionCalls.suggestField;
  app.post(
    suggestField.path,
    { schema: { body: suggestField.body, response: { 200: suggestField.response } }, config: { access: suggestField.access } },
    async (request, reply) => {
      const member = creator(request);
      const { field, fields_values: values, character_id } = request.body;
      await checkEditedCharacter(member, character_id);
      const model = defaultModel(member);
      await rateLimit.suggestion(request, member.userId);
      const answer = await askModel(model.engine, fieldSuggestionRequest(field, values), { reply, log: request.log });
      const value = cleanSuggestion(field, answer);
      if (value === null) throw unusableSuggestion();
      return { field, suggested_value: value };
    },
  );

  const suggestTags = suggestionCalls.suggestTags;
  app.post(
    suggestTags.path,
    { schema: { body: suggestTags.body, response: { 200: suggestTags.response } }, config: { access: suggestTags.access } },
    async (request, reply) => {
      const member = creator(request);
      const body = request.body;
      await checkEditedCharacter(member, body.character_id);
      const chosen = new Set((body.tags ?? []).map(key));
      const options = (await findAppSettings(db, member.applicationId))?.tagOptions ?? [];
      const offered = options.filter((tag) => !chosen.has(key(tag)));
      if (offered.length === 0) return { suggested_tags: [] };
      const model = defaultModel(member);
      await rateLimit.suggestion(request, member.userId);
      return { suggested_tags: await pickTags(offered, body, { model, reply, request }) };
    },
  );

  /**
   * Up to 5 tags: the model's picks among `offered`; when it names none, or cannot answer (busy, failed, too
   * slow), the keyword ranking. Its 429 is passed up.
   */
  async function pickTags(offered: readonly string[], body: SuggestTagsBody, c: { model: OfferedModel; reply: FastifyReply; request: FastifyRequest }): Promise<ScoredTag[]> {
    const max = CHARACTER_LIMITS.suggestedTagsMax;
    let answer = '';
    try {
      answer = await askModel(c.model.engine, tagSuggestionRequest(offered, body, max), { reply: c.reply, log: c.request.log });
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode === 429) throw err;
      c.request.log.warn({ code: err.code }, 'tag suggestion: the model did not answer; keyword ranking instead');
    }
    const picked = tagsInAnswer(answer, offered, max);
    if (picked.length > 0) return scoreModelTags(picked);
    const text = SUGGEST_FIELDS.map((f) => body[f] ?? '').join('\n');
    return rankTagsByKeywords(offered, text, max);
  }

  /** The viewable chatbot of a tag suggestion (404 when the member cannot open it). */
  const viewable = async (member: MemberCaller, characterId: string) => {
    const row = await findViewableCharacter(db, characterId, viewerOf(member));
    if (!row) throw characterNotFound();
    return row;
  };

  const mine = suggestionCalls.myTagSuggestion;
  app.get(mine.path, { schema: { params: mine.params, response: { 200: mine.response } }, config: { access: mine.access } }, async (request) => {
    const member = memberOf(request);
    const row = await viewable(member, request.params.characterId);
    return { suggestion: await findTagSuggestion(db, member.userId, row.id) };
  });

  const send = suggestionCalls.sendTagSuggestion;
  app.put(
    send.path,
    { schema: { params: send.params, body: send.body, response: { 200: send.response } }, config: { access: send.access } },
    async (request) => {
      const member = memberOf(request);
      const row = await viewable(member, request.params.characterId);
      const { tags_to_add: add, tags_to_remove: remove } = request.body;
      // Both lists empty discard the pending suggestion (document 1 §7).
      if (add.length === 0 && remove.length === 0) {
        await deleteTagSuggestion(db, member.userId, row.id);
        return { suggestion: null };
      }
      const removing = new Set(remove.map(key));
      const both = add.filter((t) => removing.has(key(t)));
      if (both.length > 0) throw tagsInBothLists(both);
      const options = new Map(((await findAppSettings(db, member.applicationId))?.tagOptions ?? []).map((t) => [key(t), t]));
      const notOffered = add.filter((t) => !options.has(key(t)));
      if (notOffered.length > 0) throw tagsNotOffered(notOffered);
      const current = new Map(row.tags.map((t) => [key(t), t]));
      const already = add.filter((t) => current.has(key(t)));
      if (already.length > 0) throw tagsAlreadyOnChatbot(already);
      const notOn = remove.filter((t) => !current.has(key(t)));
      if (notOn.length > 0) throw tagsNotOnChatbot(notOn);
      const saved = await saveTagSuggestion(db, {
        userId: member.userId,
        characterId: row.id,
        applicationId: member.applicationId,
        add: add.map((t) => options.get(key(t))!),
        remove: remove.map((t) => current.get(key(t))!),
        now: clock.now(),
      });
      if (!saved) throw characterNotFound();
      return { suggestion: saved };
    },
  );
};
