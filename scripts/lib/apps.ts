import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, apps, remotes } from './workspaces.cjs';

export { ROOT };
/** The remotes and the apps (host + remotes), from the one list in workspaces.cjs. */
export const REMOTES: readonly string[] = remotes();
export const APPS: readonly string[] = apps();

export function versionOf(app: string): string {
  return process.env.REMOTE_VERSION ?? JSON.parse(readFileSync(path.join(ROOT, app, 'package.json'), 'utf8')).version;
}
