import { groupChatCalls, worstMemberStatus, type GroupChatDetail } from '@fable/contracts';
import { groupChatDetail, mergeFields } from '@fable/rules/group';
import { memberOf, type MemberCaller } from '../../http/access';
import type { ApiDeps, ApiPlugin } from '../../http/apiPlugin';
import { bumpCatalogVersion } from '../catalogVersion/catalogVersion';
import { canView, viewerOf } from '../discovery/characterAccess';
import type { ContentClassifier } from '../moderation/contentClassifier';
import type { FullCharacterRow } from '../moderation/fullCharacter';
import { openContentClassifier } from '../moderation/moderationConfig';
import { findAppSettings } from '../settings/appSettingsRepository';
import { editConflict, groupChatNotFound, notOwner, restricted, usernameRequired } from './groupChatErrors';
import { findGroup, insertGroup, lockGroup, memberOptions, updateGroup } from './groupChatRepository';
import { checkGroupTexts, planGroupValues } from './groupChatSave';
import { groupMembersFor } from './groupMembers';

/** Attempts of an update that finds the group changed under it before it gives up with 409. */
const UPDATE_ATTEMPTS = 3;

export interface GroupChatDeps extends ApiDeps {
  /** The automatic checks' classifier; by default the one the config names (moderationEndpoint) or the embedded rules. */
  classifier?: ContentClassifier;
}

/**
 * Group chats (contracts' groupChatCalls; document 2 §2, §3, §4, §5, §6): the members page's options, a group for
 * its profile, chat and edit form, create and update. Listing (GET /users/characters?type=group) and delete (DELETE
 * /characters/:characterId) are the chatbot's calls (modules/authoring). See README.md in this folder.
 */
export const groupChatRoutes: ApiPlugin<GroupChatDeps> = async (app, deps) => {
  const { db, cache, clock } = deps;
  const classifier =
    deps.classifier ?? openContentClassifier(deps.config.moderationEndpoint, (err) => app.log.warn({ err }, 'moderation endpoint failed; the embedded rules answered'));

  const nsfwAllowed = async (applicationId: string) => (await findAppSettings(db, applicationId))?.kind !== 'partner';

  const mayCreate = (member: MemberCaller) => {
    if (!member.user.permissions.includes('create_character')) throw restricted();
  };

  /** The group as `viewerUserId` sees it: its members as they are now (groupMembers.ts), mapped by @fable/rules/group. */
  const detail = async (row: FullCharacterRow, viewerUserId: string | null): Promise<GroupChatDetail> =>
    groupChatDetail(row, (await groupMembersFor(db, [row], viewerUserId)).get(row.id) ?? [], worstMemberStatus);

  /** Listings show public characters: a change to a group that is or was public is seen at once. */
  const touchedListings = async (applicationId: string, ...visibilities: string[]) => {
    if (visibilities.includes('public')) await bumpCatalogVersion(cache, applicationId, clock.now());
  };

  const options = groupChatCalls.groupMemberOptions;
  app.get(options.path, { schema: { querystring: options.query, response: { 200: options.response } }, config: { access: options.access } }, async (request) => {
    const member = memberOf(request);
    return { options: await memberOptions(db, member.applicationId, member.userId, request.query.query ?? '') };
  });

  const one = groupChatCalls.groupChat;
  app.get(one.path, { schema: { params: one.params, response: { 200: one.response } }, config: { access: one.access } }, async (request) => {
    const viewer = viewerOf(request.caller);
    const row = await findGroup(db, request.params.characterId);
    if (!row || !canView(row, viewer)) throw groupChatNotFound();
    return detail(row, viewer.userId);
  });

  const create = groupChatCalls.createGroupChat;
  app.post(create.path, { schema: { body: create.body, response: { 200: create.response } }, config: { access: create.access } }, async (request) => {
    const member = memberOf(request);
    mayCreate(member);
    const username = member.user.username;
    if (!username) throw usernameRequired();
    const fields = mergeFields(null, request.body);
    const text = await checkGroupTexts(db, classifier, fields, await nsfwAllowed(member.applicationId));
    const owner = { applicationId: member.applicationId, creatorUserId: member.userId };
    const row = await db.transaction(async (tx) => {
      const values = await planGroupValues(tx, owner, null, fields, text);
      return insertGroup(tx, { applicationId: member.applicationId, userId: member.userId, username }, values, clock.now());
    });
    await touchedListings(member.applicationId, row.visibility);
    return detail(row, member.userId);
  });

  const update = groupChatCalls.updateGroupChat;
  app.patch(
    update.path,
    { schema: { params: update.params, body: update.body, response: { 200: update.response } }, config: { access: update.access } },
    async (request) => {
      const member = memberOf(request);
      mayCreate(member);
      const allowNsfw = await nsfwAllowed(member.applicationId);
      const owner = { applicationId: member.applicationId, creatorUserId: member.userId };
      // Optimistic: a save applies to the revision it read; when another write came first it is planned again on top.
      for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
        const current = await findGroup(db, request.params.characterId);
        if (!current || current.application_id !== member.applicationId) throw groupChatNotFound();
        if (current.creator_user_id !== member.userId) throw notOwner();
        const fields = mergeFields(current, request.body);
        const text = await checkGroupTexts(db, classifier, fields, allowNsfw);
        const row = await db.transaction(async (tx) => {
          const locked = await lockGroup(tx, current.id);
          if (!locked) throw groupChatNotFound();
          if (String(locked.revision) !== String(current.revision)) return null;
          const values = await planGroupValues(tx, owner, locked, fields, text);
          return updateGroup(tx, locked, values, clock.now());
        });
        if (row) {
          await touchedListings(member.applicationId, current.visibility, row.visibility);
          return detail(row, member.userId);
        }
      }
      throw editConflict();
    },
  );
};
