import { z } from 'zod';
import { CharacterSchema } from '../entities/character';
import { GroupChatInputSchema, GroupChatSchema, GroupChatUpdateInputSchema } from '../entities/groupChat';
import { ModerationStatusSchema } from '../entities/moderation';
import { defineCall } from './apiCall';
import { CharacterIdParamsSchema } from './discovery';

/**
 * Group chat calls (document 2 §2 Group chats, §3 "Group chat character", §5 "Group size", §6; document 1 §7 "GET
 * users/characters?type=group"). A group chat is a character of type `group` whose members (`sub_character_ids`, 1 to
 * 10 chatbots; fewer than 2 only prompts a confirmation) speak in it. Paths other than the list are ours.
 *
 * Rules (ours where the spec is silent):
 * - Who may create: a member with create_character; change or delete: its creator (delete is DELETE
 *   /characters/:characterId, as for chatbots).
 * - Which chatbots may be members: the creator's own chatbots (any visibility) and public chatbots of others of the
 *   same application that moderation has not withdrawn. A public group chat holds only public members (a public group
 *   must not reveal a private chatbot's replies to everyone).
 * - Moderation: a group is shown by the worst of its members (fix_required, then rereview_required or pending, then
 *   the rest; document 2 §4: worstMemberStatus, groupChatListRank), and is listed in that order in My Chatbots'
 *   Groupchats tab (GET /users/characters?type=group, whose items carry sub_characters).
 * - Members are read as they are now: a member deleted, moved to another visibility or withdrawn by moderation drops
 *   out of sub_characters and sub_character_ids where the rule above no longer admits it (the creator still sees
 *   their own chatbots in their group); the group still opens with the others. token_count is the sum of the
 *   members' token counts as read.
 * - Errors: groupChatErrors.ts.
 */

/** A chatbot that may be added to a group chat (the members page). */
export const GroupMemberOptionSchema = CharacterSchema.pick({
  id: true,
  name: true,
  title: true,
  avatar_url: true,
  avatar_is_nsfw: true,
  visibility: true,
  creator_username: true,
}).extend({
  /** The creator's own chatbot (else a public chatbot of another creator). */
  own: z.boolean(),
});
export type GroupMemberOption = z.infer<typeof GroupMemberOptionSchema>;

export const GroupMemberOptionsQuerySchema = z.object({
  /** Filters by name or title (case-insensitive); empty lists the caller's own chatbots and their favourites. */
  query: z.string().trim().max(100).optional(),
});

export const GroupChatDetailSchema = GroupChatSchema.extend({
  creator_username: z.string(),
  /** The worst moderation status among the members, null when none is moderated (document 2 §4 ordering). */
  worst_member_status: ModerationStatusSchema.nullable(),
});
export type GroupChatDetail = z.infer<typeof GroupChatDetailSchema>;

export const groupChatCalls = {
  /** The chatbots the caller may add (own first, then favourites / matches of `query`), at most 50. */
  groupMemberOptions: defineCall({
    method: 'GET',
    path: '/groupchats/member-options',
    access: 'member',
    query: GroupMemberOptionsQuerySchema,
    response: z.object({ options: z.array(GroupMemberOptionSchema) }),
  }),
  /** A group chat for its edit form (its creator) or its profile and chat (anyone who may open it). */
  groupChat: defineCall({ method: 'GET', path: '/groupchats/:characterId', access: 'guest', params: CharacterIdParamsSchema, response: GroupChatDetailSchema }),
  createGroupChat: defineCall({ method: 'POST', path: '/groupchats', access: 'member', body: GroupChatInputSchema, response: GroupChatDetailSchema }),
  /** Only the fields sent. */
  updateGroupChat: defineCall({
    method: 'PATCH',
    path: '/groupchats/:characterId',
    access: 'member',
    params: CharacterIdParamsSchema,
    body: GroupChatUpdateInputSchema,
    response: GroupChatDetailSchema,
  }),
} as const;

