// Copies the deployments with their localhost remote origins moved to another port base, so a second
// composed site (e2e, a demo beside `npm start`) can run next to the first.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_REMOTE_PORT_BASE, remotePorts } from '../server/localSites';

const defaults = Object.entries(remotePorts(DEFAULT_REMOTE_PORT_BASE));

export function movePorts(json: string, base: number): string {
  const moved = remotePorts(base);
  let out = json;
  for (const [app, port] of defaults) {
    out = out.split(`//localhost:${port}/`).join(`//localhost:${moved[app as keyof typeof moved]}/`);
  }
  return out;
}

export async function writeLocalDeployments(fromDir: string, toDir: string, remotePortBase: number): Promise<void> {
  await mkdir(toDir, { recursive: true });
  for (const name of await readdir(fromDir)) {
    if (!name.endsWith('.json')) continue;
    await writeFile(path.join(toDir, name), movePorts(await readFile(path.join(fromDir, name), 'utf8'), remotePortBase));
  }
}
