// zod/mini: the shell reads these at boot, and the mini build tree-shakes (see docs/adr/0001).
import * as z from 'zod/mini';
import { type PermissionSchema } from '../permissions/permissions';

/**
 * The contract version every app is built against. A remote whose major version differs from the
 * host's is not mounted: its routes show the fallback and the console says why.
 */
export const CONTRACT_VERSION = '1.0.0';

export const RemoteNameSchema = z.enum(['mf_chat', 'mf_discovery', 'mf_creator', 'mf_billing', 'mf_account']);
export type RemoteName = z.infer<typeof RemoteNameSchema>;

/** A route a remote owns. `page` names the page component in the remote's exposed `./routes`. */
export interface RouteContract {
  path: string;
  page: string;
  /** Without this permission the host shows the 403 page (or the limited-access ban screen). */
  permission?: z.infer<typeof PermissionSchema>;
}

export type NavPlacement = 'side' | 'top';

export interface NavEntry {
  id: string;
  label: string;
  to: string;
  /** Position among all apps' entries; the host sorts by it. */
  order: number;
  placement: readonly NavPlacement[];
  /** Shown only when the user holds it (top navigation always asks; side navigation when set). */
  permission?: z.infer<typeof PermissionSchema>;
  signedInOnly?: boolean;
  /** Leaderboard: main app only. */
  mainBrandOnly?: boolean;
  /** Entries grouped under a top-navigation dropdown of this label. */
  group?: string;
}

export interface RemoteContract {
  name: RemoteName;
  /** npm workspace of the remote, for tools. */
  packageName: string;
  contractVersion: string;
  exposes: readonly ['./routes', ...string[]];
  routes: readonly RouteContract[];
  nav: readonly NavEntry[];
}

export function majorOf(version: string): number {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  return Number.isNaN(major) ? -1 : major;
}

/** Why a remote built against `remoteVersion` may not be mounted by this host, or null when it may. */
export function contractMismatch(remote: RemoteName, remoteVersion: unknown): string | null {
  if (typeof remoteVersion !== 'string') return `${remote} does not declare the contract version it was built against`;
  if (majorOf(remoteVersion) !== majorOf(CONTRACT_VERSION)) {
    return `${remote} was built against contract ${remoteVersion}, the host speaks ${CONTRACT_VERSION}: major versions differ, not mounted`;
  }
  return null;
}
