import styled from '@emotion/styled';
import { useEffect, type ReactNode } from 'react';
import { Button, selectAuthStatus, selectUser, signInRequested, Spinner, useAppDispatch, useAppSelector, useLocation, type SessionUser } from '@fable/shared';
import { SIGNUP_TEXTS as T } from '../signup/signupTexts';

/** The account pages' card (sign-in prompts, signup, update email); `$wide` for the signup steps. */
export const Card = styled.section<{ $wide?: boolean }>`
  width: min(100%, ${({ $wide }) => ($wide ? '560px' : '520px')});
  margin: 24px auto;
  padding: 28px 24px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h1 {
    margin: 0 0 8px;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.6rem;
  }
  > p {
    margin: 0 0 20px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  @media (max-width: 600px) {
    margin: 8px auto;
    padding: 20px 16px;
  }
`;

/** What the card asks a guest (the signup's texts unless a page has its own) and the loader's label. */
export interface SignInRequiredTexts {
  title: string;
  text: string;
  loading: string;
}

const SIGNUP_PROMPT: SignInRequiredTexts = { title: T.signInTitle, text: T.signInText, loading: 'Loading your account' };

/**
 * The account pages need a signed-in user: a loader while the session resolves; for a guest, a card with Sign In
 * (the host's overlay, opened at once when `openAtOnce`). Otherwise renders `children(user)`.
 */
export function SignInRequired({
  children,
  openAtOnce = false,
  texts = SIGNUP_PROMPT,
}: {
  children: (user: SessionUser) => ReactNode;
  openAtOnce?: boolean;
  texts?: SignInRequiredTexts;
}) {
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const guest = status === 'guest' || status === 'authentication_required';
  useEffect(() => {
    if (guest && openAtOnce) dispatch(signInRequested({ returnTo: pathname }));
  }, [guest, openAtOnce, dispatch, pathname]);

  if (status === 'loading') return <Spinner label={texts.loading} center />;
  if (status === 'authenticated' && user) return <>{children(user)}</>;
  return (
    <Card data-testid="sign-in-required">
      <h1>{texts.title}</h1>
      <p>{texts.text}</p>
      <Button onClick={() => dispatch(signInRequested({ returnTo: pathname }))}>{T.signIn}</Button>
    </Card>
  );
}
