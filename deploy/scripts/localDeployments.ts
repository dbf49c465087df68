// Copies the deployments with their localhost remote origins moved to another port base, so a second
// composed site (e2e, a demo beside `npm start`) can run next to the first.
import { DEFAULT_REMOTE_PORT_BASE, remotePorts } from '../server/localSites';
import { publishDeployments } from './inlineManifests';

const defaults = Object.entries(remotePorts(DEFAULT_REMOTE_PORT_BASE));

export function movePorts(json: string, base: number): string {
  const moved = remotePorts(base);
  let out = json;
  for (const [app, port] of defaults) {
    out = out.split(`//localhost:${port}/`).join(`//localhost:${moved[app]}/`);
  }
  return out;
}

/** The deployments of `fromDir` as served from `toDir`: remotes' origins moved, published manifests inlined. */
export async function writeLocalDeployments(fromDir: string, toDir: string, remotePortBase: number, publishedDir: string): Promise<void> {
  await publishDeployments(fromDir, toDir, publishedDir, (json) => movePorts(json, remotePortBase));
}
