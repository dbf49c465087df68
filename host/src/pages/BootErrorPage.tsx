import styled from '@emotion/styled';
import { UnknownDomainError } from '../boot/resolveDeployment';

const Page = styled.main`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  min-height: 100vh;
  padding: 24px;
  text-align: center;
  gap: 8px;
  h1 {
    margin: 0;
    font-size: 1.6rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    max-width: 520px;
  }
`;

/** Shown when the site cannot start: an unknown domain (document 1 §1) or an invalid deployment. */
export function BootErrorPage({ error }: { error: unknown }) {
  const unknownDomain = error instanceof UnknownDomainError;
  return (
    <Page data-testid={unknownDomain ? 'unknown-domain' : 'boot-error'}>
      <h1>{unknownDomain ? 'Unknown domain' : 'Something went wrong!'}</h1>
      <p>
        {unknownDomain
          ? `${error.hostname} is not a site we serve. Check the address and try again.`
          : 'The site could not start. Refresh the page or try again later.'}
      </p>
    </Page>
  );
}
