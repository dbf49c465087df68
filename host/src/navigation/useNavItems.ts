import { useMemo } from 'react';
import type { NavPlacement } from '@fable/contracts';
import { selectDeployment, selectIsSignedIn, selectPermissions, useAppSelector } from '@fable/shared';
import { useShellRemotes } from '../remotes/shellRemotes';
import { navItems, type NavItem } from './navEntries';

export function useNavItems(placement: NavPlacement): NavItem[] {
  const deployment = useAppSelector(selectDeployment);
  const permissions = useAppSelector(selectPermissions);
  const signedIn = useAppSelector(selectIsSignedIn);
  const remotes = useShellRemotes();
  return useMemo(
    () => (deployment ? navItems(placement, { deployment, remotes, permissions, signedIn }) : []),
    [deployment, remotes, permissions, signedIn, placement],
  );
}
