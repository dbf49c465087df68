import { useCallback, useState } from 'react';
import type { OnboardingDraft } from '@fable/contracts';
import { Modal, isPrivateRelayEmail, sessionFromUser, signedIn, useAppDispatch, useLocalStorage, type SessionUser } from '@fable/shared';
import { Card } from '../session/SignInRequired';
import type { SignupVariant } from './accountRules';
import { GuidelinesStep } from './GuidelinesStep';
import { emptyDraft, onboardingDraftKey } from './onboardingDraft';
import { SIGNUP_TEXTS as T } from './signupTexts';
import { useOnboardingSignUp } from './useOnboardingSignUp';
import { useUsernameAvailability } from './useUsernameAvailability';
import { WelcomeAboardStep } from './WelcomeAboardStep';

export interface OnboardingFlowProps {
  user: SessionUser;
  variant?: SignupVariant;
  /** A page (/signup, /external/signup) or the onboarding modal (onboarding_v2 flag). */
  layout: 'page' | 'modal';
  /** After a successful sign-up (the session user is already updated). */
  onDone?: () => void;
}

/**
 * Signup and onboarding (document 1 §4 "Onboarding"): Welcome Aboard (username with the 500 ms availability check,
 * name, email for private-relay accounts, age and terms), then the Community Guidelines Agreement, then submit
 * (POST /v2/users). A duplicated or invalid username returns to Welcome Aboard; success updates the session user.
 * The draft is kept locally per email while it is filled in.
 */
export function OnboardingFlow({ user, variant = 'main', layout, onDone }: OnboardingFlowProps) {
  const dispatch = useAppDispatch();
  const needsEmail = isPrivateRelayEmail(user.email);
  const [stored, setDraft, removeDraft] = useLocalStorage<OnboardingDraft>(onboardingDraftKey(user), emptyDraft(''));
  const draft: OnboardingDraft = { ...emptyDraft(''), ...stored };
  const update = useCallback((patch: Partial<OnboardingDraft>) => setDraft((previous) => ({ ...emptyDraft(''), ...previous, ...patch })), [setDraft]);
  // The API's message about the username when sign-up came back to Welcome Aboard.
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const { availability, markUnavailable } = useUsernameAvailability(draft.username, { current: user.username, variant });

  const backToWelcome = (message: string, markTaken: boolean) => {
    if (markTaken) markUnavailable(message);
    setUsernameError(message || null);
    update({ step: 'WelcomeAboard', guidelines: false });
  };
  const signUp = useOnboardingSignUp({
    draft,
    variant,
    needsEmail,
    backToWelcome,
    onSignedUp: (member) => {
      removeDraft();
      dispatch(signedIn(sessionFromUser(member)));
      onDone?.();
    },
  });

  const onWelcome = draft.step === 'WelcomeAboard';
  const title = onWelcome ? T.welcomeAboard : T.guidelinesTitle;
  const body = onWelcome ? (
    <WelcomeAboardStep
      draft={draft}
      variant={variant}
      needsEmail={needsEmail}
      availability={availability}
      usernameError={usernameError}
      onEdit={update}
      onContinue={() => {
        setUsernameError(null);
        update({ step: 'CommunityGuidelines' });
      }}
    />
  ) : (
    <GuidelinesStep
      agreed={draft.guidelines}
      onAgree={(guidelines) => update({ guidelines })}
      onBack={() => update({ step: 'WelcomeAboard' })}
      onStart={() => void signUp.start()}
      submitting={signUp.submitting}
    />
  );

  if (layout === 'modal') {
    return (
      <Modal
        open
        onClose={() => undefined}
        title={title}
        showCloseButton={false}
        closeOnEscape={false}
        closeOnBackdropClick={false}
        data-testid="onboarding-modal"
      >
        {body}
      </Modal>
    );
  }
  return (
    <Card $wide aria-labelledby="signup-title">
      <h1 id="signup-title">{title}</h1>
      {body}
    </Card>
  );
}
