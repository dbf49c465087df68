import { GroupChatDetailSchema, type GroupChatDetail } from '@fable/contracts';
import type { TestApp } from '../../../testing/testApp';
import { call, type Member } from '../../moderation/testing/chatbotTestKit';

/** Test kit of the group chat tests: group calls on top of the chatbot test kit (chatbotTestApp, members, calls). */

/** A valid create payload: a private group of `ids` named `name`. */
export const groupForm = (name: string, ids: string[], over: Record<string, unknown> = {}) => ({
  name,
  visibility: 'private',
  sub_character_ids: ids,
  ...over,
});

/** Creates a group chat and expects it saved. */
export async function createGroup(t: TestApp, member: Member, name: string, ids: string[], over: Record<string, unknown> = {}): Promise<GroupChatDetail> {
  const res = await call(t, 'POST', '/groupchats', member.headers, groupForm(name, ids, over));
  if (res.status !== 200) throw new Error(`group create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return GroupChatDetailSchema.parse(res.body);
}

/** A moderator's decision on a chatbot (approve, require_fixes with a reason). */
export async function decide(t: TestApp, admin: Member, characterId: string, decision: 'approve' | 'require_fixes') {
  const body = decision === 'require_fixes' ? { decision, reason_for_moderation: ['Tags'] } : { decision };
  const res = await call(t, 'POST', `/admin/moderation/characters/${characterId}/decision`, admin.headers, body);
  if (res.status !== 200) throw new Error(`decision answered ${res.status}: ${JSON.stringify(res.body)}`);
}
