import { permissionsFor, type SessionUser as ApiUser, type Tier } from '@fable/contracts';

/** A user as GET /v2/users answers it. */
export function apiUserFixture(overrides: Partial<ApiUser> = {}): ApiUser {
  const tier: Tier = overrides.tier ?? 'free';
  return {
    id: 'u1',
    username: 'ada',
    name: 'Ada',
    email: 'ada@example.com',
    avatar_url: null,
    external_id: null,
    openai_mode: 'disabled',
    role: tier,
    roles: ['free_tier'],
    permissions: permissionsFor(tier),
    subscriptionTier: tier,
    application_id: 'fable',
    tier,
    restrictions: [],
    settings: { likedBots: [], blockedUsers: [], selectedTags: [], selectedLanguages: [], blurNSFW: true, chatLanguage: 'en', showNSFW: false },
    subscription: null,
    created_at: '2026-11-22T08:00:00.000Z',
    ...overrides,
  } as ApiUser;
}
