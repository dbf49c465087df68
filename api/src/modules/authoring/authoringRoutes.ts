import {
  characterCalls,
  characterTokenCount,
  type CharacterVisibility,
  type OwnCharacter,
} from '@fable/contracts';
import { memberOf, type MemberCaller } from '../../http/access';
import type { ApiDeps, ApiPlugin } from '../../http/apiPlugin';
import type { ObjectStore } from '../../infra/storage/objectStore';
import { cardFileIssues } from '../cardRoutes/cardFileStore';
import { bumpCatalogVersion } from '../catalogVersion/catalogVersion';
import { bpeTokenizer } from '@fable/rules/tokens';
import type { ContentClassifier } from '../moderation/contentClassifier';
import { findFullCharacter, toOwnCharacter, type FullCharacterRow } from '../moderation/fullCharacter';
import { openContentClassifier } from '../moderation/moderationConfig';
import { appendModerationEvent } from '../moderation/moderationEvents';
import { planCharacterBook } from '../lorebooks/characterBook';
import { characterLorebooks } from '../profile/profileRepository';
import { imageStoreOf } from '../images/imageStoreOf';
import { findAppSettings } from '../settings/appSettingsRepository';
import { characterNotFound, editConflict, invalidBody, notOwner, restricted, usernameRequired } from './authoringErrors';
import { deleteOwnCharacter, ensureCreator, insertCharacter, listOwnCharacters, updateCharacter } from './authoringRepository';
import { planSave, type PlannedSave } from './characterSave';

/** Attempts of an update that finds the chatbot changed under it before it gives up with 409. */
const UPDATE_ATTEMPTS = 3;

/**
 * Chatbot authoring (contracts' characterCalls; document 1 §2 "Create chatbot", "Edit chatbot", "My Chatbots", §4-§7):
 * members only, each on their own chatbots of their application. See README.md in this folder.
 */
export interface AuthoringDeps extends ApiDeps {
  /** The automatic checks' classifier; by default the one the config names (moderationEndpoint) or the embedded rules. */
  classifier?: ContentClassifier;
  /** Where a card's embedded files are stored (card_extras.files must name stored ones); the app passes its store. */
  imageStore?: ObjectStore;
}

