import { routes } from '@fable/contracts';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import {
  selectAuthStatus,
  selectDeployment,
  selectSignInPrompt,
  selectSignOutRequested,
  signInPromptClosed,
  signOutFinished,
  useAppDispatch,
  useAppSelector,
  type AppStore,
} from '@fable/shared';
import { startGuestSession } from './guestSession';
import { notifyAuthError, signOut } from './sessionLifecycle';
import { SignupGate } from './SignupGate';

// The overlay is its own chunk: most visits never open it, so it stays off the critical path.
const SignInOverlay = lazy(() => import('./SignInOverlay'));

/** The partner's logout domain, in partner mode only (document 1 §4 "Sign-in"). */
export function logoutDomainOf(deployment: { partner: { enabled: boolean; logoutDomain?: string } } | null): string | null {
  return deployment?.partner.enabled ? (deployment.partner.logoutDomain ?? null) : null;
}

/**
 * The shell's auth layer inside the router: the sign-in overlay (opened by `signInRequested()` from any app),
 * sign-out (asked by `signOutRequested()`), and sign-up gating.
 */
export function AuthLayer() {
  const store = useStore() as AppStore;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const status = useAppSelector(selectAuthStatus);
  const prompt = useAppSelector(selectSignInPrompt);
  const signOutAsked = useAppSelector(selectSignOutRequested);
  const deployment = useAppSelector(selectDeployment);

  const signingOut = useRef(false);
  useEffect(() => {
    if (!signOutAsked || signingOut.current) return;
    signingOut.current = true;
    void signOut(store, { logoutDomain: logoutDomainOf(deployment) })
      .then((leaving) => {
        if (!leaving) navigate(routes.home());
      })
      .finally(() => {
        signingOut.current = false;
        store.dispatch(signOutFinished());
      });
  }, [signOutAsked, store, deployment, navigate]);

  // A refresh refused mid-visit (document 1 §4 "authentication required"): say so, and continue as a guest.
  useEffect(() => {
    if (status !== 'authentication_required') return;
    void notifyAuthError('tokenRefresh');
    void startGuestSession(store);
  }, [status, store]);

  const overlayOpen = prompt.open && status !== 'authenticated';
  return (
    <>
      {overlayOpen ? (
        <Suspense fallback={null}>
          <SignInOverlay open onClose={() => dispatch(signInPromptClosed())} returnTo={prompt.returnTo} />
        </Suspense>
      ) : null}
      <SignupGate />
    </>
  );
}
