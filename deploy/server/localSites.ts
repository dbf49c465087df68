import path from 'node:path';
import { remoteSource, remotes } from '../../scripts/lib/workspaces.cjs';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/** A remote's folder (mf-chat, …): the remotes are the workspaces with a remote.json (scripts/lib/workspaces.cjs). */
export type RemoteApp = string;
export const DEFAULT_REMOTE_PORT_BASE = 3000;
export const REMOTE_PORT_BASE = Number(process.env.REMOTE_PORT_BASE ?? DEFAULT_REMOTE_PORT_BASE);

/**
 * The port each remote is served on locally (its own origin): its remote.json devPort (3001, 3002, …) moved by
 * `base` - 3000, so that a second composed site (e2e) can run beside the first.
 */
export function remotePorts(base: number): Record<RemoteApp, number> {
  return Object.fromEntries(remotes().map((app) => [app, base + remoteSource(app).devPort - DEFAULT_REMOTE_PORT_BASE]));
}
export const REMOTE_APPS = remotePorts(REMOTE_PORT_BASE);

export const PUBLISHED_DIR = process.env.PUBLISHED_DIR ?? path.join(REPO_ROOT, 'deploy/.published');
/** Source deployments (pointers only) and the served ones, with the remotes' published manifests inlined. */
export const SOURCE_DEPLOYMENTS_DIR = path.join(REPO_ROOT, 'deploy/deployments');
export const DEPLOYMENTS_DIR = process.env.DEPLOYMENTS_DIR ?? path.join(PUBLISHED_DIR, 'deployments');
export const HOST_DIR = process.env.HOST_DIR ?? path.join(REPO_ROOT, 'host/dist');
