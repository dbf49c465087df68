import type { Permission, RemoteName } from '@fable/contracts';
import type { ShellRemote } from '../remotes/remoteRegistry';

export interface AppRoute {
  path: string;
  remote: RemoteName;
  displayName: string;
  page: string;
  permission?: Permission;
  signIn?: boolean;
}

/** The routes of the enabled remotes, from their published manifests. A disabled remote's routes 404. */
export function appRoutes(remotes: readonly ShellRemote[]): AppRoute[] {
  return remotes.flatMap(({ name, manifest }) =>
    manifest.routes.map((route) => ({ ...route, remote: name, displayName: manifest.displayName })),
  );
}
