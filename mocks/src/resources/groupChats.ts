import {
  GROUP_CHAT_ERROR_CODES,
  GROUP_CHAT_ERRORS,
  GROUP_CHAT_LIMITS,
  GROUP_CHAT_MESSAGES,
  MyCharacterSchema,
  groupChatCalls,
  groupChatListRank,
  worstMemberStatus,
  countCharacterTokens,
  type CharacterProfile,
  type GroupChatDetail,
  type GroupChatErrorCode,
  type MyCharacter,
} from '@fable/contracts';
import {
  groupChatDetail,
  memberOptionList,
  membersTokenCount,
  mergeFields,
  planMembers,
  shownMembers,
  toSubCharacter,
  type GroupFieldsInput,
  type MemberRefusalReason,
} from '@fable/rules/group';
import { HttpResponse } from 'msw';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';
// authoring.ts imports myGroupChats back: both are used at call time only.
import { bpeTokenizer } from '@fable/rules/tokens';
import { visibleTo } from './characters';

/** Each group's member ids, in order, by mock database (the profile keeps `sub_characters` as of the last save). */
const memberIdsByDb = new WeakMap<MockDb, Map<string, string[]>>();
const memberIdsOf = (db: MockDb) => memberIdsByDb.get(db) ?? memberIdsByDb.set(db, new Map()).get(db)!;

const groupError = (code: GroupChatErrorCode, details?: unknown) =>
  HttpResponse.json({ error: { code, message: GROUP_CHAT_ERRORS[code].message, ...(details === undefined ? {} : { details }) } }, { status: GROUP_CHAT_ERRORS[code].status });

/** The one application of the mock API (the rules compare a member's application with its group's). */
const MOCK_APPLICATION = 'mock';

/** Shown by listings: public, not withdrawn by moderation (the API's search_listable). */
const listable = (c: CharacterProfile) =>
  c.visibility === 'public' && !c.aicq_manual_review_required && !['fix_required', 'manual_review_required'].includes(c.moderationReport?.moderation_status ?? '');
const isChatbot = (c: CharacterProfile | undefined): c is CharacterProfile => !!c && (c.type ?? 'character') === 'character';

/** A stored chatbot as the group rules read it (the API's MemberRow). */
const memberRowOf = (c: CharacterProfile) => ({
  id: c.id,
  name: c.name,
  avatar_url: c.avatar_url,
  moderation_status: c.moderationReport?.moderation_status ?? null,
  application_id: MOCK_APPLICATION,
  creator_user_id: c.creator_user_id,
  visibility: c.visibility,
  type: c.type ?? 'character',
  token_count: c.token_count ?? countCharacterTokens(c, bpeTokenizer.count),
  is_nsfw: c.is_nsfw,
  listable: listable(c),
});
/** The stored chatbots of `ids`, by id, as the group rules read them (unknown ids are absent). */
const memberRows = (db: MockDb, ids: readonly string[]) =>
  new Map(ids.flatMap((id) => (db.characters.has(id) ? [[id, memberRowOf(db.characters.get(id)!)] as const] : [])));
const ownerOf = (group: CharacterProfile) => ({ application_id: MOCK_APPLICATION, creator_user_id: group.creator_user_id });

/** A group's members as `viewer` sees them now (the rule: the creator their own chatbots, everyone the listable ones). */
function membersFor(db: MockDb, group: CharacterProfile, viewer: string | null) {
  const ids = memberIdsOf(db).get(group.id) ?? [];
  return shownMembers(ids, memberRows(db, ids), ownerOf(group), viewer);
}
/** A stored group as the rules read its row. */
const groupRowOf = (g: CharacterProfile) => ({ ...g, aicq_manual_review_required: g.aicq_manual_review_required ?? false });

const MEMBER_CODES: Record<MemberRefusalReason, GroupChatErrorCode> = {
  unavailable: GROUP_CHAT_ERROR_CODES.MEMBER_UNAVAILABLE,
  not_public: GROUP_CHAT_ERROR_CODES.MEMBER_NOT_PUBLIC,
  withdrawn: GROUP_CHAT_ERROR_CODES.MEMBER_WITHDRAWN,
};

/**
 * The group chat calls with the API's rules, called from @fable/rules/group (rules/src/group: which members show to
 * whom, which a save refuses, the fields an update keeps, the answer's shape, the options' each-once-at-most-max):
 * this file holds the mock's state (its rows, each group's member ids) and the protocol (errors as the API answers
 * them). The content checks are the API's alone. `myGroupChats` serves GET /users/characters?type=group
 * (resources/authoring.ts).
 */
