import { AUTH_REFRESH_PATH } from '../http/headers';
import { API_ACCESS_LEVELS, callPath } from './apiCall';
import { ReturnPathSchema, TokenPairSchema, authCalls } from './auth';
import { chatCalls } from './chat';
import { devCalls } from './devMailbox';
import { discoveryCalls } from './discovery';
import { leaderboardCalls } from './leaderboard';
import { SessionUserSchema, UserUpdateSchema, usersCalls } from './users';

const allCalls = [
  ...Object.values(authCalls),
  ...Object.values(usersCalls),
  ...Object.values(devCalls),
  ...Object.values(discoveryCalls),
  ...Object.values(leaderboardCalls),
  ...Object.values(chatCalls),
];

describe('API call contracts', () => {
  it('puts users and auth under v2, each call with a declared access level, no two calls on one method and path', () => {
    for (const call of [...Object.values(authCalls), ...Object.values(usersCalls)]) expect(call.path).toMatch(/^\/v2\/(auth|users)(\/|$)/);
    for (const call of allCalls) expect(API_ACCESS_LEVELS).toContain(call.access);
    const keys = allCalls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps the refresh call the client already uses', () => {
    expect(authCalls.refresh.path).toBe(AUTH_REFRESH_PATH);
    expect(authCalls.refresh.body.parse({ refresh_token: 'r' })).toEqual({ refresh_token: 'r' });
    expect(TokenPairSchema.parse({ token: 't', refresh_token: 'r', expires_in: 900 })).toMatchObject({ token: 't', refresh_token: 'r' });
  });

  it('fills path parameters', () => {
    expect(callPath(authCalls.oidcStart.path, { provider: 'google' })).toBe('/v2/auth/oidc/google/start');
    expect(() => callPath(authCalls.oidcStart.path)).toThrow(/provider/);
  });

  it('accepts only same-site return paths', () => {
    expect(ReturnPathSchema.safeParse('/create-chatbot?x=1').success).toBe(true);
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'relative']) {
      expect(ReturnPathSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('changes only the settings sent in a user update', () => {
    expect(UserUpdateSchema.parse({ settings: { showNSFW: true } })).toEqual({ settings: { showNSFW: true } });
  });

  it('describes the session user the client keeps', () => {
    const user = SessionUserSchema.parse({
      id: 'u1',
      username: null,
      name: null,
      email: 'a@example.com',
      avatar_url: null,
      external_id: null,
      application_id: 'fable',
      role: 'free',
      tier: 'free',
      subscriptionTier: 'free',
      roles: ['free_tier'],
      permissions: ['view_chats'],
      restrictions: [],
      settings: {},
      subscription: null,
      created_at: '2026-11-22T07:00:00.000Z',
    });
    expect(user.settings).toMatchObject({ blurNSFW: true, chatLanguage: 'en' });
  });
});
