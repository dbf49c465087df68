import { routes } from '@fable/contracts';
import styled from '@emotion/styled';
import { ButtonLink } from '../ButtonLink';

/** Texts of the 404 page (document 1 §2, document 2 §2), verbatim. */
export const NOT_FOUND_TEXTS = {
  code: '404',
  title: 'This page is gone.',
  description: 'The page you are looking for does not exist or never existed.',
  action: 'Back to home',
} as const;

/** Text of the 403 page (document 1 §2). */
export const FORBIDDEN_TEXT = 'You are Not Authorized to access this page';

// A section: the host's layout holds the page's one <main>.
const Page = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  text-align: center;
  gap: 12px;
  min-height: 60vh;
  padding: 32px 16px;
  .code {
    font-size: clamp(4rem, 14vw, 8rem);
    font-weight: 800;
    line-height: 1;
    margin: 0;
    background: linear-gradient(135deg, ${({ theme }) => theme.colors.primary}, ${({ theme }) => theme.colors.accent});
    -webkit-background-clip: text;
    background-clip: text;
    color: transparent;
  }
  h1 {
    margin: 0;
    font-size: 1.5rem;
  }
  p {
    margin: 0 0 12px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export function NotFoundPage() {
  return (
    <Page data-testid="not-found">
      <p className="code" aria-hidden="true">
        {NOT_FOUND_TEXTS.code}
      </p>
      <h1>{NOT_FOUND_TEXTS.title}</h1>
      <p>{NOT_FOUND_TEXTS.description}</p>
      <ButtonLink to={routes.home()}>{NOT_FOUND_TEXTS.action}</ButtonLink>
    </Page>
  );
}

export function ForbiddenPage() {
  return (
    <Page data-testid="forbidden">
      <p className="code" aria-hidden="true">
        403
      </p>
      <h1>{FORBIDDEN_TEXT}</h1>
      <ButtonLink to={routes.home()}>{NOT_FOUND_TEXTS.action}</ButtonLink>
    </Page>
  );
}
