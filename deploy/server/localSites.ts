import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/** Remote apps and the port each is served on locally (its own origin). */
export const REMOTE_APPS = {
  'mf-chat': 3001,
  'mf-discovery': 3002,
  'mf-creator': 3003,
  'mf-billing': 3004,
  'mf-account': 3005,
} as const;
export type RemoteApp = keyof typeof REMOTE_APPS;

export const PUBLISHED_DIR = process.env.PUBLISHED_DIR ?? path.join(REPO_ROOT, 'deploy/.published');
export const DEPLOYMENTS_DIR = process.env.DEPLOYMENTS_DIR ?? path.join(REPO_ROOT, 'deploy/deployments');
export const HOST_DIR = process.env.HOST_DIR ?? path.join(REPO_ROOT, 'host/dist');
