import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { enabledRemotes } from '@fable/contracts';
import { selectAuthStatus, selectDeployment, selectFlag, selectPartnerMode, selectUser, useAppSelector } from '@fable/shared';
import { loadRemoteRoutes } from '../remotes/remoteModule';
import { signupGate } from './signupGate';

/** The account remote's onboarding modal (its `onboarding` page: not a route, a modal over any page). */
function OnboardingModal() {
  const deployment = useAppSelector(selectDeployment);
  const enabled = deployment ? enabledRemotes(deployment).includes('mf_account') : false;
  const [Page, setPage] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadRemoteRoutes('mf_account').then(
      (module) => live && module.pages.onboarding && setPage(() => module.pages.onboarding as ComponentType),
      (error: unknown) => console.error('[fable] the onboarding modal could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return Page ? (
    <QuietBoundary>
      <Page />
    </QuietBoundary>
  ) : null;
}

class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.error('[fable] the onboarding modal failed', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Applies sign-up gating (document 1 §4) on every page once the session has resolved. */
export function SignupGate() {
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  const partnerMode = useAppSelector(selectPartnerMode);
  const onboardingV2 = useAppSelector((state) => selectFlag(state, 'onboarding_v2'));
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const decision = signupGate({ status, user, pathname, partnerMode, onboardingV2 });
  const target = decision.kind === 'redirect' ? decision.to : null;

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  return decision.kind === 'onboarding' ? <OnboardingModal /> : null;
}
