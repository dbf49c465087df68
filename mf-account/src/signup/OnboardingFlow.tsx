import styled from '@emotion/styled';
import { useState, type FormEvent } from 'react';
import { ERROR_CODES, type OnboardingDraft } from '@fable/contracts';
import {
  Button,
  Link,
  Modal,
  isPrivateRelayEmail,
  sessionFromUser,
  signedIn,
  useAppDispatch,
  useLocalStorage,
  useNotify,
  type SessionUser,
} from '@fable/shared';
import { CheckboxField, TextField } from '../forms/Fields';
import { apiErrorOf, useAccount_checkUsernameMutation, useAccount_signUpMutation, type SignUpRequest } from './accountApi';
import { emailError, nameError, normalizeUsername, usernameError, type SignupVariant } from './accountRules';
import { SIGNUP_TEXTS as T } from './signupTexts';
import { useUsernameAvailability } from './useUsernameAvailability';

const Steps = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  .intro {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .rules {
    margin: 0;
    padding: 12px 16px;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    h2,
    h3 {
      margin: 0 0 6px;
      font-size: 0.95rem;
    }
    ul {
      margin: 0;
      padding-left: 20px;
      line-height: 1.6;
    }
  }
  .actions {
    display: flex;
    gap: 8px;
    justify-content: flex-end;
    flex-wrap: wrap;
  }
  a {
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;

const Page = styled.section`
  width: min(100%, 560px);
  margin: 24px auto;
  padding: 28px 24px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h1 {
    margin: 0 0 16px;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.6rem;
  }
  @media (max-width: 600px) {
    margin: 8px auto;
    padding: 20px 16px;
  }
`;

const emptyDraft = (email: string): OnboardingDraft => ({
  username: '',
  name: '',
  email,
  age: false,
  toc: false,
  guidelines: false,
  step: 'WelcomeAboard',
});

type Errors = Partial<Record<'username' | 'name' | 'email' | 'age' | 'toc', string | null>>;

/** The onboarding draft is stored locally per email (document 1 §3 "Onboarding draft"). */
export const onboardingDraftKey = (user: SessionUser) => `fable.onboarding.${(user.email ?? user.id).toLowerCase()}`;

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
 */
export function OnboardingFlow({ user, variant = 'main', layout, onDone }: OnboardingFlowProps) {
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const needsEmail = isPrivateRelayEmail(user.email);
  const [stored, setDraft, removeDraft] = useLocalStorage<OnboardingDraft>(onboardingDraftKey(user), emptyDraft(''));
  const draft: OnboardingDraft = { ...emptyDraft(''), ...stored };
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const { availability, markUnavailable } = useUsernameAvailability(draft.username, { current: user.username, variant });
  const [checkUsername] = useAccount_checkUsernameMutation();
  const [signUp] = useAccount_signUpMutation();

  const update = (patch: Partial<OnboardingDraft>) => setDraft((previous) => ({ ...emptyDraft(''), ...previous, ...patch }));
  const clearError = (field: keyof Errors) => errors[field] && setErrors((e) => ({ ...e, [field]: null }));

  const welcomeErrors = (): Errors => ({
    username: usernameError(draft.username, variant) ?? (availability.status === 'unavailable' ? availability.message : null),
    name: nameError(draft.name, variant),
    email: needsEmail ? emailError(draft.email) : null,
    age: draft.age ? null : T.ageRequired,
    toc: draft.toc ? null : T.termsRequired,
  });

  const onContinue = (event: FormEvent) => {
    event.preventDefault();
    const found = welcomeErrors();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    update({ step: 'CommunityGuidelines' });
  };

  const backToWelcome = (usernameMessage: string) => {
    markUnavailable(usernameMessage);
    setErrors({ username: usernameMessage });
    update({ step: 'WelcomeAboard', guidelines: false });
  };

  const onStart = async () => {
    const username = normalizeUsername(draft.username);
    setSubmitting(true);
    try {
      // The guidelines step checks the username once more; a failed check is a generic error toast (document 1 §8).
      const checked = await checkUsername({ username });
      if (!('data' in checked) || !checked.data) {
        notify.error(T.generic);
        return;
      }
      if (!checked.data.isAvailable) {
        backToWelcome(T.usernameNotAvailable);
        return;
      }
      const body: SignUpRequest = { username, name: draft.name.trim(), age: true, toc: true };
      if (needsEmail) body.email = draft.email.trim();
      const result = await signUp(body);
      if ('error' in result && result.error) {
        const { code, message } = apiErrorOf(result.error);
        if (code === ERROR_CODES.USERNAME_TAKEN) backToWelcome(T.usernameNotAvailable);
        else if (code === 'validation_error' && usernameError(username, variant)) backToWelcome(usernameError(username, variant) ?? T.usernameNotAvailable);
        else if (code === 'validation_error') {
          setErrors({ username: message ?? null });
          update({ step: 'WelcomeAboard', guidelines: false });
        } else notify.error(message ?? T.generic);
        return;
      }
      if (!result.data) return;
      removeDraft();
      dispatch(signedIn(sessionFromUser(result.data)));
      onDone?.();
    } finally {
      setSubmitting(false);
    }
  };

  const usernameStatus =
    availability.status === 'checking'
      ? { tone: 'hint' as const, text: T.checking }
      : availability.status === 'available'
        ? { tone: 'ok' as const, text: T.available }
        : { tone: 'hint' as const, text: variant === 'partner' ? T.partnerUsernameHint : T.usernameHint };
  const usernameMessage = errors.username ?? (availability.status === 'unavailable' ? availability.message : null);

  const welcome = (
    <form noValidate onSubmit={onContinue} data-testid="welcome-aboard">
      <Steps>
        <p className="intro">{T.intro}</p>
        <TextField
          label={T.usernameLabel}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          value={draft.username}
          onChange={(value) => {
            update({ username: value.toLowerCase() });
            clearError('username');
          }}
          error={usernameMessage}
          status={usernameStatus}
        />
        <TextField
          label={T.nameLabel}
          name="name"
          autoComplete="nickname"
          maxLength={40}
          value={draft.name}
          onChange={(value) => {
            update({ name: value });
            clearError('name');
          }}
          error={errors.name}
        />
        {needsEmail ? (
          <TextField
            label={T.emailLabel}
            name="email"
            type="email"
            autoComplete="email"
            value={draft.email}
            onChange={(value) => {
              update({ email: value });
              clearError('email');
            }}
            error={errors.email}
            status={{ tone: 'hint', text: T.emailHint }}
          />
        ) : null}
        <div className="rules">
          <h2>{T.rulesHeading}</h2>
          <ul>
            {T.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </div>
        <CheckboxField
          name="age"
          label={T.ageLabel}
          checked={draft.age}
          onChange={(age) => {
            update({ age });
            clearError('age');
          }}
          error={errors.age}
        />
        <CheckboxField
          name="toc"
          label={
            <>
              {T.termsLabelBefore}
              <Link to="/terms" target="_blank">
                {T.termsLink}
              </Link>
            </>
          }
          checked={draft.toc}
          onChange={(toc) => {
            update({ toc });
            clearError('toc');
          }}
          error={errors.toc}
        />
        <div className="actions">
          <Button type="submit">{T.continue}</Button>
        </div>
      </Steps>
    </form>
  );

  const guidelines = (
    <Steps data-testid="community-guidelines">
      <p className="intro">{T.guidelinesIntro}</p>
      <div className="rules">
        <ul>
          {T.guidelinesDetails.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <CheckboxField
        name="guidelines"
        label={
          <>
            {T.guidelinesLabelBefore}
            <Link to="/guidelines" target="_blank">
              {T.guidelinesLink}
            </Link>
          </>
        }
        checked={draft.guidelines}
        onChange={(checked) => update({ guidelines: checked })}
      />
      <div className="actions">
        <Button variant="secondary" onClick={() => update({ step: 'WelcomeAboard' })} disabled={submitting}>
          {T.back}
        </Button>
        {/* The guidelines checkbox must be ticked to enable Start Chatting (document 1 §5). */}
        <Button onClick={onStart} disabled={!draft.guidelines} loading={submitting}>
          {T.startChatting}
        </Button>
      </div>
    </Steps>
  );

  const onWelcome = draft.step === 'WelcomeAboard';
  const title = onWelcome ? T.welcomeAboard : T.guidelinesTitle;
  const body = onWelcome ? welcome : guidelines;

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
    <Page aria-labelledby="signup-title">
      <h1 id="signup-title">{title}</h1>
      {body}
    </Page>
  );
}
