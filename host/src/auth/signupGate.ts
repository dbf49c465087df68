import { isPrivateRelayEmail, type AuthStatus, type SessionUser } from '@fable/shared';

export const SIGNUP_PATH = '/signup';
export const EXTERNAL_SIGNUP_PATH = '/external/signup';
export const UPDATE_EMAIL_PATH = '/update-email';
export const USER_NOT_FOUND_PATH = '/user-not-found';

/** Pages a user who is being gated can still open (the signup form links to them). */
const OPEN_DURING_SIGNUP: readonly string[] = ['/terms', '/privacy', '/guidelines', '/refund', '/2257'];

export interface SignupGateInput {
  status: AuthStatus;
  user: SessionUser | null;
  pathname: string;
  partnerMode: boolean;
  /** The onboarding_v2 flag: the onboarding modal instead of the /signup page. */
  onboardingV2: boolean;
}

export type SignupGateDecision = { kind: 'none' } | { kind: 'redirect'; to: string } | { kind: 'onboarding' };

const NONE: SignupGateDecision = { kind: 'none' };
const redirect = (to: string, pathname: string): SignupGateDecision => (pathname === to ? NONE : { kind: 'redirect', to });

/**
 * Sign-up gating (document 1 §4): a logged-in user with a loaded profile but no username is sent to sign-up
 * (the onboarding modal when the onboarding flag is on; external signup in partner mode); an invalid user
 * goes to /user-not-found; a user with the private-relay email domain and a username goes to /update-email.
 */
export function signupGate({ status, user, pathname, partnerMode, onboardingV2 }: SignupGateInput): SignupGateDecision {
  if (status !== 'authenticated' || !user) return NONE;
  if (user.isInvalid) return redirect(USER_NOT_FOUND_PATH, pathname);
  if (!user.username) {
    if (OPEN_DURING_SIGNUP.includes(pathname)) return NONE;
    if (partnerMode) return pathname === SIGNUP_PATH ? NONE : redirect(EXTERNAL_SIGNUP_PATH, pathname);
    if (onboardingV2) return pathname === SIGNUP_PATH ? NONE : { kind: 'onboarding' };
    return redirect(SIGNUP_PATH, pathname);
  }
  if (isPrivateRelayEmail(user.email)) {
    return OPEN_DURING_SIGNUP.includes(pathname) ? NONE : redirect(UPDATE_EMAIL_PATH, pathname);
  }
  return NONE;
}
