import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Cache } from '../cache/cache';
import type { Database } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics (metrics.ts); main.ts serves them on METRICS_PORT. */
    metrics: Metrics;
  }
}

/**
 * The API's Prometheus metrics, one registry per app (tests build many apps in one process). Served on a port of
 * their own (metricsServer.ts, METRICS_PORT), never through the public API. Names follow Prometheus' conventions
 * (`_seconds`, `_total`); labels are bounded sets (route patterns, never URLs; limit names; outcomes).
 */
export interface Metrics {
  readonly registry: Registry;
  /** Every answered request, by method, route pattern and status. */
  readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Chat answers streaming now (Server-Sent Events open). */
  readonly chatStreamsOpen: Gauge;
  /** From the chat call's arrival to its first token sent: what a member waits before text appears. */
  readonly chatFirstToken: Histogram;
  /** A reply's tokens per second, from its first token to its last (replies of two tokens or more). */
  readonly chatTokensPerSecond: Histogram;
  /** Chat turns that streamed, by how they ended: `done`, `failed` (the engine broke or said nothing), `left` (the client went away). */
  readonly chatTurns: Counter<'outcome'>;
  /** How long a turn waited for a generation slot of a model with limited capacity (the priority queue). */
  readonly queueWait: Histogram<'outcome'>;
  /** Calls refused by a rate limit (429), by the limit's name. */
  readonly rateLimitRefusals: Counter<'limit'>;
  /** Cache reads, by result (`hit`, `miss`): the hit ratio is hit / (hit + miss). */
  readonly cacheReads: Counter<'result'>;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Billing jobs by state, read from the database at each scrape: `pending` (due or not yet), `running` (a worker holds
 * it), `retrying` (failed at least once, will run again), `given_up` (failed its last attempt: someone must look).
 * Completed jobs are not counted (their number only grows; the billing events say what was done).
 */
export const BILLING_JOB_STATES_SQL = `
  select case
           when failed_at is not null then 'given_up'
           when locked_until > now() then 'running'
           when attempts > 0 then 'retrying'
           else 'pending'
         end as state,
         kind,
         count(*)::int as jobs
    from billing_jobs
   where completed_at is null
   group by 1, 2`;

export function createMetrics(db: Database): Metrics {
  const registry = new Registry();
  const billingJobs = new Gauge({
    name: 'fable_billing_jobs',
    help: 'Billing jobs not completed, by state (pending, running, retrying, given_up) and kind',
    labelNames: ['state', 'kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await db.query<{ state: string; kind: string; jobs: number }>(BILLING_JOB_STATES_SQL);
      for (const row of rows) this.set({ state: row.state, kind: row.kind }, row.jobs);
    },
  });
  void billingJobs;
  return {
    registry,
    requestDuration: new Histogram({
      name: 'fable_http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: SECONDS_BUCKETS,
      registers: [registry],
    }),
    chatStreamsOpen: new Gauge({ name: 'fable_chat_streams_open', help: 'Chat answers streaming now', registers: [registry] }),
    chatFirstToken: new Histogram({
      name: 'fable_chat_first_token_seconds',
      help: 'From a chat call’s arrival to its first token sent',
      buckets: SECONDS_BUCKETS,
      registers: [registry],
    }),
    chatTokensPerSecond: new Histogram({
      name: 'fable_chat_tokens_per_second',
      help: 'A reply’s tokens per second, first token to last',
      buckets: [1, 5, 10, 20, 40, 80, 160, 320],
      registers: [registry],
    }),
    chatTurns: new Counter({ name: 'fable_chat_turns_total', help: 'Chat turns that streamed, by outcome (done, failed, left)', labelNames: ['outcome'] as const, registers: [registry] }),
    queueWait: new Histogram({
      name: 'fable_queue_wait_seconds',
      help: 'Wait for a generation slot of a model with limited capacity, by outcome (admitted, refused, left)',
      labelNames: ['outcome'] as const,
      buckets: [0.01, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({ name: 'fable_rate_limit_refusals_total', help: 'Calls refused by a rate limit (429), by limit', labelNames: ['limit'] as const, registers: [registry] }),
    cacheReads: new Counter({ name: 'fable_cache_reads_total', help: 'Cache reads by result (hit, miss)', labelNames: ['result'] as const, registers: [registry] }),
  };
}

/** `cache` with its reads counted as hits and misses. */
export function withReadsCounted(cache: Cache, reads: Metrics['cacheReads']): Cache {
  return {
    kind: cache.kind,
    async get(key) {
      const value = await cache.get(key);
      reads.inc({ result: value === null ? 'miss' : 'hit' });
      return value;
    },
    set: (key, value, ttlSeconds) => cache.set(key, value, ttlSeconds),
    delete: (key) => cache.delete(key),
    hit: (key, windowSeconds) => cache.hit(key, windowSeconds),
    close: () => cache.close(),
  };
}

/** Each answered request's time, by route pattern (`unmatched` for a path no route has). Hijacked answers (chat streams) have their own. */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
