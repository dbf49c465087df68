import { BalancedPool, Pool, type Dispatcher } from 'undici';

/** How long the API may take to start answering (a stream's pauses between events are not limited). */
export const HEADERS_TIMEOUT_MS = 120_000;
/** How long an API that refused a connection stays out of the balance before it is tried again. */
const UNREACHABLE_RECHECK_MS = 5_000;
/** The API's connections: a stream's pauses between events are not limited. */
const POOL_OPTIONS = { headersTimeout: HEADERS_TIMEOUT_MS, bodyTimeout: 0 };

/** The API's origins from API_URL: one URL, or several separated by commas. */
function apiOrigins(apiUrl: string): string[] {
  const origins = apiUrl.split(',').map((url) => url.trim()).filter(Boolean).map((url) => new URL(url).origin);
  if (origins.length === 0) throw new Error('API_URL names no API');
  return origins;
}

/** The site server's connections to the API, shared by the /api proxy (apiProxy.ts) and the link previews (linkPreview.ts). */
export interface ApiUpstream {
  /** The API's origins, as API_URL lists them. */
  readonly targets: readonly string[];
  /**
   * One call. A call without a body whose API refused the connection never reached it: it goes to another at once
   * (with a body, which is gone, it fails).
   */
  request(options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  close(): Promise<void>;
}

/** Whether a call failed because its API refused the connection (stopped, or gone): nothing reached it. */
const refused = (error: unknown) => ['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT'].includes((error as { code?: string }).code ?? '');

/**
 * One API: a plain pool of connections to it. Several (API_URL="http://a:3100,http://b:3100", processes without a
 * load balancer of their own): undici's BalancedPool spreads the calls and sends fewer to one that fails; one that
 * refuses connections is taken out for UNREACHABLE_RECHECK_MS, then tried again (the last one left always stays).
 */
export function createApiUpstream(apiUrl: string): ApiUpstream {
  const targets = apiOrigins(apiUrl);
  const balanced = targets.length > 1 ? new BalancedPool(targets, POOL_OPTIONS) : null;
  const pool = balanced ?? new Pool(targets[0]!, POOL_OPTIONS);
  const rechecks = new Set<NodeJS.Timeout>();

  const takeOut = (error: unknown) => {
    const port = String((error as { port?: number }).port);
    const origin = targets.find((target) => new URL(target).port === port);
    if (!balanced || !origin || !balanced.upstreams.includes(origin) || balanced.upstreams.length === 1) return;
    balanced.removeUpstream(origin);
    const timer = setTimeout(() => {
      rechecks.delete(timer);
      if (!balanced.upstreams.includes(origin)) balanced.addUpstream(origin);
    }, UNREACHABLE_RECHECK_MS);
    rechecks.add(timer);
  };

  return {
    targets,
    async request(options) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await pool.request(options);
        } catch (error) {
          if (!balanced || !refused(error)) throw error;
          takeOut(error);
          if (options.body || attempt >= targets.length) throw error;
        }
      }
    },
    async close() {
      for (const timer of rechecks) clearTimeout(timer);
      await pool.destroy();
    },
  };
}
