import type { RemoteSlots } from '@fable/contracts';
import { isPrivateRelayEmail, type AuthStatus, type SessionUser } from '@fable/shared';

/** The account pages of the gate: the account remote's, from its `signup` slot. */
export type SignupPaths = NonNullable<RemoteSlots['signup']>;

export interface SignupGateInput {
  status: AuthStatus;
  user: SessionUser | null;
  pathname: string;
  partnerMode: boolean;
  /** The onboarding_v2 flag: the onboarding modal instead of the /signup page. */
  onboardingV2: boolean;
  /** Where the account remote serves sign-up; without it (no account remote) nobody is gated. */
  paths: SignupPaths | null;
}

export type SignupGateDecision = { kind: 'none' } | { kind: 'redirect'; to: string } | { kind: 'onboarding' };

const NONE: SignupGateDecision = { kind: 'none' };
const redirect = (to: string, pathname: string): SignupGateDecision => (pathname === to ? NONE : { kind: 'redirect', to });

/**
 * Sign-up gating (document 1 §4): a logged-in user with a loaded profile but no username is sent to sign-up
 * (the onboarding modal when the onboarding flag is on; external signup in partner mode); an invalid user
 * goes to /user-not-found; a user with the private-relay email domain and a username goes to /update-email.
 */
export function signupGate({ status, user, pathname, partnerMode, onboardingV2, paths }: SignupGateInput): SignupGateDecision {
  if (status !== 'authenticated' || !user || !paths) return NONE;
  if (user.isInvalid) return redirect(paths.userNotFoundPath, pathname);
  if (!user.username) {
    if (paths.openDuringSignup.includes(pathname)) return NONE;
    if (partnerMode) return pathname === paths.path ? NONE : redirect(paths.externalPath, pathname);
    if (onboardingV2) return pathname === paths.path ? NONE : { kind: 'onboarding' };
    // Without onboarding v2, home shows its own username-setup prompt (document 1 §2 "Home").
    if (pathname === '/') return NONE;
    return redirect(paths.path, pathname);
  }
  if (isPrivateRelayEmail(user.email)) {
    return paths.openDuringSignup.includes(pathname) ? NONE : redirect(paths.updateEmailPath, pathname);
  }
  return NONE;
}
