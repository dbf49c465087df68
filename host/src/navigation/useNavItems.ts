import { useMemo } from 'react';
import type { NavPlacement } from '@fable/contracts';
import { selectDeployment, selectIsSignedIn, selectPermissions, useAppSelector } from '@fable/shared';
import { navItems, type NavItem } from './navEntries';

export function useNavItems(placement: NavPlacement): NavItem[] {
  const deployment = useAppSelector(selectDeployment);
  const permissions = useAppSelector(selectPermissions);
  const signedIn = useAppSelector(selectIsSignedIn);
  return useMemo(
    () => (deployment ? navItems(placement, { deployment, permissions, signedIn }) : []),
    [deployment, permissions, signedIn, placement],
  );
}
