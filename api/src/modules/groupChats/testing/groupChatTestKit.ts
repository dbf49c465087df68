import { GroupChatDetailSchema, type GroupChatDetail } from '@fable/contracts';
import { startTestApp, type TestApp } from '../../../testing/testApp';
import { DB_SETUP_TIMEOUT_MS, type Backend } from '../../../testing/testDatabases';
import { MODERATOR_EMAIL, call, signUpMember, type Member } from '../../moderation/testing/chatbotTestKit';

/** Test kit of the group chat tests: one app per describe block with an admin and named members, group calls. */

export interface GroupTestApp<Name extends string> {
  t: TestApp;
  admin: Member;
  members: Record<Name, Member>;
}

/** Starts the app on `backend` (MODERATOR_EMAIL's member is an admin) and signs up `names` before the block's tests. */
export function groupTestApp<Name extends string>(backend: Backend, names: readonly Name[]): GroupTestApp<Name> {
  const kit = {} as GroupTestApp<Name>;
  beforeAll(async () => {
    kit.t = await startTestApp(backend, { config: { adminEmails: [MODERATOR_EMAIL] } });
    const members = {} as Record<Name, Member>;
    for (const name of names) members[name] = await signUpMember(kit.t, name);
    kit.members = members;
    kit.admin = await signUpMember(kit.t, 'admin', { email: MODERATOR_EMAIL });
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await kit.t?.close();
  });
  return kit;
}

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
