import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
export const REMOTES = ['mf-chat', 'mf-discovery', 'mf-creator', 'mf-billing', 'mf-account'];
export const APPS = ['host', ...REMOTES];

export function versionOf(app: string): string {
  return process.env.REMOTE_VERSION ?? JSON.parse(readFileSync(path.join(ROOT, app, 'package.json'), 'utf8')).version;
}
