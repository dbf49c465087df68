import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { selectAuthStatus, selectFlag, selectPartnerMode, selectUser, useAppSelector } from '@fable/shared';
import { RemoteOverlay } from '../remotes/RemoteOverlay';
import { useSlot } from '../remotes/shellRemotes';
import { signupGate } from './signupGate';

/** Applies sign-up gating (document 1 §4) on every page once the session has resolved. */
export function SignupGate() {
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  const partnerMode = useAppSelector(selectPartnerMode);
  const onboardingV2 = useAppSelector((state) => selectFlag(state, 'onboarding_v2'));
  const paths = useSlot('signup');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const decision = signupGate({ status, user, pathname, partnerMode, onboardingV2, paths });
  const target = decision.kind === 'redirect' ? decision.to : null;

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  // The onboarding modal is the account remote's page `onboarding`, shown over the current page.
  return decision.kind === 'onboarding' ? <RemoteOverlay page="onboarding" /> : null;
}
