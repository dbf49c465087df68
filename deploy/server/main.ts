// The static server: the host on PORT (with /api passed to the API) and every remote on its own origin.
//   tsx deploy/server/main.ts                       all sites
//   tsx deploy/server/main.ts --site mf-chat --port 4001 [--root DIR]   one remote alone
import path from 'node:path';
import type http from 'node:http';
import { parseArgs } from 'node:util';
import { DEPLOYMENTS_DIR, HOST_DIR, PUBLISHED_DIR, REMOTE_APPS, type RemoteApp } from './localSites';
import { serveSite } from './staticSite';

const { values } = parseArgs({
  options: { site: { type: 'string' }, port: { type: 'string' }, root: { type: 'string' } },
});
const listenHost = process.env.HOST ?? '127.0.0.1';
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3100';

async function main() {
  const servers: http.Server[] = [];
  const sites = values.site ? [values.site] : ['host', ...Object.keys(REMOTE_APPS)];
  for (const site of sites) {
    if (site === 'host') {
      const port = Number(values.port ?? process.env.PORT ?? 3000);
      servers.push(
        await serveSite({ root: values.root ?? HOST_DIR, port, host: listenHost, spaFallback: true, deploymentsDir: DEPLOYMENTS_DIR, apiUrl }),
      );
      console.log(`[static] host on http://localhost:${port} (api → ${apiUrl})`);
    } else if (site in REMOTE_APPS) {
      const port = Number(values.site && values.port ? values.port : REMOTE_APPS[site as RemoteApp]);
      const root = values.root ?? path.join(PUBLISHED_DIR, site);
      servers.push(await serveSite({ root, port, host: listenHost, cors: true }));
      console.log(`[static] ${site} on http://localhost:${port} (${root})`);
    } else {
      throw new Error(`unknown site ${site}`);
    }
  }
  const stop = () => {
    for (const s of servers) s.close();
    for (const s of servers) s.closeAllConnections();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error('[static]', error instanceof Error ? error.message : error);
  process.exit(1);
});
