import type { Permission, Tier, User, UserRestriction } from '@fable/contracts';
import type { SessionUser } from './sessionSlice';

/**
 * The private-relay email domain (Sign in with Apple's hidden address). The spec names the rule, not the
 * domain (document 1 §4 "Sign-up gating", §2 "Signup"); Apple's relay domain is ours to name.
 */
export const PRIVATE_RELAY_EMAIL_DOMAIN = 'privaterelay.appleid.com';

/** Whether an email is a private-relay address (such accounts give a real email at signup or on /update-email). */
export function isPrivateRelayEmail(email: string | null | undefined): boolean {
  if (!email) return false;
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  return domain === PRIVATE_RELAY_EMAIL_DOMAIN || domain.endsWith(`.${PRIVATE_RELAY_EMAIL_DOMAIN}`);
}

/** What `signedIn` takes, from the API's user (GET /v2/users, a sign-in answer, sign-up, PATCH /v2/users). */
export function sessionFromUser(user: User & { tier?: Tier; restrictions?: UserRestriction[] }): { user: SessionUser; permissions: Permission[] } {
  return {
    user: {
      id: user.id,
      username: user.username ?? null,
      name: user.name ?? null,
      avatarUrl: user.avatar_url ?? null,
      tier: user.tier ?? user.subscriptionTier ?? user.role,
      roles: user.roles,
      externalId: user.external_id ?? null,
      email: user.email ?? null,
      isInvalid: user.isInvalid ?? false,
      restrictions: user.restrictions ?? [],
    },
    permissions: user.permissions,
  };
}
