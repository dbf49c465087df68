// The static server: the host on PORT (with /api passed to the API) and every remote on its own origin.
//   tsx deploy/server/main.ts                       all sites
//   tsx deploy/server/main.ts --site mf-chat --port 4001 [--root DIR]   one remote alone
// First: the traces' instrumentations patch http, Fastify and undici as they load (tracing.ts).
import { stopSiteTracing } from './tracing';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startComposedSite } from './composedSite';
import { DEPLOYMENTS_DIR, HOST_DIR, PUBLISHED_DIR, REMOTE_APPS, REMOTE_PORT_BASE, type RemoteApp } from './localSites';
import { paymentSources } from './paymentSources';
import { hostMetrics } from './siteMetrics';
import { serveSite } from './staticSite';

const { values } = parseArgs({
  options: { site: { type: 'string' }, port: { type: 'string' }, root: { type: 'string' } },
});
const listenHost = process.env.HOST ?? '127.0.0.1';
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3100';
const bakedDeployment = process.env.DEPLOYMENT || undefined;
/** What the host's pages may load of the payments provider: its card fields, 3-D Secure pages and script. */
const payments = paymentSources(process.env);
/** The host's metrics (what its pages report of each remote version) on a port of their own. */
const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;

async function main() {
  const servers: { close(): Promise<void> }[] = [];
  if (!values.site) {
    const port = Number(values.port ?? process.env.PORT ?? 3000);
    const site = await startComposedSite({ portBase: REMOTE_PORT_BASE, hostPort: port, apiUrl, listenHost, bakedDeployment, payments, metricsPort });
    servers.push(site);
    console.log(`[static] host on ${site.url} (api → ${apiUrl}); remotes on ports ${Object.values(site.ports).join(', ')}${site.metricsUrl ? `; metrics on ${site.metricsUrl}` : ''}`);
  } else if (values.site === 'host') {
    const port = Number(values.port ?? process.env.PORT ?? 3000);
    const { metrics, server: metricsServer } = await hostMetrics(metricsPort, listenHost);
    if (metricsServer) servers.push(metricsServer);
    servers.push(await serveSite({ root: values.root ?? HOST_DIR, port, host: listenHost, spaFallback: true, deploymentsDir: DEPLOYMENTS_DIR, apiUrl, bakedDeployment, payments, metrics }));
    console.log(`[static] host on http://localhost:${port} (api → ${apiUrl})${metricsServer ? `; metrics on ${metricsServer.url}` : ''}`);
  } else if (/^mf-[a-z][a-z0-9-]*$/.test(values.site)) {
    // A remote: any mf-<name> (the remotes are not listed here; in an image only its published files are there).
    const app: RemoteApp = values.site;
    const port = Number(values.port ?? REMOTE_APPS[app]);
    if (!Number.isInteger(port)) throw new Error(`no port for ${app}: pass --port`);
    const root = values.root ?? path.join(PUBLISHED_DIR, app);
    servers.push(await serveSite({ root, port, host: listenHost, cors: true }));
    console.log(`[static] ${app} on http://localhost:${port} (${root})`);
  } else {
    throw new Error(`unknown site ${values.site}`);
  }
  const stop = () => {
    // The spans still batched go out before the process ends.
    void Promise.all([...servers.map((s) => s.close()), stopSiteTracing?.()]).then(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error('[static]', error instanceof Error ? error.message : error);
  process.exit(1);
});
