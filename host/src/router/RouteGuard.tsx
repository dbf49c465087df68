import type { ReactNode } from 'react';
import type { Permission } from '@fable/contracts';
import { ForbiddenPage, Spinner, useAppSelector, selectSession } from '@fable/shared';
import { LimitedAccessPage } from '../pages/LimitedAccessPage';

/**
 * document 1 §6 "Route guard": with a required permission absent it shows the limited-access ban screen
 * if the user holds limited_access, else the 403 page; a loader while permissions load; no permissions
 * list and not partner mode passes.
 */
export function RouteGuard({ permission, children }: { permission?: Permission; children: ReactNode }) {
  const session = useAppSelector(selectSession);
  if (!permission) return <>{children}</>;
  if (!session.permissionsLoaded) return <Spinner label="Checking access" center />;
  if (session.permissions.length === 0 && !session.partnerMode) return <>{children}</>;
  if (session.permissions.includes(permission)) return <>{children}</>;
  if (session.permissions.includes('limited_access')) return <LimitedAccessPage />;
  return <ForbiddenPage />;
}
