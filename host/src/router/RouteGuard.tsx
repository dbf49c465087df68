import type { ReactNode } from 'react';
import type { Permission } from '@fable/contracts';
import { ForbiddenPage, Spinner, selectAuthStatus, selectSession, useAppSelector } from '@fable/shared';
import { SignInRequiredPage } from '../pages/SignInRequiredPage';
import { LazyBanScreen } from '../trustAndSafety/LazyBanScreen';

/**
 * document 1 §6 "Route guard": with a required permission absent it shows the limited-access ban screen if the
 * user holds limited_access (or is limited: restriction_limited), else the 403 page; a loader while permissions load; no permissions list and not
 * partner mode passes. A route its remote marks `signIn` (a member page) asks a guest to sign in first.
 */
export function RouteGuard({ permission, signIn = false, children }: { permission?: Permission; signIn?: boolean; children: ReactNode }) {
  const session = useAppSelector(selectSession);
  const status = useAppSelector(selectAuthStatus);
  if (!permission && !signIn) return <>{children}</>;
  if (status === 'loading' || !session.permissionsLoaded) return <Spinner label="Checking access" center />;
  if (signIn && status !== 'authenticated') return <SignInRequiredPage />;
  if (!permission) return <>{children}</>;
  if (session.permissions.length === 0 && !session.partnerMode) return <>{children}</>;
  if (session.permissions.includes(permission)) return <>{children}</>;
  // A restricted member meets the ban screen that says why (Terminated, Temporary Hold or Restricted).
  const restricted = session.permissions.includes('limited_access') || session.permissions.includes('restriction_limited');
  if (restricted && session.user?.restrictions?.length) return <LazyBanScreen />;
  return <ForbiddenPage />;
}
