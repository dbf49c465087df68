import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/** Remote apps and the port each is served on locally (its own origin): REMOTE_PORT_BASE + 1…5. */
const REMOTE_ORDER = ['mf-chat', 'mf-discovery', 'mf-creator', 'mf-billing', 'mf-account'] as const;
export type RemoteApp = (typeof REMOTE_ORDER)[number];
export const DEFAULT_REMOTE_PORT_BASE = 3000;
export const REMOTE_PORT_BASE = Number(process.env.REMOTE_PORT_BASE ?? DEFAULT_REMOTE_PORT_BASE);

export function remotePorts(base: number): Record<RemoteApp, number> {
  return Object.fromEntries(REMOTE_ORDER.map((app, i) => [app, base + i + 1])) as Record<RemoteApp, number>;
}
export const REMOTE_APPS = remotePorts(REMOTE_PORT_BASE);

export const PUBLISHED_DIR = process.env.PUBLISHED_DIR ?? path.join(REPO_ROOT, 'deploy/.published');
export const DEPLOYMENTS_DIR = process.env.DEPLOYMENTS_DIR ?? path.join(REPO_ROOT, 'deploy/deployments');
export const HOST_DIR = process.env.HOST_DIR ?? path.join(REPO_ROOT, 'host/dist');
