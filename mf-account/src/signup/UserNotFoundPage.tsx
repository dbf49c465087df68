import { routes } from '@fable/contracts';
import styled from '@emotion/styled';
import { Button, selectAuthStatus, signOutRequested, useAppDispatch, useAppSelector, useNavigate } from '@fable/shared';
import { INVALID_ACCOUNT_TEXTS as T } from './signupTexts';

const Page = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 20px;
  min-height: 50vh;
  padding: 32px 16px;
  text-align: center;
  p {
    margin: 0;
    max-width: 480px;
    font-size: 1.15rem;
    line-height: 1.5;
  }
  .actions {
    display: flex;
    gap: 8px;
    flex-wrap: wrap;
    justify-content: center;
  }
`;

/** /user-not-found, the invalid account page (document 1 §2): the message, with logout and back-to-home. */
export function UserNotFoundPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectAuthStatus) === 'authenticated';
  return (
    <Page data-testid="invalid-account">
      <p role="alert">{T.message}</p>
      <div className="actions">
        {signedIn ? (
          <Button variant="secondary" onClick={() => dispatch(signOutRequested())}>
            {T.logout}
          </Button>
        ) : null}
        <Button onClick={() => navigate(routes.home())}>{T.backToHome}</Button>
      </div>
    </Page>
  );
}
