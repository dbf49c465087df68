import {
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
  type GroupChatVisibility,
  type GroupMemberOption,
  type MyCharacter,
  type SubCharacter,
} from '@fable/contracts';
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

/** Shown by listings: public, not withdrawn by moderation. */
const listable = (c: CharacterProfile) =>
  c.visibility === 'public' && !c.aicq_manual_review_required && !['fix_required', 'manual_review_required'].includes(c.moderationReport?.moderation_status ?? '');
const isChatbot = (c: CharacterProfile | undefined): c is CharacterProfile => !!c && (c.type ?? 'character') === 'character';
const tokensOf = (c: CharacterProfile) => c.token_count ?? countCharacterTokens(c, bpeTokenizer.count);
const subCharacterOf = (c: CharacterProfile): SubCharacter => ({
  id: c.id,
  name: c.name,
  avatar_url: c.avatar_url,
  moderation_status: c.moderationReport?.moderation_status ?? null,
});

/** A group's members as `viewer` sees them now: the creator their own chatbots, everyone the listable ones. */
function membersFor(db: MockDb, group: CharacterProfile, viewer: string | null): CharacterProfile[] {
  return (memberIdsOf(db).get(group.id) ?? []).flatMap((id) => {
    const m = db.characters.get(id);
    if (!isChatbot(m)) return [];
    return listable(m) || (m.creator_user_id === group.creator_user_id && viewer === group.creator_user_id) ? [m] : [];
  });
}
const tokenCountOf = (members: CharacterProfile[]) => members.reduce((sum, m) => sum + tokensOf(m), 0);

/**
 * The group chat calls with the API's rules (api/src/modules/groupChats/README.md): members are the creator's own
 * chatbots (any visibility; public ones only in a public group) and others' public ones not withdrawn; read as they
 * are now (the creator sees their own, others the listable ones); updates change only the fields sent. The content
 * checks are the API's alone. `myGroupChats` serves GET /users/characters?type=group (resources/authoring.ts).
 */
export function groupChatHandlers(db: MockDb) {
  const ids = memberIdsOf(db);

  const membersOf = (group: CharacterProfile, viewer: string | null) => membersFor(db, group, viewer);

  const detail = (group: CharacterProfile, viewer: string | null): GroupChatDetail => {
    const members = membersOf(group, viewer);
    const subs = members.map(subCharacterOf);
    return {
      id: group.id,
      name: group.name,
      title: group.title,
      avatar: group.avatar_url,
      avatar_is_nsfw: group.avatar_is_nsfw,
      visibility: group.visibility as GroupChatVisibility,
      sub_characters: subs,
      sub_character_ids: members.map((m) => m.id),
      token_count: tokenCountOf(members),
      definition_visible: false,
      aicq_manual_review_required: false,
      num_messages: group.num_messages,
      tags: group.tags,
      creator_username: group.creator_username,
      worst_member_status: worstMemberStatus(subs),
    };
  };

  /** The first member the rules refuse, as the API answers it, or null. */
  const refusal = (memberIds: string[], userId: string, visibility: GroupChatVisibility): Response | null => {
    for (const [index, id] of memberIds.entries()) {
      const m = db.characters.get(id);
      const details = { character_id: id, index };
      if (!isChatbot(m)) return groupError('group_member_unavailable', details);
      if (m.creator_user_id !== userId) {
        if (!listable(m)) return groupError('group_member_unavailable', details);
      } else if (visibility === 'public') {
        if (m.visibility !== 'public') return groupError('group_member_not_public', details);
        if (!listable(m)) return groupError('group_member_withdrawn', details);
      }
    }
    return null;
  };

  const save = (group: CharacterProfile, memberIds: string[]) => {
    ids.set(group.id, memberIds);
    const members = membersOf(group, group.creator_user_id);
    const stored = { ...group, sub_characters: members.map(subCharacterOf), token_count: tokenCountOf(members) };
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
      const seen = new Set<string>();
      const options: GroupMemberOption[] = [];
      for (const c of [...own, ...favourites, ...found]) {
        if (seen.has(c.id) || options.length >= GROUP_CHAT_LIMITS.memberOptionsMax) continue;
        seen.add(c.id);
        const { id, name, title, avatar_url, avatar_is_nsfw, visibility, creator_username } = c;
        options.push({ id, name, title, avatar_url, avatar_is_nsfw, visibility, creator_username, own: c.creator_user_id === userId });
      }
      return { options };
    }),
    contractRoute(groupChatCalls.groupChat, ({ userId, params }) => {
      const group = findGroup(params.characterId);
      return group && visibleTo(group, userId) ? detail(group, userId) : notFound();
    }),
    contractRoute(groupChatCalls.createGroupChat, ({ userId, body }) => {
      const user = db.users.get(userId!)!;
      if (!user.username) return groupError('username_required');
      const refused = refusal(body.sub_character_ids, user.id, body.visibility);
      if (refused) return refused;
      const now = new Date().toISOString();
      const group = save(
        {
          id: db.nextId('group-new-'),
          type: 'group',
          name: body.name,
          title: body.title ?? '',
          persona: '',
          greeting: '',
          avatar_url: body.avatar ?? null,
          avatar_is_nsfw: false,
          is_nsfw: false,
          visibility: body.visibility,
          definition_visible: false,
          tags: body.tags,
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
        body.sub_character_ids,
      );
      return detail(group, user.id);
    }),
    contractRoute(groupChatCalls.updateGroupChat, ({ userId, params, body }) => {
      const group = findGroup(params.characterId);
      if (!group) return notFound();
      if (group.creator_user_id !== userId) return groupError('not_owner');
      const visibility = body.visibility ?? (group.visibility as GroupChatVisibility);
      const memberIds = body.sub_character_ids ?? membersOf(group, userId).map((m) => m.id);
      if (memberIds.length === 0) return apiError(400, 'validation_error', `sub_character_ids: ${GROUP_CHAT_MESSAGES.minimumText}`);
      const refused = refusal(memberIds, userId, visibility);
      if (refused) return refused;
      const updated = save(
        {
          ...group,
          name: body.name ?? group.name,
          title: body.title ?? group.title,
          tags: body.tags ?? group.tags,
          avatar_url: body.avatar !== undefined ? body.avatar : group.avatar_url,
          visibility,
          updatedAt: new Date().toISOString(),
        },
        memberIds,
      );
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
      return MyCharacterSchema.parse({ ...group, sub_characters: members.map(subCharacterOf), token_count: tokenCountOf(members) });
    })
    .map((group, at) => ({ group, at, rank: groupChatListRank(group.sub_characters ?? []) }))
    .sort((a, b) => a.rank - b.rank || a.at - b.at)
    .map(({ group }) => group);
}
