import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REMOTE_BEACON_PATH, RemoteBeaconSchema, versionOfEntry, type Deployment } from '@fable/contracts';
import type { SiteMetrics } from './siteMetrics';
import { problem } from './problem';

/** The versions of its remotes a deployment serves now: each entry's and each rollout's, as `remote version`. */
export function servedVersions(deployment: Deployment): string[] {
  return Object.entries(deployment.remotes).flatMap(([name, remote]) =>
    [remote.entry, remote.canary?.entry].flatMap((entry) => {
      const version = entry ? versionOfEntry(entry) : null;
      return version ? [`${name} ${version}`] : [];
    }),
  );
}

/**
 * Reports one client may send a minute: a page reports each remote it loads, once, and a few render failures at most;
 * a client past it is answered 429 and not counted, so that one client cannot skew a version's failure rate.
 */
export const BEACON_REPORTS_PER_MINUTE = 600;

/**
 * POST /remote-beacon: the host's pages report a remote version loaded, could not be loaded, or threw while rendering
 * (host/src/remotes/remoteBeacon.ts, sent with navigator.sendBeacon as text/plain JSON). Counted in the site's
 * metrics by deployment, remote, version and event. Only versions the page's deployment serves, or served while this
 * process ran (a page still open on a version rolled back reports late), are counted: the labels stay a bounded set
 * whatever a client posts. 204 when counted; 400 for a report that is not one; 422 for a version not served here;
 * 429 past BEACON_REPORTS_PER_MINUTE from one address (@fastify/rate-limit, per process).
 */
export function registerRemoteBeacon(app: FastifyInstance, metrics: SiteMetrics, deploymentOf: (request: FastifyRequest) => Promise<Deployment | null>): void {
  const known = new Set<string>();
  app.register(async (scope) => {
    await scope.register(rateLimit, {
      max: BEACON_REPORTS_PER_MINUTE,
      timeWindow: 60_000,
      // answered by the site's error handler in its shape: { code: 'too_many_requests', message }
      errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: `More than ${context.max} reports a minute; try again in ${context.after}.` }),
    });
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(Object.assign(new Error('The report is not JSON.'), { statusCode: 400 }), undefined);
      }
    });
    scope.post(REMOTE_BEACON_PATH, { bodyLimit: 1024 }, async (request, reply) => {
      const parsed = RemoteBeaconSchema.safeParse(request.body);
      if (!parsed.success) {
        return reply.code(400).send(problem('bad_report', parsed.error.issues.map((i) => `${i.path.join('.') || 'report'}: ${i.message}`).join('; ')));
      }
      const deployment = await deploymentOf(request);
      if (!deployment) return reply.code(404).send(problem('unknown_domain', 'Unknown domain'));
      for (const served of servedVersions(deployment)) known.add(`${deployment.id} ${served}`);
      const { remote, version, event } = parsed.data;
      if (!known.has(`${deployment.id} ${remote} ${version}`)) {
        return reply.code(422).send(problem('unknown_version', `${deployment.id} does not serve ${remote} ${version}.`));
      }
      metrics.remoteEvents.inc({ deployment: deployment.id, remote, version, event });
      return reply.code(204).send();
    });
  });
}
