import styled from '@emotion/styled';
import { useEffect } from 'react';
import { selectSession, stopImpersonation, useAppSelector } from '@fable/shared';
import { BanScreen } from './BanScreen';
import { ImpersonationBar, ShadowBanBanner } from './TrustAndSafetyBars';
import { useBanInterstitial } from './useBanInterstitial';

const Interstitial = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.modal};
  overflow-y: auto;
  padding: 16px;
  background: ${({ theme }) => theme.colors.background};
`;

/**
 * What trust and safety adds to the shell, loaded only for a member with a restriction or an admin impersonating
 * (it stays off everyone else's first load): the red impersonation bar (and its end when the session is no longer the
 * member's), the shadow-ban banner, and, once per session, the ban screen of a member on hold or terminated over the
 * site until they continue to it.
 */
export function TrustAndSafetyLayer() {
  const ban = useBanInterstitial();
  const { impersonate, status } = useAppSelector(selectSession);
  useEffect(() => {
    // Signed out, or the member to view as is gone or became an admin (the API refused): back to the admin's own view.
    if (impersonate && (status === 'guest' || status === 'authentication_required')) stopImpersonation();
  }, [impersonate, status]);
  return (
    <>
      <ImpersonationBar />
      <ShadowBanBanner />
      {ban.show ? (
        <Interstitial role="dialog" aria-modal="true" aria-labelledby="ban-title">
          <BanScreen onContinue={ban.onContinue} />
        </Interstitial>
      ) : null}
    </>
  );
}