export function groupChatHandlers(db: MockDb) {
  const ids = memberIdsOf(db);

  const detail = (group: CharacterProfile, viewer: string | null): GroupChatDetail => groupChatDetail(groupRowOf(group), membersFor(db, group, viewer), worstMemberStatus);

  /** A save's fields and members by the API's rules (mergeFields, planMembers), or the API's refusal. */
  const plan = (current: CharacterProfile | null, body: GroupFieldsInput, userId: string) => {
    const fields = mergeFields(current, body);
    const stored = current ? (ids.get(current.id) ?? []) : [];
    const group = { applicationId: MOCK_APPLICATION, creatorUserId: userId, visibility: fields.visibility };
    const members = planMembers(fields.sent_member_ids, stored, memberRows(db, fields.sent_member_ids ?? stored), group);
    if (!('refused' in members)) return { fields, memberIds: members.ids };
    if (members.refused === 'none') return apiError(400, 'validation_error', `sub_character_ids: ${GROUP_CHAT_MESSAGES.minimumText}`);
    const { reason, character_id, index } = members.refusal;
    return groupError(MEMBER_CODES[reason], { character_id, index });
  };

  const save = (group: CharacterProfile, memberIds: string[]) => {
    ids.set(group.id, memberIds);
    const members = membersFor(db, group, group.creator_user_id);
    const stored = { ...group, sub_characters: members.map(toSubCharacter), token_count: membersTokenCount(members), is_nsfw: members.some((m) => m.is_nsfw) };
    db.characters.set(group.id, stored);
    return stored;
  };

  const findGroup = (id: string) => {
    const found = db.characters.get(id);
    return found && found.type === 'group' ? found : null;
  };
  const notFound = () => groupError('group_chat_not_found');

  return [
    contractRoute(groupChatCalls.groupMemberOptions, ({ userId, query }) => {
      const q = (query.query ?? '').toLowerCase();
      const matches = (c: CharacterProfile) => !q || c.name.toLowerCase().includes(q) || c.title.toLowerCase().includes(q);
      const blocked = db.blocked.get(userId!) ?? new Map<string, string>();
      const all = [...db.characters.values()].filter(isChatbot);
      const others = all.filter((c) => c.creator_user_id !== userId && listable(c) && !blocked.has(c.creator_user_id) && matches(c));
      const own = all.filter((c) => c.creator_user_id === userId && matches(c)).reverse();
      const favourites = others.filter((c) => db.favorites.has(`${userId}:${c.id}`));
      const found = q ? [...others].sort((a, b) => b.num_messages - a.num_messages) : [];
      const options = memberOptionList([...own, ...favourites, ...found].map((c) => ({ ...c, own: c.creator_user_id === userId })), GROUP_CHAT_LIMITS.memberOptionsMax);
      return { options };
    }),
    contractRoute(groupChatCalls.groupChat, ({ userId, params }) => {
      const group = findGroup(params.characterId);
      return group && visibleTo(group, userId) ? detail(group, userId) : notFound();
    }),
    contractRoute(groupChatCalls.createGroupChat, ({ userId, body }) => {
      const user = db.users.get(userId!)!;
      if (!user.username) return groupError('username_required');
      const planned = plan(null, body, user.id);
      if (planned instanceof Response) return planned;
      const { fields } = planned;
      const now = new Date().toISOString();
      const group = save(
        {
          id: db.nextId('group-new-'),
          type: 'group',
          name: fields.name,
          title: fields.title,
          persona: '',
          greeting: '',
          avatar_url: fields.avatar_url,
          avatar_is_nsfw: false,
          is_nsfw: false,
          visibility: fields.visibility,
          definition_visible: false,
          tags: fields.tags,
          creator_user_id: user.id,
          creator_username: user.username,
          num_messages: 0,
          rating_score: null,
          createdAt: now,
          updatedAt: now,
          lorebooks: [],
          moderationReport: null,
          definition_hidden: false,
          num_favorites: 0,
          viewer: { is_creator: true, is_favorite: false, rating: null, creator_blocked: false },
        },
        planned.memberIds,
      );
      return detail(group, user.id);
    }),
    contractRoute(groupChatCalls.updateGroupChat, ({ userId, params, body }) => {
      const group = findGroup(params.characterId);
      if (!group) return notFound();
      if (group.creator_user_id !== userId) return groupError('not_owner');
      const planned = plan(group, body, userId);
      if (planned instanceof Response) return planned;
      const { name, title, tags, avatar_url, visibility } = planned.fields;
      const updated = save({ ...group, name, title, tags, avatar_url, visibility, updatedAt: new Date().toISOString() }, planned.memberIds);
      return detail(updated, userId);
    }),
  ];
}

/** GET /users/characters?type=group: the member's groups with their members, a fix_required member first (document 2 §4). */
export function myGroupChats(db: MockDb, userId: string | null): MyCharacter[] {
  const groups = [...db.characters.values()].filter((c) => c.type === 'group' && c.creator_user_id === userId).reverse();
  return groups
    .map((group) => {
      const members = membersFor(db, group, userId);
      return MyCharacterSchema.parse({ ...group, sub_characters: members.map(toSubCharacter), token_count: membersTokenCount(members) });
    })
    .map((group, at) => ({ group, at, rank: groupChatListRank(group.sub_characters ?? []) }))
    .sort((a, b) => a.rank - b.rank || a.at - b.at)
    .map(({ group }) => group);
}
