// Rolling out a new version of one remote to a share of users (README "Rolling out a remote"): which users, what the
// host reports of each version, and where it reports it.
import * as z from 'zod/mini';
import { RemoteNameSchema, type RemoteManifest } from '../remotes/remoteManifest';

/**
 * A user's bucket, 0–99, for one remote's rollout: FNV-1a over the remote and the key. Stable (the same key always
 * lands in the same bucket), and independent between remotes (a user in one remote's first 10 % is not therefore in
 * every other's).
 */
export function rolloutBucket(key: string, remote: string): number {
  const text = `${remote}:${key}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** Whether a key is among a rollout's share (whole percent) of one remote's users. */
export function inRollout(key: string, remote: string, share: number): boolean {
  return rolloutBucket(key, remote) < share;
}

/** The version segment of a remote entry `<origin>/<version>/mf-manifest.json`; null for any other entry (a dev server's). */
export function versionOfEntry(entry: string): string | null {
  const parts = entry.replace(/^https?:\/\/[^/]*/, '').split(/[?#]/)[0]!.split('/');
  if (parts.at(-1) !== 'mf-manifest.json' || parts.length < 3 || !parts.at(-2)) return null;
  return parts.at(-2)!;
}

/** What a deployment says of one remote, as far as choosing its version goes. */
interface RolloutPointer {
  entry: string;
  manifest?: RemoteManifest | undefined;
  canary?: { entry: string; share: number; manifest?: RemoteManifest | undefined } | undefined;
}

export interface ChosenRemote {
  entry: string;
  manifest: RemoteManifest | undefined;
  /** Whether this is the version being rolled out (the deployment's `canary`). */
  canary: boolean;
}

/**
 * The version of a remote one user gets: the rollout's when the deployment has one and the user's key falls in its
 * share, else the deployment's entry. Without a key (nothing to keep it stable by) the deployment's entry.
 */
export function chooseRemote(name: string, remote: RolloutPointer, key: string | null): ChosenRemote {
  const canary = remote.canary;
  if (canary && key !== null && inRollout(key, name, canary.share)) return { entry: canary.entry, manifest: canary.manifest, canary: true };
  return { entry: remote.entry, manifest: remote.manifest, canary: false };
}

/** Where a device keeps the key its guests' rollouts are chosen by (host/src/remotes/rolloutKey.ts). */
export const ROLLOUT_KEY_STORAGE = 'fable.rolloutKey';

/** What the host reports of a remote version in a page: it loaded, it could not be loaded, a page of it threw. */
export const REMOTE_EVENTS = ['loaded', 'load_failed', 'render_failed'] as const;
export type RemoteEvent = (typeof REMOTE_EVENTS)[number];

/** Where the host sends its reports (the site server counts them: deploy/server/remoteBeacon.ts). */
export const REMOTE_BEACON_PATH = '/remote-beacon';

export const RemoteBeaconSchema = z.object({
  remote: RemoteNameSchema,
  version: z.string().check(z.regex(/^[0-9A-Za-z.+-]{1,64}$/, 'must be a version (letters, digits, . + -, at most 64)')),
  event: z.enum(REMOTE_EVENTS),
});
export type RemoteBeacon = z.infer<typeof RemoteBeaconSchema>;
