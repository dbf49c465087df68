import { z } from 'zod';
import {
  GROUP_CHAT_LIMITS as L,
  GroupChatInputSchema,
  GroupChatVisibilitySchema,
  IdSchema,
  LenientModerationStatusSchema,
  tooManyMembersText,
  type GroupChatDetail,
  type GroupChatInput,
  type GroupChatUpdateInput,
  type GroupChatVisibility,
} from '@fable/contracts';
import { GROUP_CHAT_TEXTS as T } from './groupChatTexts';

/** A member as the form shows it: from the group (sub_characters) or from the members page's options. */
export const GroupMemberSchema = z.object({
  id: IdSchema,
  name: z.string(),
  avatar_url: z.string().nullish(),
  /** Known when picked on the members page (a group's own sub_characters do not say). */
  visibility: z.string().optional(),
  moderation_status: LenientModerationStatusSchema.optional(),
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;

/** Members a public group cannot hold: those known not to be public (contracts' group chat rules). */
export function membersNotAllowed(visibility: GroupChatVisibility, members: readonly GroupMember[]): GroupMember[] {
  return visibility === 'public' ? members.filter((m) => m.visibility !== undefined && m.visibility !== 'public') : [];
}

const I = GroupChatInputSchema.shape;

/**
 * The form's fields: GroupChatInputSchema's own rules and messages (contracts), with the members rather than their
 * ids and the avatar under the chatbot form's name (avatar_url), so its AvatarField serves here as it is. Fewer than 2
 * members is a confirmation, not an error (document 2 §4); none is an error.
 */
export const GroupChatFormSchema = z
  .object({
    name: I.name,
    title: I.title.unwrap(),
    avatar_url: z.string(),
    tags: I.tags.unwrap(),
    visibility: GroupChatVisibilitySchema,
    members: z.array(GroupMemberSchema).min(1, { error: T.minimum.message }).max(L.maxMembers, { error: tooManyMembersText() }),
  })
  .superRefine((values, ctx) => {
    // A public group holds only public chatbots: said here before the API says it.
    const refused = membersNotAllowed(values.visibility, values.members);
    if (refused.length > 0) ctx.addIssue({ code: 'custom', path: ['members'], message: T.publicOnly(refused.map((m) => m.name)) });
  });
export type GroupChatValues = z.input<typeof GroupChatFormSchema>;

export const emptyGroupChat = (): GroupChatValues => ({ name: '', title: '', avatar_url: '', tags: [], visibility: 'private', members: [] });

/** The form's values of a saved group chat, its members in the group's order. */
export function valuesOf(group: GroupChatDetail): GroupChatValues {
  const byId = new Map(group.sub_characters.map((m) => [m.id, m]));
  const ordered = group.sub_character_ids.map((id) => byId.get(id)).filter((m) => m !== undefined);
  const members = ordered.length === group.sub_characters.length ? ordered : group.sub_characters;
  return {
    name: group.name,
    title: group.title ?? '',
    avatar_url: group.avatar ?? '',
    tags: [...group.tags],
    visibility: group.visibility,
    members: members.map((m) => ({ id: m.id, name: m.name, avatar_url: m.avatar_url ?? null, moderation_status: m.moderation_status ?? null })),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** What the API is sent to create the group (POST /groupchats). */
export function inputOf(values: GroupChatValues): GroupChatInput {
  const title = values.title.trim();
  return {
    name: values.name.trim(),
    ...(title ? { title } : {}),
    ...(values.avatar_url ? { avatar: values.avatar_url } : {}),
    visibility: values.visibility,
    sub_character_ids: values.members.map((m) => m.id),
    tags: values.tags,
  };
}

/** Only what changed (PATCH /groupchats/:id, document 1 §7's rule for updates); an emptied title is sent empty. */
export function changedFields(saved: GroupChatValues, next: GroupChatValues): GroupChatUpdateInput {
  const changes: GroupChatUpdateInput = {};
  if (saved.name.trim() !== next.name.trim()) changes.name = next.name.trim();
  if (saved.title.trim() !== next.title.trim()) changes.title = next.title.trim();
  if (saved.avatar_url !== next.avatar_url) changes.avatar = next.avatar_url || null;
  if (saved.visibility !== next.visibility) changes.visibility = next.visibility;
  const ids = next.members.map((m) => m.id);
  if (!sameList(saved.members.map((m) => m.id), ids)) changes.sub_character_ids = ids;
  if (!sameList(saved.tags, next.tags)) changes.tags = next.tags;
  return changes;
}
