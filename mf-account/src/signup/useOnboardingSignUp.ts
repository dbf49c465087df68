import { useState } from 'react';
import { ERROR_CODES, type OnboardingDraft, type SessionUser as ApiUser } from '@fable/contracts';
import { apiErrorOf, useNotify } from '@fable/shared';
import { clearTrackingIds, readTrackingIds } from '@fable/shared/trackingIds';
import { useAccount_checkUsernameMutation, useAccount_signUpMutation, type SignUpRequest } from './accountApi';
import { normalizeUsername, usernameError, type SignupVariant } from './accountRules';
import { SIGNUP_TEXTS as T } from './signupTexts';

/**
 * Start Chatting (document 1 §4): the username is checked once more, then POST /v2/users with the tracking ids kept
 * since the arrival (forgotten once the account has them); success gives the new member (`onSignedUp`). A taken or invalid username goes back to Welcome Aboard (`backToWelcome` with its message;
 * `markTaken` when the availability should say so too); a failed check or another failure is an error toast
 * (document 1 §8).
 */
export function useOnboardingSignUp({
  draft,
  variant,
  needsEmail,
  backToWelcome,
  onSignedUp,
}: {
  draft: OnboardingDraft;
  variant: SignupVariant;
  needsEmail: boolean;
  backToWelcome: (usernameMessage: string, markTaken: boolean) => void;
  onSignedUp: (user: ApiUser) => void;
}) {
  const notify = useNotify();
  const [submitting, setSubmitting] = useState(false);
  const [checkUsername] = useAccount_checkUsernameMutation();
  const [signUp] = useAccount_signUpMutation();

  const start = async () => {
    const username = normalizeUsername(draft.username);
    setSubmitting(true);
    try {
      const checked = await checkUsername({ username });
      if (!('data' in checked) || !checked.data) {
        notify.error(T.generic);
        return;
      }
      if (!checked.data.isAvailable) {
        backToWelcome(T.usernameNotAvailable, true);
        return;
      }
      // The arrival's affiliate_id and tap_tracking_id go with the account's creation (document 1 §7 POST users).
      const body: SignUpRequest = { username, name: draft.name.trim(), age: true, toc: true, ...readTrackingIds() };
      if (needsEmail) body.email = draft.email.trim();
      const result = await signUp(body);
      if ('error' in result && result.error) {
        const { code, message } = apiErrorOf(result.error);
        const rule = usernameError(username, variant);
        if (code === ERROR_CODES.USERNAME_TAKEN) backToWelcome(T.usernameNotAvailable, true);
        else if (code === 'validation_error' && rule) backToWelcome(rule, true);
        else if (code === 'validation_error') backToWelcome(message ?? '', false);
        else notify.error(message ?? T.generic);
        return;
      }
      if (!result.data) return;
      clearTrackingIds();
      onSignedUp(result.data);
    } finally {
      setSubmitting(false);
    }
  };
  return { start, submitting };
}
