import { routes } from '@fable/contracts';
import {
  Navigate,
  selectAuthStatus,
  selectFlag,
  selectPartnerMode,
  selectUser,
  useAppSelector,
  useNavigate,
} from '@fable/shared';
import { SignInRequired } from '../session/SignInRequired';
import { OnboardingFlow } from './OnboardingFlow';

/** /signup: "Welcome Aboard" (document 1 §2); partner signup goes to /external/signup when the external-mode flag is set. */
export function SignupPage() {
  const navigate = useNavigate();
  const partner = useAppSelector(selectPartnerMode);
  const externalMode = useAppSelector((state) => selectFlag(state, 'external_mode'));
  if (partner && externalMode) return <Navigate to="/external/signup" replace />;
  return (
    <SignInRequired openAtOnce>
      {(user) => (user.username ? <Navigate to={routes.home()} replace /> : <OnboardingFlow user={user} layout="page" onDone={() => navigate(routes.home())} />)}
    </SignInRequired>
  );
}

/** /external/signup: the partner variant (usernames and names of at least 4, document 1 §5). */
export function ExternalSignupPage() {
  const navigate = useNavigate();
  return (
    <SignInRequired openAtOnce>
      {(user) =>
        user.username ? <Navigate to={routes.home()} replace /> : <OnboardingFlow user={user} variant="partner" layout="page" onDone={() => navigate(routes.home())} />
      }
    </SignInRequired>
  );
}

/**
 * The onboarding modal (onboarding_v2 flag), shown by the host's sign-up gating over any page; not a route. Success
 * closes it: the user has a username, so the gating stops asking for it.
 */
export function OnboardingModal() {
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  const partner = useAppSelector(selectPartnerMode);
  if (status !== 'authenticated' || !user || user.username || user.isInvalid) return null;
  return <OnboardingFlow user={user} variant={partner ? 'partner' : 'main'} layout="modal" />;
}
