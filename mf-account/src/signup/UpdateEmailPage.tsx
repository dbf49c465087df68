import { useState, type FormEvent } from 'react';
import { Button, sessionFromUser, signedIn, useAppDispatch, useNavigate, useNotify, type SessionUser } from '@fable/shared';
import { TextField } from '../forms/Fields';
import { Card, SignInRequired } from '../session/SignInRequired';
import { apiErrorOf, useAccount_updateUserMutation } from './accountApi';
import { emailError } from './accountRules';
import { UPDATE_EMAIL_TEXTS as T } from './signupTexts';

function UpdateEmailForm({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [update, { isLoading }] = useAccount_updateUserMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    setError(problem);
    if (problem) return;
    const result = await update({ email: email.trim() });
    if ('error' in result && result.error) {
      const { message } = apiErrorOf(result.error);
      setError(message ?? null);
      if (!message) notify.error();
      return;
    }
    if (!result.data) return;
    dispatch(signedIn(sessionFromUser(result.data)));
    navigate('/'); // on success goes to / (document 1 §2)
  };

  return (
    <Card aria-labelledby="update-email-title" data-testid="update-email">
      <h1 id="update-email-title">{T.title}</h1>
      <p>{T.intro}</p>
      <form noValidate onSubmit={onSubmit} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <TextField
          label={T.emailLabel}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={user.email ?? undefined}
          value={email}
          onChange={(value) => {
            setEmail(value);
            if (error) setError(null);
          }}
          error={error}
        />
        <div>
          <Button type="submit" loading={isLoading}>
            {T.submit}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** /update-email: a single email field (document 1 §2); private-relay accounts are sent here by sign-up gating. */
export function UpdateEmailPage() {
  return <SignInRequired>{(user) => <UpdateEmailForm user={user} />}</SignInRequired>;
}
