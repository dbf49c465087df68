import { randomBytes } from 'node:crypto';
import { API_HEADERS, OwnCharacterSchema, type CharacterInput, type OwnCharacter } from '@fable/contracts';
import { bearer, forApplication, signInByEmail, signUp, startTestApp, testGuestId, type TestApp } from '../../../testing/testApp';
import { DB_SETUP_TIMEOUT_MS, type Backend } from '../../../testing/testDatabases';

/** Test kit of the authoring and moderation tests: members, guests, calls over HTTP (app.inject), a valid form. */

export interface Member {
  id: string;
  username: string;
  headers: Record<string, string>;
}

/** The email whose member the test apps make an admin (adminEmails). */
export const MODERATOR_EMAIL = 'moderator@example.com';

let members = 0;

/** A word no other test uses: searches for it find only what the test made. */
export const uniqueWord = (prefix = 'Zq') => `${prefix}${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;

export async function signUpMember(t: TestApp, name: string, options: { email?: string; applicationId?: string } = {}): Promise<Member> {
  members += 1;
  const username = `${name}_${members}_${randomBytes(2).toString('hex')}`.slice(0, 20).toLowerCase();
  const appHeaders = options.applicationId ? forApplication(options.applicationId) : {};
  const signedIn = await signUp(t.app, options.email ?? `${username}@example.com`, username, appHeaders);
  return { id: signedIn.user.id, username, headers: { ...appHeaders, ...bearer(signedIn.token) } };
}

/** One describe block's app: the admin (MODERATOR_EMAIL's member) and the members it asked for, by name. */
export interface ChatbotTestApp<Name extends string> {
  t: TestApp;
  admin: Member;
  members: Record<Name, Member>;
}

/**
 * Starts a test app on `backend` whose MODERATOR_EMAIL member is an admin before the describe block's tests, signs up
 * the named members and the admin, and closes the app after them. The fields are set in beforeAll: read them there
 * or in the tests, not while the describe block is being collected.
 */
export function chatbotTestApp<Name extends string>(backend: Backend, names: readonly Name[]): ChatbotTestApp<Name> {
  const kit = {} as ChatbotTestApp<Name>;
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

/** A signed-in user who has not chosen a username yet. */
export async function signInWithoutUsername(t: TestApp, email: string): Promise<Member> {
  const signedIn = await signInByEmail(t.app, email);
  return { id: signedIn.user.id, username: '', headers: bearer(signedIn.token) };
}

export const guestHeaders = (applicationId?: string) => ({
  [API_HEADERS.guestUserId]: testGuestId(applicationId),
  ...(applicationId ? forApplication(applicationId) : {}),
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(t: TestApp, method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: (res.body === '' ? undefined : res.json()) as T };
}

/** A valid create form: a public chatbot named `name`. */
export function chatbotForm(name: string, over: Partial<Record<keyof CharacterInput, unknown>> = {}): Record<string, unknown> {
  return {
    name,
    title: `${name}, a wandering bard`,
    greeting: `Hello, traveller! I am ${name}.`,
    persona: `${name} is cheerful and curious, and sings of distant lands.`,
    scenario: 'A tavern at the edge of the forest.',
    dialogue: '{{user}}: Hi!\n{{char}}: Well met!',
    visibility: 'public',
    avatar_url: `/api/avatars/${name.toLowerCase()}.svg`,
    tags: ['Fantasy', 'Female'],
    guidelines: true,
    ...over,
  };
}

/** Creates a chatbot and expects it saved. */
export async function createChatbot(t: TestApp, member: Member, name: string, over: Parameters<typeof chatbotForm>[1] = {}): Promise<OwnCharacter> {
  const res = await call(t, 'POST', '/characters', member.headers, chatbotForm(name, over));
  if (res.status !== 200) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return OwnCharacterSchema.parse(res.body);
}

/** Rows of a table, for "nothing was written" checks. */
export async function countRows(t: TestApp, table: 'characters' | 'character_moderation_events' | 'creators'): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]!.n;
}
