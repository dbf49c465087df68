import { lorebookCalls } from '@fable/contracts';
import { memberOf, type MemberCaller } from '../../http/access';
import type { ApiDeps, ApiPlugin } from '../../http/apiPlugin';
import type { ContentClassifier } from '../moderation/contentClassifier';
import { openContentClassifier } from '../moderation/moderationConfig';
import { findAppSettings } from '../settings/appSettingsRepository';
import { ownLorebook, readableLorebook } from './lorebookAccess';
import { lorebookContentCheck } from './lorebookContentChecks';
import { exportLorebookFile } from './lorebookExport';
import { listOwnLorebooks, lorebookDetail } from './lorebookRepository';
import { testLorebook } from './lorebookTestView';
import {
  attachLorebook,
  createEntry,
  createLorebook,
  deleteEntry,
  deleteLorebook,
  detachLorebook,
  importLorebook,
  updateEntry,
  updateLorebook,
} from './lorebookWrites';

/**
 * Lorebooks (contracts' lorebookCalls; document 2 §2-§9): anyone reads a lorebook of their application, its creator
 * changes it, a chatbot's creator attaches their own. See README.md in this folder.
 */
/**
 * A whole book in one body (create, import): 100 entries, each with the kept fields of an imported entry (its
 * original content and SillyTavern's settings), can pass the default 1 MB.
 */
const BOOK_BODY_LIMIT = 4 * 1024 * 1024;

export interface LorebookDeps extends ApiDeps {
  /** The automatic checks' classifier; by default the one the config names (moderationEndpoint) or the embedded rules. */
  classifier?: ContentClassifier;
}

export const lorebookRoutes: ApiPlugin<LorebookDeps> = async (app, deps) => {
  const { db, clock } = deps;
  const ok = { ok: true as const };
  const classifier =
    deps.classifier ?? openContentClassifier(deps.config.moderationEndpoint, (err) => app.log.warn({ err }, 'moderation endpoint failed; the embedded rules answered'));
  /** The content checks for the member's application (partner applications allow no NSFW content). */
  const checkFor = (member: MemberCaller) => lorebookContentCheck(classifier, async () => (await findAppSettings(db, member.applicationId))?.kind !== 'partner');

  const mine = lorebookCalls.myLorebooks;
  app.get(mine.path, { schema: { response: { 200: mine.response } }, config: { access: mine.access } }, async (request) => {
    const member = memberOf(request);
    return { lorebooks: await listOwnLorebooks(db, member.applicationId, member.userId) };
  });

  const one = lorebookCalls.lorebook;
  app.get(one.path, { schema: { params: one.params, response: { 200: one.response } }, config: { access: one.access } }, async (request) =>
    lorebookDetail(db, await readableLorebook(db, request.caller.applicationId, request.params.lorebookId)),
  );

  const create = lorebookCalls.createLorebook;
  app.post(
    create.path,
    { schema: { body: create.body, response: { 200: create.response } }, config: { access: create.access }, bodyLimit: BOOK_BODY_LIMIT },
    async (request) => {
      const member = memberOf(request);
      return createLorebook(db, member, request.body, clock.now(), checkFor(member));
    },
  );

  const imported = lorebookCalls.importLorebook;
  app.post(
    imported.path,
    { schema: { body: imported.body, response: { 200: imported.response } }, config: { access: imported.access }, bodyLimit: BOOK_BODY_LIMIT },
    async (request) => {
      const member = memberOf(request);
      return importLorebook(db, member, request.body, clock.now(), checkFor(member));
    },
  );

  const update = lorebookCalls.updateLorebook;
  app.patch(
    update.path,
    { schema: { params: update.params, body: update.body, response: { 200: update.response } }, config: { access: update.access } },
    async (request) => {
      const member = memberOf(request);
      return updateLorebook(db, member, request.params.lorebookId, request.body, clock.now(), checkFor(member));
    },
  );

  const remove = lorebookCalls.deleteLorebook;
  app.delete(remove.path, { schema: { params: remove.params, response: { 200: remove.response } }, config: { access: remove.access } }, async (request) => {
    await deleteLorebook(db, memberOf(request), request.params.lorebookId);
    return ok;
  });

  const addEntry = lorebookCalls.createLorebookEntry;
  app.post(
    addEntry.path,
    { schema: { params: addEntry.params, body: addEntry.body, response: { 200: addEntry.response } }, config: { access: addEntry.access } },
    async (request) => {
      const member = memberOf(request);
      return createEntry(db, member, request.params.lorebookId, request.body, clock.now(), checkFor(member));
    },
  );

  const changeEntry = lorebookCalls.updateLorebookEntry;
  app.patch(
    changeEntry.path,
    { schema: { params: changeEntry.params, body: changeEntry.body, response: { 200: changeEntry.response } }, config: { access: changeEntry.access } },
    async (request) => {
      const member = memberOf(request);
      return updateEntry(db, member, request.params.lorebookId, request.params.entryId, request.body, clock.now(), checkFor(member));
    },
  );

  const removeEntry = lorebookCalls.deleteLorebookEntry;
  app.delete(
    removeEntry.path,
    { schema: { params: removeEntry.params, response: { 200: removeEntry.response } }, config: { access: removeEntry.access } },
    async (request) => {
      await deleteEntry(db, memberOf(request), request.params.lorebookId, request.params.entryId, clock.now());
      return ok;
    },
  );

  const attach = lorebookCalls.attachLorebook;
  app.put(attach.path, { schema: { params: attach.params, response: { 200: attach.response } }, config: { access: attach.access } }, async (request) => {
    await attachLorebook(db, memberOf(request), request.params.characterId, request.params.lorebookId);
    return ok;
  });

  const detach = lorebookCalls.detachLorebook;
  app.delete(detach.path, { schema: { params: detach.params, response: { 200: detach.response } }, config: { access: detach.access } }, async (request) => {
    await detachLorebook(db, memberOf(request), request.params.characterId, request.params.lorebookId);
    return ok;
  });

  const exported = lorebookCalls.exportLorebook;
  app.get(exported.path, { schema: { params: exported.params, querystring: exported.query }, config: { access: exported.access } }, async (request, reply) => {
    const file = await exportLorebookFile(db, await ownLorebook(db, memberOf(request), request.params.lorebookId), request.query.format);
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', file.disposition)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });

  const test = lorebookCalls.testLorebook;
  app.post(
    test.path,
    { schema: { params: test.params, body: test.body, response: { 200: test.response } }, config: { access: test.access } },
    async (request) => {
      const member = memberOf(request);
      const lorebook = await lorebookDetail(db, await ownLorebook(db, member, request.params.lorebookId));
      return testLorebook(member, lorebook, request.body);
    },
  );
};
