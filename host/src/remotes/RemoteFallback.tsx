import styled from '@emotion/styled';
import type { RemoteName } from '@fable/contracts';
import { Button } from '@fable/shared';

const Box = styled.section`
  margin: ${({ theme }) => theme.space(16)} auto;
  max-width: 480px;
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  h1 {
    font-size: 1.25rem;
    margin: 0 0 ${({ theme }) => theme.space(2)};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    margin: 0 0 ${({ theme }) => theme.space(5)};
  }
`;

/** Shown in place of a remote's page when the remote is down, broken or incompatible. */
export function RemoteFallback({ remote, displayName, onRetry }: { remote: RemoteName; displayName: string; onRetry: () => void }) {
  return (
    <Box role="alert" data-testid="remote-fallback" data-remote={remote}>
      <h1>{displayName} is unavailable right now</h1>
      <p>This part of the site could not be loaded. The rest of the site still works.</p>
      <Button onClick={onRetry}>
        Retry
      </Button>
    </Box>
  );
}
