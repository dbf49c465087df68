import { z } from 'zod';
import { EmailSchema, routes } from '@fable/contracts';
import { apiErrorOf, Button, sessionFromUser, signedIn, useAppDispatch, useNavigate, useNotify, type SessionUser } from '@fable/shared';
import { Form, FormTextField, useZodForm } from '@fable/shared/forms';
import { Card, SignInRequired } from '../session/SignInRequired';
import { useAccount_updateUserMutation } from './accountApi';
import { UPDATE_EMAIL_TEXTS as T } from './signupTexts';

const updateEmailSchema = z.object({ email: EmailSchema });

function UpdateEmailForm({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notify = useNotify();
  const form = useZodForm(updateEmailSchema, { defaultValues: { email: '' } });
  const [update, { isLoading }] = useAccount_updateUserMutation();

  const onSubmit = async ({ email }: { email: string }) => {
    const result = await update({ email });
    if ('error' in result && result.error) {
      const { message } = apiErrorOf(result.error);
      if (message) form.setError('email', { type: 'server', message });
      else notify.error();
      return;
    }
    if (!result.data) return;
    dispatch(signedIn(sessionFromUser(result.data)));
    navigate(routes.home()); // on success goes to / (document 1 §2)
  };

  return (
    <Card aria-labelledby="update-email-title" data-testid="update-email">
      <h1 id="update-email-title">{T.title}</h1>
      <p>{T.intro}</p>
      <Form form={form} onSubmit={onSubmit} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <FormTextField name="email" label={T.emailLabel} type="email" autoComplete="email" placeholder={user.email ?? undefined} />
        <div>
          <Button type="submit" loading={isLoading}>
            {T.submit}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** /update-email: a single email field (document 1 §2); private-relay accounts are sent here by sign-up gating. */
export function UpdateEmailPage() {
  return <SignInRequired>{(user) => <UpdateEmailForm user={user} />}</SignInRequired>;
}
