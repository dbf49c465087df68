import styled from '@emotion/styled';
import { lazy, Suspense } from 'react';
import { selectIsSignedIn, useAppSelector } from '@fable/shared';
import { useSlot } from '../remotes/shellRemotes';
import { AccountButton } from './AccountButton';
import { BrandLogo } from './BrandLogo';
import { Icon } from './icons';
import { ThemeToggle, IconButton } from './ThemeToggle';
import { TopNav } from './TopNav';
import { UpgradePill } from './UpgradePill';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  display: flex;
  align-items: center;
  gap: 12px;
  height: 60px;
  padding: 0 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  .spacer {
    flex: 1;
  }
  .menu {
    display: none;
  }
  @media (max-width: 1023px) {
    .menu {
      display: inline-flex;
    }
  }
  @media (max-width: 480px) {
    gap: 8px;
    padding: 0 10px;
  }
`;

export interface HeaderProps {
  sideNav: boolean;
  onMenu: () => void;
  menuOpen: boolean;
  onSignIn: () => void;
}

/**
 * Menu button (non-desktop), logo to home, top navigation (where there is no side navigation), the
 * upgrade pill, the notifications widget (signed-in members; its own chunk), theme toggle, and the avatar or Sign In
 * (document 1 §2 Header).
 */
const NotificationsWidget = lazy(() => import('../memberShell').then((m) => ({ default: m.NotificationsWidget })));

export function Header({ sideNav, onMenu, menuOpen, onSignIn }: HeaderProps) {
  const signedIn = useAppSelector(selectIsSignedIn);
  // The upgrade pill is a slot: shown when an enabled remote (billing) fills it.
  const upgrade = useSlot('upgradePill');
  return (
    <Bar data-testid="header">
      {sideNav && (
        <IconButton
          type="button"
          className="menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="side-nav"
          onClick={onMenu}
        >
          <Icon name="menu" />
        </IconButton>
      )}
      <BrandLogo />
      {!sideNav && <TopNav />}
      <span className="spacer" />
      {upgrade && <UpgradePill defaultTo={upgrade.to} />}
      {signedIn ? (
        <Suspense fallback={null}>
          <NotificationsWidget />
        </Suspense>
      ) : null}
      <ThemeToggle />
      <AccountButton onSignIn={onSignIn} />
    </Bar>
  );
}
