import { AssetUrlSchema, chatCalls } from '@fable/contracts';
import { memberOf } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ApiDeps, ApiPlugin } from '../../http/apiPlugin';
import { validationMessage } from '../../http/errorHandling';
import type { ContentClassifier } from '../moderation/contentClassifier';
import { openContentClassifier } from '../moderation/moderationConfig';
import { checkPersonaContent } from './personaContentChecks';
import { createPersona, deletePersona, listPersonas, setDefaultPersona, updatePersona } from './personaRepository';

/**
 * The avatar must be something the site can show (an uploaded asset's URL or a path on the site), else the persona
 * could not be answered (PersonaSchema.avatar_url). The form's "Avatar is required" is checked by the contract.
 */
function checkAvatarUrl(avatarUrl: string | undefined): void {
  if (avatarUrl === undefined || AssetUrlSchema.safeParse(avatarUrl).success) return;
  const issues = [{ path: 'body.avatar_url', message: 'must be an http(s) URL or an absolute path' }];
  throw new AppError(400, 'validation_error', validationMessage('body', issues), { issues });
}

export interface PersonaDeps extends ApiDeps {
  /** The content checks' classifier; by default the chatbot checks' (MODERATION_* or the embedded rules). */
  classifier?: ContentClassifier;
}

/**
 * Personas (document 1 §3, document 2 §2-§9): the member's own only (another member's persona answers 404 "No
 * persona found."). A member starts with no persona: the list is empty and the chat speaks as the username; the
 * first persona created becomes the default, and there is always exactly one default from then on. Name and
 * highlights pass the content checks (4207 underage, 4208 explicit; personaContentChecks.ts) before anything is
 * written, outside the member's write lock (a moderation endpoint may take seconds).
 */
export const personaRoutes: ApiPlugin<PersonaDeps> = async (app, deps) => {
  const { db, clock } = deps;
  const classifier =
    deps.classifier ?? openContentClassifier(deps.config.moderationEndpoint, (err) => app.log.warn({ err }, 'moderation endpoint failed; the embedded rules answered'));

  const list = chatCalls.personas;
  app.get(list.path, { schema: { response: { 200: list.response } }, config: { access: list.access } }, async (request) => {
    const member = memberOf(request);
    return { personas: await listPersonas(db, member.userId) };
  });

  const create = chatCalls.createPersona;
  app.post(
    create.path,
    { schema: { body: create.body, response: { 200: create.response } }, config: { access: create.access } },
    async (request) => {
      const member = memberOf(request);
      checkAvatarUrl(request.body.avatar_url);
      await checkPersonaContent(classifier, request.body);
      return createPersona(db, { id: member.userId, tier: member.user.effective_tier }, request.body, clock.now());
    },
  );

  const update = chatCalls.updatePersona;
  app.patch(
    update.path,
    { schema: { params: update.params, body: update.body, response: { 200: update.response } }, config: { access: update.access } },
    async (request) => {
      const member = memberOf(request);
      checkAvatarUrl(request.body.avatar_url);
      await checkPersonaContent(classifier, request.body);
      return updatePersona(db, { id: member.userId, tier: member.user.effective_tier }, request.params.personaId, request.body, clock.now());
    },
  );

  const remove = chatCalls.removePersona;
  app.delete(
    remove.path,
    { schema: { params: remove.params, response: { 200: remove.response } }, config: { access: remove.access } },
    async (request) => {
      const member = memberOf(request);
      await deletePersona(db, member.userId, request.params.personaId);
      return { ok: true as const };
    },
  );

  const setDefault = chatCalls.setDefaultPersona;
  app.put(
    setDefault.path,
    { schema: { params: setDefault.params, response: { 200: setDefault.response } }, config: { access: setDefault.access } },
    async (request) => {
      const member = memberOf(request);
      return setDefaultPersona(db, member.userId, request.params.personaId, clock.now());
    },
  );
};