export const authoringRoutes: ApiPlugin<AuthoringDeps> = async (app, deps) => {
  const { db, cache, clock } = deps;
  const classifier =
    deps.classifier ?? openContentClassifier(deps.config.moderationEndpoint, (err) => app.log.warn({ err }, 'moderation endpoint failed; the embedded rules answered'));

  const store = imageStoreOf(app, deps);

  const nsfwAllowed = async (applicationId: string) => (await findAppSettings(db, applicationId))?.kind !== 'partner';

  /** card_extras.files (a card import's embedded files) may only reference files the store holds: else 400. */
  const checkCardFiles = async (cardExtras: Record<string, unknown> | undefined) => {
    const issues = cardExtras ? await cardFileIssues(store, cardExtras) : [];
    if (issues.length > 0) throw invalidBody(issues);
  };

  /** The member's own chatbot in their application: 404 when there is none, 403 not_owner when it is someone else's. */
  const ownCharacter = async (member: MemberCaller, characterId: string): Promise<FullCharacterRow> => {
    const row = await findFullCharacter(db, characterId);
    if (!row || row.application_id !== member.applicationId) throw characterNotFound();
    if (row.creator_user_id !== member.userId) throw notOwner();
    return row;
  };

  const answer = async (row: FullCharacterRow): Promise<OwnCharacter> => toOwnCharacter(row, await characterLorebooks(db, row.id));

  /** Listings, creator pages and recommendations show public chatbots: a change to one is seen at once. */
  const touchedListings = async (applicationId: string, ...visibilities: Array<CharacterVisibility | undefined>) => {
    if (visibilities.includes('public')) await bumpCatalogVersion(cache, applicationId, clock.now());
  };

  const recordEvent = (tx: Parameters<typeof appendModerationEvent>[0], member: MemberCaller, characterId: string, event: NonNullable<PlannedSave['event']>) =>
    appendModerationEvent(tx, {
      characterId,
      applicationId: member.applicationId,
      actor: { userId: member.userId, username: member.user.username, role: 'creator' },
      action: event.action,
      fromStatus: event.from,
      toStatus: event.to,
      findings: event.findings,
      at: clock.now(),
    });

  const list = characterCalls.myCharacters;
  app.get(list.path, { schema: { querystring: list.query, response: { 200: list.response } }, config: { access: list.access } }, async (request) => {
    const member = memberOf(request);
    return { data: await listOwnCharacters(db, member.applicationId, member.userId, request.query.type ?? 'character') };
  });

  const one = characterCalls.myCharacter;
  app.get(one.path, { schema: { params: one.params, response: { 200: one.response } }, config: { access: one.access } }, async (request) => {
    const member = memberOf(request);
    return answer(await ownCharacter(member, request.params.characterId));
  });

  const create = characterCalls.createCharacter;
  app.post(create.path, { schema: { body: create.body, response: { 200: create.response } }, config: { access: create.access } }, async (request) => {
    const member = memberOf(request);
    if (!member.user.permissions.includes('create_character')) throw restricted('create_character');
    const username = member.user.username;
    if (!username) throw usernameRequired();
    await checkCardFiles(request.body.card_extras);
    const now = clock.now();
    const plan = await planSave(null, request.body, { classifier, tokenizer: bpeTokenizer, nsfwAllowed: await nsfwAllowed(member.applicationId), now });
    const row = await db.transaction(async (tx) => {
      await ensureCreator(tx, { userId: member.userId, username, name: member.user.name, avatarUrl: member.user.avatar_url });
      const owner = { applicationId: member.applicationId, userId: member.userId, username };
      // A card's character book becomes the chatbot's lorebook in this transaction (modules/lorebooks/characterBook.ts).
      const book = await planCharacterBook(tx, owner, plan.values.card_extras, plan.values, null, now);
      const created = await insertCharacter(tx, owner, { ...plan.values, card_extras: book.extras }, now);
      await book.adopt?.(tx, created.id);
      if (plan.event) await recordEvent(tx, member, created.id, plan.event);
      return created;
    });
    await touchedListings(member.applicationId, row.visibility);
    return answer(row);
  });

  const update = characterCalls.updateCharacter;
  app.patch(
    update.path,
    { schema: { params: update.params, body: update.body, response: { 200: update.response } }, config: { access: update.access } },
    async (request) => {
      const member = memberOf(request);
      if (!member.user.permissions.includes('create_character')) throw restricted('create_character');
      const allowNsfw = await nsfwAllowed(member.applicationId);
      // Optimistic: a save applies to the revision it read; when another write came first it is planned again on top.
      for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
        const current = await ownCharacter(member, request.params.characterId);
        // A group chat changes through PATCH /groupchats/:id (modules/groupChats), which keeps its member rules.
        if (current.type === 'group') throw characterNotFound();
        if (attempt === 0) await checkCardFiles(request.body.card_extras);
        const now = clock.now();
        const plan = await planSave(current, request.body, { classifier, tokenizer: bpeTokenizer, nsfwAllowed: allowNsfw, now });
        const row = await db.transaction(async (tx) => {
          const owner = { applicationId: member.applicationId, userId: member.userId, username: member.user.username ?? current.creator_username };
          const book = await planCharacterBook(tx, owner, plan.values.card_extras, plan.values, current.id, now);
          const updated = await updateCharacter(tx, current.id, current.revision, { ...plan.values, card_extras: book.extras }, now);
          if (updated) await book.adopt?.(tx, current.id);
          if (updated && plan.event) await recordEvent(tx, member, current.id, plan.event);
          return updated;
        });
        if (row) {
          await touchedListings(member.applicationId, current.visibility, row.visibility);
          return answer(row);
        }
      }
      throw editConflict();
    },
  );

  const remove = characterCalls.deleteCharacter;
  app.delete(remove.path, { schema: { params: remove.params, response: { 200: remove.response } }, config: { access: remove.access } }, async (request) => {
    const member = memberOf(request);
    if (!member.user.permissions.includes('delete_character')) throw restricted('delete_character');
    const current = await ownCharacter(member, request.params.characterId);
    const deleted = await db.transaction(async (tx) => {
      const row = await deleteOwnCharacter(tx, current.id, member.userId);
      if (row) {
        await appendModerationEvent(tx, {
          characterId: row.id,
          applicationId: member.applicationId,
          actor: { userId: member.userId, username: member.user.username, role: 'creator' },
          action: 'deleted',
          fromStatus: row.moderation_status,
          toStatus: null,
          at: clock.now(),
        });
      }
      return row;
    });
    // Deleted meanwhile by another call of the member: gone either way.
    if (!deleted) throw characterNotFound();
    await touchedListings(member.applicationId, deleted.visibility);
    return { ok: true as const, id: deleted.id };
  });

  const tokens = characterCalls.countTokens;
  app.post(tokens.path, { schema: { body: tokens.body, response: { 200: tokens.response } }, config: { access: tokens.access } }, async (request) => {
    memberOf(request);
    return characterTokenCount(request.body, bpeTokenizer.count);
  });
};
