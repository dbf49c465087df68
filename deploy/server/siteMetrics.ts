import Fastify from 'fastify';
import { Counter, Registry } from 'prom-client';
import { REMOTE_EVENTS } from '@fable/contracts';

/** The site server's Prometheus metrics: what the host's pages report of each remote version (remoteBeacon.ts). */
export interface SiteMetrics {
  readonly registry: Registry;
  /** By deployment, remote, version and event (`loaded`, `load_failed`, `render_failed`). */
  readonly remoteEvents: Counter<'deployment' | 'remote' | 'version' | 'event'>;
}

export function createSiteMetrics(): SiteMetrics {
  const registry = new Registry();
  const remoteEvents = new Counter({
    name: 'fable_remote_events_total',
    help: `What host pages reported of each remote version: ${REMOTE_EVENTS.join(', ')}`,
    labelNames: ['deployment', 'remote', 'version', 'event'] as const,
    registers: [registry],
  });
  return { registry, remoteEvents };
}

/**
 * GET /metrics on a port of its own (the site's METRICS_PORT), never through the public site: a scrape of what the
 * host's pages reported. Resolves once it listens; returns its URL and how to stop it.
 */
export async function serveSiteMetrics(metrics: SiteMetrics, port: number, host: string): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/metrics', async (_request, reply) => reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()));
  const address = await app.listen({ port, host });
  return { url: `${address}/metrics`, close: () => app.close() };
}

/** The host's metrics, served on `port` when one is given (METRICS_PORT); without it they are counted and not served. */
export async function hostMetrics(port: number | undefined, host: string): Promise<{ metrics: SiteMetrics; server: { url: string; close(): Promise<void> } | null }> {
  const metrics = createSiteMetrics();
  return { metrics, server: port === undefined ? null : await serveSiteMetrics(metrics, port, host) };
}
