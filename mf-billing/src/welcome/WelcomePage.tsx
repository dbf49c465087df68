import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { BILLING_TIMINGS, routes } from '@fable/contracts';
import { ButtonLink, useNavigate } from '@fable/shared';

/** The thank-you pages' words (document 2 §2 "Post-subscription thank-you pages"; the spec gives no words: ours). */
export const WELCOME_TEXTS = {
  title: 'Thank you for subscribing!',
  body: 'Your support keeps the stories going.',
  subscribestarBody: 'Thank you for supporting us on SubscribeStar! Link your SubscribeStar account to unlock your tier here.',
  redirectHome: (seconds: number) => `Taking you to the home page in ${seconds} second${seconds === 1 ? '' : 's'}…`,
  redirectLink: (seconds: number) => `Taking you to link your account in ${seconds} second${seconds === 1 ? '' : 's'}…`,
  goHome: 'Go now',
  linkNow: 'Link my account now',
} as const;
const T = WELCOME_TEXTS;

const Page = styled.div`
  max-width: 560px;
  margin: 0 auto;
  padding: 48px 16px;
  text-align: center;
  color: ${({ theme }) => theme.colors.text};
  h1 {
    margin: 0 0 12px;
    font-size: clamp(1.5rem, 4vw, 2rem);
  }
  p {
    margin: 0 0 16px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Seconds left until `total` ms have passed since mount, counted down each second; `onDone` at 0. */
function useCountdown(totalMs: number, onDone: () => void): number {
  const [left, setLeft] = useState(Math.ceil(totalMs / 1000));
  useEffect(() => {
    const started = Date.now();
    const tick = setInterval(() => setLeft(Math.max(0, Math.ceil((totalMs - (Date.now() - started)) / 1000))), 1000);
    const done = setTimeout(onDone, totalMs);
    return () => {
      clearInterval(tick);
      clearTimeout(done);
    };
    // onDone is the page's navigation: started once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [totalMs]);
  return left;
}

function ThankYou({ to, body, redirect, goLabel }: { to: string; body: string; redirect: (seconds: number) => string; goLabel: string }) {
  const navigate = useNavigate();
  const left = useCountdown(BILLING_TIMINGS.thankYouRedirectMs, () => navigate(to, { replace: true }));
  return (
    <Page>
      <h1>{T.title}</h1>
      <p>{body}</p>
      <p role="timer" aria-live="off">
        {redirect(left)}
      </p>
      <ButtonLink to={to} replace>
        {goLabel}
      </ButtonLink>
    </Page>
  );
}

/** /welcome: thanks, then / after 10 seconds. */
export function WelcomePage() {
  return <ThankYou to={routes.home()} body={T.body} redirect={T.redirectHome} goLabel={T.goHome} />;
}

/** /welcome/subscribestar: thanks, then /link/subscribestar after 10 seconds to link the accounts. */
export function WelcomeSubscribestarPage() {
  return <ThankYou to="/link/subscribestar" body={T.subscribestarBody} redirect={T.redirectLink} goLabel={T.linkNow} />;
}
