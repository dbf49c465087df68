import styled from '@emotion/styled';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NotificationsViewport, selectHiddenByPartner, signInRequested, useAppDispatch, useAppSelector } from '@fable/shared';
import { AuthLayer } from '../auth/AuthLayer';
import { ScreenBanners } from '../banners/ScreenBanners';
import { useServedFlags } from '../settings/useServedFlags';
import { Footer } from './Footer';
import { Header } from './Header';
import { detectMobileApp, OWN_HEADER_ROUTES } from './mobileApp';
import { loadSideNavOpen, saveSideNavOpen } from './navPreference';
import { SideNav } from './SideNav';

const Shell = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  min-width: 0;
`;

const Main = styled.main`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  > .page {
    flex: 1;
    padding: 20px 24px 32px;
    @media (max-width: 600px) {
      padding: 12px 12px 24px;
    }
  }
`;

/** The header's place: as if absent (it stays sticky), or gone on mobile and tablet where a page draws its own. */
const HeaderSlot = styled.div<{ $hideNarrow: boolean }>`
  display: contents;
  @media (max-width: 1023px) {
    display: ${({ $hideNarrow }) => ($hideNarrow ? 'none' : 'contents')};
  }
`;

const Backdrop = styled.div`
  display: none;
  @media (max-width: 1023px) {
    display: block;
    position: fixed;
    inset: 60px 0 0 0;
    background: ${({ theme }) => theme.colors.overlay};
    z-index: 25;
  }
`;

const TrustAndSafetyLayer = lazy(() => import('../memberShell').then((m) => ({ default: m.TrustAndSafetyLayer })));

const isNarrow = () => window.matchMedia?.('(max-width: 1023px)').matches ?? false;

/**
 * The shell: trust and safety's layer when it has something to show (TrustAndSafetyLayer), the screen's top banners,
 * header (not on mobile and tablet in a chat, which has its own), side navigation (not in partner mode or the mobile
 * app), the routed page and its inline banners, footer.
 */
export function Layout() {
  const [mobileApp] = useState(detectMobileApp);
  const sideNavHidden = useAppSelector((state) => selectHiddenByPartner(state, 'side_navigation')) || mobileApp;
  const [open, setOpen] = useState(() => (isNarrow() ? false : loadSideNavOpen()));
  const location = useLocation();
  const dispatch = useAppDispatch();
  useServedFlags();
  const trustAndSafety = useAppSelector((state) => !!state.session.impersonate || !!state.session.user?.restrictions?.length);
  const openSignIn = useCallback(
    () => dispatch(signInRequested({ returnTo: location.pathname + location.search })),
    [dispatch, location.pathname, location.search],
  );

  const toggle = useCallback(() => {
    setOpen((was) => {
      // On narrow screens the drawer's state is not what "open on desktop" remembers.
      if (!isNarrow()) saveSideNavOpen(!was);
      return !was;
    });
  }, []);
  const closeDrawer = useCallback(() => {
    if (isNarrow()) setOpen(false);
  }, []);

  useEffect(() => {
    if (!open || !isNarrow()) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [location.pathname]);

  return (
    <Shell>
      {trustAndSafety ? (
        <Suspense fallback={null}>
          <TrustAndSafetyLayer />
        </Suspense>
      ) : null}
      <ScreenBanners where="top" />
      <HeaderSlot $hideNarrow={OWN_HEADER_ROUTES.test(location.pathname)} data-testid="header-slot">
        <Header sideNav={!sideNavHidden} menuOpen={open} onMenu={toggle} onSignIn={openSignIn} />
      </HeaderSlot>
      <Body>
        {!sideNavHidden && <SideNav open={open} onToggle={toggle} onNavigate={closeDrawer} />}
        {!sideNavHidden && open && <Backdrop onClick={() => setOpen(false)} aria-hidden="true" />}
        <Main>
          <div className="page">
            <Outlet />
          </div>
          <ScreenBanners where="bottom" />
          <Footer />
        </Main>
      </Body>
      <NotificationsViewport />
      <AuthLayer />
    </Shell>
  );
}
