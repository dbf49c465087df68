import { LorebookDetailSchema, type LorebookDetail } from '@fable/contracts';
import { startTestApp, type TestApp } from '../../../testing/testApp';
import { DB_SETUP_TIMEOUT_MS, type Backend } from '../../../testing/testDatabases';
import { MODERATOR_EMAIL, call, signUpMember, type Member } from '../../moderation/testing/chatbotTestKit';

/** Test kit of the lorebook tests: the app and its members, a valid form, a lorebook made over HTTP, stored rows. */

export interface LorebookTestApp {
  t: TestApp;
  owner: Member;
  other: Member;
  /** An admin who is not the creator of what the tests make. */
  admin: Member;
}

/**
 * The describe block's app on `backend` (MODERATOR_EMAIL's member an admin) with its members, started before its tests
 * and closed after them. Read the fields in the tests, not while the block is collected.
 */
export function lorebookTestApp(backend: Backend): LorebookTestApp {
  const kit = {} as LorebookTestApp;
  beforeAll(async () => {
    kit.t = await startTestApp(backend, { config: { adminEmails: [MODERATOR_EMAIL] } });
    kit.owner = await signUpMember(kit.t, 'owner');
    kit.other = await signUpMember(kit.t, 'other');
    kit.admin = await signUpMember(kit.t, 'admin', { email: MODERATOR_EMAIL });
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await kit.t?.close();
  });
  return kit;
}

export const entryForm = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  keywords: [`${name.toLowerCase()}`, `${name.toLowerCase()}s`],
  content: `What everyone knows about ${name}.`,
  ...over,
});

export function lorebookForm(name: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    description: `Lore of ${name}`,
    avatar_url: '/api/avatars/lore.svg',
    tags: ['Fantasy', 'History'],
    entries: [entryForm('Keep'), entryForm('River'), entryForm('Tower')],
    guidelines: true,
    ...over,
  };
}

export async function createLorebook(t: TestApp, member: Member, name: string, over: Record<string, unknown> = {}): Promise<LorebookDetail> {
  const res = await call(t, 'POST', '/lorebooks', member.headers, lorebookForm(name, over));
  if (res.status !== 200) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return LorebookDetailSchema.parse(res.body);
}

/** The stored entries' positions and names, in position order. */
export async function storedPositions(t: TestApp, lorebookId: string): Promise<Array<[number, string]>> {
  const { rows } = await t.db.query<{ position: number; name: string }>('select position, name from lorebook_entries where lorebook_id = $1 order by position', [
    lorebookId,
  ]);
  return rows.map((r) => [r.position, r.name]);
}

export async function countRows(t: TestApp, table: 'lorebooks' | 'lorebook_entries' | 'character_lorebooks'): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]!.n;
}

/** The error's validation messages (details.issues), as the form shows them. */
export const issueMessages = (body: { error?: { details?: { issues?: Array<{ message: string }> } } }) =>
  body.error?.details?.issues?.map((i) => i.message) ?? [];
