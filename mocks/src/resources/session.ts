import { authCalls, GUEST_PERMISSIONS } from '@fable/contracts';
import { apiError, contractRoute, MOCK_ACCESS_PREFIX } from '../contractRoute';
import { seededMember, type MockDb } from '../mockDb';

/** The refresh token of the mock API's member (the dev harness stores it; the first refresh signs that member in). */
export const MOCK_REFRESH_TOKEN = 'mock-refresh';

/** Sign-in, refresh, sign-out and guest ids: the member of the seed is the one who is signed in. */
export function sessionHandlers(db: MockDb) {
  let guests = 0;
  const tokens = () => ({ token: `${MOCK_ACCESS_PREFIX}${seededMember(db).id}`, refresh_token: MOCK_REFRESH_TOKEN, expires_in: 900 });
  return [
    contractRoute(authCalls.guest, () => ({
      guest_user_id: `00000000-0000-4000-8000-${String(++guests).padStart(12, '0')}.${'0'.repeat(32)}`,
      permissions: [...GUEST_PERMISSIONS],
    })),
    contractRoute(authCalls.refresh, ({ body }) =>
      body.refresh_token === MOCK_REFRESH_TOKEN ? tokens() : apiError(401, 'token_refresh_failed', 'Your session has ended. Please sign in again.'),
    ),
    contractRoute(authCalls.logout, () => ({ ok: true as const })),
    contractRoute(authCalls.providers, () => ({ providers: [] })),
    contractRoute(authCalls.requestEmailCode, () => ({ sent: true as const, expires_in: 120 })),
    contractRoute(authCalls.verifyEmailCode, () => ({ ...tokens(), user: seededMember(db), is_new_user: false })),
  ];
}
