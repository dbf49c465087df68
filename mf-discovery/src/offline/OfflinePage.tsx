import styled from '@emotion/styled';
import { ERROR_MESSAGES, SITE_PATH } from '@fable/contracts';
import { Button, useNavigate, useSearchParams } from '@fable/shared';
import { useEffect } from 'react';
import { useOnline } from './useOnline';

/** Where the offline route goes back to: a path of this site (contracts' SITE_PATH: the page that sent the visitor here), else home. */
export function returnPathOf(from: string | null): string {
  return from !== null && SITE_PATH.test(from) ? from : '/';
}

/** The offline route's path, coming from `from` (document 1 §8: "Recommended page offline redirects to an offline route"). */
export const offlinePath = (from: string) => `/offline?from=${encodeURIComponent(from)}`;

// The heading is the spec's offline message (document 1 §8); the rest is ours.
export const OFFLINE_TEXTS = {
  title: ERROR_MESSAGES.general.offline,
  hint: 'This page comes back by itself as soon as you are online.',
  tryAgain: 'Try Again',
} as const;

const Box = styled.section`
  max-width: 520px;
  margin: 64px auto;
  padding: 0 16px;
  text-align: center;
  h1 {
    font-size: 1.4rem;
    line-height: 1.35;
    margin: 0 0 12px;
  }
  p {
    margin: 0 0 24px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** `/offline`: no connection; back to the page that sent the visitor here once online again, or on Try Again. */
export function OfflinePage() {
  const online = useOnline();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = returnPathOf(params.get('from'));
  useEffect(() => {
    if (online) void navigate(back, { replace: true });
  }, [online, back, navigate]);
  return (
    <Box role="alert">
      <h1>{OFFLINE_TEXTS.title}</h1>
      <p>{OFFLINE_TEXTS.hint}</p>
      <Button onClick={() => void navigate(back, { replace: true })}>{OFFLINE_TEXTS.tryAgain}</Button>
    </Box>
  );
}
