import { routes } from '@fable/contracts';
import styled from '@emotion/styled';
import { useState } from 'react';
import { apiErrorMessage, Button, ButtonLink, Spinner, useParams } from '@fable/shared';
import { TIER_NAME } from '../plans/plans';
import { LINK_TEXTS as T } from './linkTexts';
import { linkReturnUrl } from './linkState';
import { useBilling_supporterAuthorizeMutation } from './supporterLinkApi';
import { useOAuthSupporterLink, useTransientSupporterLink, type SupporterLink } from './useSupporterLink';

/** Leaving for the provider's authorize page (a seam for the tests). */
export const providerNavigation = { assign: (url: string) => window.location.assign(url) };

const Frame = styled.section`
  max-width: 560px;
  margin: 0 auto;
  padding: 48px 16px;
  color: ${({ theme }) => theme.colors.text};
  @media ${({ theme }) => theme.breakpoints.mobile} {
    padding: 28px 12px;
  }
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 14px;
  padding: 32px 24px;
  text-align: center;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h1 {
    margin: 0;
    font-size: clamp(1.35rem, 4vw, 1.7rem);
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.45;
    overflow-wrap: anywhere;
  }
  .error {
    color: ${({ theme }) => theme.colors.error};
    font-weight: 600;
  }
  a.reload {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 600;
  }
  a.reload:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    padding: 24px 16px;
  }
`;

/** The mark of SubscribeStar's connect button. */
function StarMark() {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill="#ffc107" />
      <path d="M12 5.5l1.9 4.1 4.5.5-3.4 3 1 4.4L12 15.3l-4 2.2 1-4.4-3.4-3 4.5-.5z" fill="#1b1b1b" />
    </svg>
  );
}

/** The Connect button: asks the API for the provider's authorize URL (back to this page) and goes there. */
function ConnectButton({ label }: { label: string }) {
  const [authorize, { isLoading }] = useBilling_supporterAuthorizeMutation();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const connect = async () => {
    setError(null);
    try {
      const { url } = await authorize({ redirect_url: linkReturnUrl(window.location.origin) }).unwrap();
      setLeaving(true);
      providerNavigation.assign(url);
    } catch (failed) {
      setError(apiErrorMessage(failed, T.error));
    }
  };
  return (
    <>
      <Button size="lg" onClick={() => void connect()} loading={isLoading || leaving}>
        {leaving ? T.connecting : label}
      </Button>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

function LinkStateView({ link, reloadTo }: { link: SupporterLink; reloadTo: string }) {
  switch (link.state) {
    case 'linking':
      return (
        <>
          <h1>{T.title}</h1>
          <Spinner label={T.linking} />
          <p aria-hidden="true">{T.linking}</p>
        </>
      );
    case 'success':
      return (
        <>
          <StarMark />
          <h1>{T.successTitle}</h1>
          <p>{T.success}</p>
          {link.tier ? <p>{T.successTier(TIER_NAME[link.tier as keyof typeof TIER_NAME] ?? link.tier)}</p> : null}
          <ButtonLink to={routes.home()}>{T.startChatting}</ButtonLink>
        </>
      );
    case 'invalid_pledge':
      return (
        <>
          <StarMark />
          <h1>{T.noPledgeTitle}</h1>
          <p role="alert">{T.noPledge}</p>
          <ConnectButton label={T.tryAgain} />
        </>
      );
    case 'error':
      return (
        <>
          <StarMark />
          <h1>{T.title}</h1>
          <p className="error" role="alert">
            {T.error}
          </p>
          {link.message && link.message !== T.error ? <p>{link.message}</p> : null}
          <a className="reload" href={reloadTo}>
            {T.reload}
          </a>
        </>
      );
    default:
      return (
        <>
          <StarMark />
          <h1>{T.title}</h1>
          <p>{T.intro}</p>
          <ConnectButton label={T.connect} />
        </>
      );
  }
}

function OAuthLink() {
  return <LinkStateView link={useOAuthSupporterLink()} reloadTo="/link/subscribestar" />;
}

function TransientLink({ transientId }: { transientId: string }) {
  return <LinkStateView link={useTransientSupporterLink(transientId)} reloadTo={`/link/subscribestar/${encodeURIComponent(transientId)}`} />;
}

/**
 * /link/subscribestar and /link/subscribestar/{transientId} (document 2 §2, §4, §8): connect a SubscribeStar account;
 * the states idle (Connect), linking, success, invalid_pledge ('No active pledge found') and error ('There was an
 * error linking your account.' with a reload link).
 */
export function LinkSubscribestarPage() {
  const { transientId } = useParams();
  return (
    <Frame data-testid="link-subscribestar-page">
      <Panel aria-live="polite">{transientId ? <TransientLink transientId={transientId} /> : <OAuthLink />}</Panel>
    </Frame>
  );
}
