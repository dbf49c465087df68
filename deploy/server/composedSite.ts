import path from 'node:path';
import { DEPLOYMENTS_DIR, HOST_DIR, PUBLISHED_DIR, remotePorts, type RemoteApp } from './localSites';
import type { PaymentSources } from './paymentSources';
import { hostMetrics } from './siteMetrics';
import { serveSite, type RunningSite } from './staticSite';

export interface ComposedSiteOptions {
  /** The host listens here; the remotes on portBase + 1…5. */
  portBase: number;
  hostPort?: number;
  hostDir?: string;
  publishedDir?: string;
  deploymentsDir?: string;
  apiUrl?: string;
  listenHost?: string;
  /** The deployment baked into the host build, if any (its pages' CSP when the hostname names none). */
  bakedDeployment?: string;
  /** What the host's pages may load for payments: the provider's hosted pages (the sandbox's under npm start and e2e). */
  payments?: PaymentSources;
  /** Serve the host's metrics (remote versions' reports) on this port: GET /metrics. */
  metricsPort?: number;
}

export interface ComposedSite {
  url: string;
  /** The host's metrics, when a metrics port was given. */
  metricsUrl: string | null;
  ports: Record<RemoteApp, number>;
  stopRemote(app: RemoteApp): Promise<void>;
  startRemote(app: RemoteApp): Promise<void>;
  close(): Promise<void>;
}

/** The host and every remote, each on its own origin, as in production. */
export async function startComposedSite(options: ComposedSiteOptions): Promise<ComposedSite> {
  const listenHost = options.listenHost ?? '127.0.0.1';
  const publishedDir = options.publishedDir ?? PUBLISHED_DIR;
  const hostPort = options.hostPort ?? options.portBase;
  const ports = remotePorts(options.portBase);
  const { metrics, server: metricsServer } = await hostMetrics(options.metricsPort, listenHost);
  const host = await serveSite({
    root: options.hostDir ?? HOST_DIR,
    port: hostPort,
    host: listenHost,
    spaFallback: true,
    deploymentsDir: options.deploymentsDir ?? DEPLOYMENTS_DIR,
    apiUrl: options.apiUrl ?? 'http://127.0.0.1:3100',
    bakedDeployment: options.bakedDeployment,
    payments: options.payments,
    metrics,
  });
  const remotes = new Map<RemoteApp, RunningSite>();
  const startRemote = async (app: RemoteApp) => {
    if (remotes.has(app)) return;
    const port = ports[app];
    if (port === undefined) throw new Error(`unknown remote ${app}`);
    remotes.set(app, await serveSite({ root: path.join(publishedDir, app), port, host: listenHost, cors: true }));
  };
  const stopRemote = async (app: RemoteApp) => {
    const server = remotes.get(app);
    remotes.delete(app);
    if (server) await server.close();
  };
  for (const app of Object.keys(ports) as RemoteApp[]) await startRemote(app);
  return {
    url: `http://localhost:${hostPort}`,
    metricsUrl: metricsServer?.url ?? null,
    ports,
    stopRemote,
    startRemote,
    async close() {
      await Promise.all([...remotes.keys()].map(stopRemote));
      await host.close();
      await metricsServer?.close();
    },
  };
}
