import styled from '@emotion/styled';
import { Button, Spinner } from '@fable/shared';

/** Texts of the loading and error states of the billing pages (ours: the spec names no words for them). */
export const LOAD_STATE_TEXTS = {
  loading: 'Loading plans',
  error: 'The plans could not be loaded.',
  retry: 'Try again',
  empty: 'No plans are on sale right now.',
} as const;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 48px 16px;
  text-align: center;
  color: ${({ theme }) => theme.colors.text};
  p {
    margin: 0;
  }
`;

/** What a billing page shows while its purchase options load, or when they could not be loaded (with a retry). */
export function LoadState({ error, onRetry, label = LOAD_STATE_TEXTS.loading }: { error: boolean; onRetry: () => void; label?: string }) {
  if (!error) {
    return (
      <Box>
        <Spinner label={label} />
      </Box>
    );
  }
  return (
    <Box role="alert">
      <p>{LOAD_STATE_TEXTS.error}</p>
      <Button variant="secondary" onClick={onRetry}>
        {LOAD_STATE_TEXTS.retry}
      </Button>
    </Box>
  );
}

/** The empty state: nothing sold for this frequency. */
export function NoPlans() {
  return (
    <Box>
      <p>{LOAD_STATE_TEXTS.empty}</p>
    </Box>
  );
}
