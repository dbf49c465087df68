import { REMOTE_CONTRACTS, type Deployment, type Permission, type RemoteName, enabledRemotes } from '@fable/contracts';

export interface AppRoute {
  path: string;
  remote: RemoteName;
  page: string;
  permission?: Permission;
}

/** The routes of the remotes this deployment enables, from their contracts. Disabled remotes' routes 404. */
export function appRoutes(deployment: Deployment): AppRoute[] {
  return enabledRemotes(deployment).flatMap((remote) =>
    REMOTE_CONTRACTS[remote].routes.map((route) => ({ path: route.path, page: route.page, remote, permission: route.permission })),
  );
}
