import { randomUUID } from 'node:crypto';
import { API_HEADERS } from '@fable/contracts';
import { bearer, forApplication, signUp, testGuestId, type TestApp } from '../../../testing/testApp';
import { insertCreator, type FixtureCreator } from './catalogFixture';

/** A signed-up member who is also a creator (a creators row under its user id), with its request headers. */
export interface TestMember extends FixtureCreator {
  token: string;
  headers: Record<string, string>;
}

let members = 0;

export async function signUpMember(t: TestApp, name: string, applicationId?: string): Promise<TestMember> {
  members += 1;
  const username = `${name}_${members}`.slice(0, 20).toLowerCase();
  const appHeaders = applicationId ? forApplication(applicationId) : {};
  const signedIn = await signUp(t.app, `${username}@example.com`, username, appHeaders);
  const creator = await insertCreator(t.db, { user_id: signedIn.user.id, username });
  return { ...creator, token: signedIn.token, headers: { ...appHeaders, ...bearer(signedIn.token) } };
}

/** Headers of a fresh guest (X-Guest-User-Id), and its recommender subject. */
export function newGuest(applicationId?: string): { headers: Record<string, string>; subject: string } {
  const id = randomUUID();
  const headers = { [API_HEADERS.guestUserId]: testGuestId(applicationId, id), ...(applicationId ? forApplication(applicationId) : {}) };
  return { headers, subject: `guest:${id}` };
}

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

/** One call; answers status and parsed body. */
export async function call<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  t: TestApp,
  method: Method,
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.body === '' ? (undefined as T) : (res.json() as T) };
}
