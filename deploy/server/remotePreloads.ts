import { enabledRemotes, versionMismatch, type BuiltAgainst, type Deployment, type RemoteName } from '@fable/contracts';

/**
 * The preloads of the remote that serves the page being opened (issue 30 §1): without them the host learns which
 * remote it needs only once its own scripts have run, then asks for the remote's mf-manifest.json, then for its
 * entry and its `./routes` chunk, one round trip after another. The site server knows the path and the deployment
 * (each remote's routes are inlined in it), so the page announces at once:
 *
 * - the remote's mf-manifest.json (`as="fetch" crossorigin`: the federation runtime fetches it in cors mode);
 * - its remote entry and the `./routes` chunk (`as="script"`: loaded by script elements without crossorigin), once
 *   the server has read that mf-manifest.json (fetched in the background the first time a page needs it, kept per
 *   URL: a published version's files never change).
 *
 * A remote rolled out to a share of users (a canary) is not preloaded: which version a page gets is decided in the
 * browser, by its rollout key. Nor is a remote the host would refuse (built against another major of @fable/contracts
 * or @fable/shared than the host's page says, `<meta name="fable-built-against">`): none of its code is ever fetched.
 */

/** The versions the host's page says it was built against (hostPreloadPlugin.mjs), or null. */
export function builtAgainstOf(html: string): BuiltAgainst | null {
  const found = /<meta name="fable-built-against" content="contracts=([0-9A-Za-z.+-]+); shared=([0-9A-Za-z.+-]+)">/.exec(html);
  return found ? { contractsVersion: found[1]!, sharedVersion: found[2]! } : null;
}

export interface RemoteFiles {
  /** The remote entry's and the exposed `./routes` module's scripts, absolute. */
  scripts: string[];
}

interface MfManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] } } }>;
}

/** The scripts an mf-manifest.json names for the remote's start: its entry and its `./routes` module's sync chunks. */
export function remoteFilesOf(manifest: MfManifest, manifestUrl: string): RemoteFiles {
  const publicPath = manifest.metaData?.publicPath;
  const base = !publicPath || publicPath === 'auto' ? new URL('.', manifestUrl).href : new URL(publicPath, manifestUrl).href;
  const entry = manifest.metaData?.remoteEntry;
  const scripts: string[] = [];
  if (entry?.name) scripts.push(new URL(`${entry.path ? `${entry.path.replace(/\/?$/, '/')}` : ''}${entry.name}`, base).href);
  const routes = manifest.exposes?.find((e) => e.path === './routes');
  for (const file of routes?.assets?.js?.sync ?? []) scripts.push(new URL(file, base).href);
  return { scripts };
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * How well a route path (static segments and `:params`, as the remotes declare them) matches a page path: the
 * number of static segments, or -1. The most static match wins, as in the host's router (/chatbot/create over
 * /chatbot/:characterId).
 */
export function routeScore(route: string, pathname: string): number {
  const want = segmentsOf(route);
  const have = segmentsOf(pathname);
  if (want.length !== have.length) return -1;
  let score = 0;
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i]!;
    if (segment.startsWith(':')) continue;
    if (segment.toLowerCase() !== safeDecode(have[i]!).toLowerCase()) return -1;
    score += 1;
  }
  return score;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The enabled remote whose routes serve the path, with its entry; null when none does, or it is rolled out to a share,
 * or the host (built against `host`) refuses it.
 */
export function remoteForPath(deployment: Deployment, pathname: string, host: BuiltAgainst): { name: RemoteName; entry: string } | null {
  let best: { name: RemoteName; entry: string; score: number } | null = null;
  for (const name of enabledRemotes(deployment)) {
    const pointer = deployment.remotes[name]!;
    for (const route of pointer.manifest?.routes ?? []) {
      const score = routeScore(route.path, pathname);
      if (score > (best?.score ?? -1)) best = { name, entry: pointer.entry, score };
    }
  }
  if (!best) return null;
  const pointer = deployment.remotes[best.name]!;
  if (pointer.canary || pointer.manifest?.name !== best.name || versionMismatch(best.name, pointer.manifest, host)) return null;
  return { name: best.name, entry: best.entry };
}

export interface RemotePreloads {
  /** The link elements for the page at `pathname` of a host built against `host` ('' when there is nothing to announce). */
  linksFor(deployment: Deployment, pathname: string, pageOrigin: string, host: BuiltAgainst): string;
}

type FetchManifest = (url: string) => Promise<unknown>;

const MANIFEST_TIMEOUT_MS = 5_000;

async function fetchManifest(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** `attribute` values here are URLs of the deployment (validated) or of its mf-manifest.json: quotes escaped anyway. */
const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A read mf-manifest.json is read again in the background after this long (a version republished in place, in development). */
export const REMOTE_FILES_TTL_MS = 60_000;

export function createRemotePreloads(
  options: { fetchManifest?: FetchManifest; onError?: (error: unknown) => void; now?: () => number } = {},
): RemotePreloads {
  const fetchJson = options.fetchManifest ?? fetchManifest;
  const now = options.now ?? Date.now;
  /** Per mf-manifest.json URL: its scripts once read, and when; a failed read is tried again by a later page. */
  const files = new Map<string, RemoteFiles & { readAt: number }>();
  const reading = new Set<string>();

  function read(manifestUrl: string) {
    if (reading.has(manifestUrl)) return;
    reading.add(manifestUrl);
    fetchJson(manifestUrl)
      .then((manifest) => files.set(manifestUrl, { ...remoteFilesOf(manifest as MfManifest, manifestUrl), readAt: now() }))
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => reading.delete(manifestUrl));
  }

  /** The scripts known for the manifest (none until its first read ends: the page is never held for it). */
  function scriptsOf(manifestUrl: string): string[] {
    const known = files.get(manifestUrl);
    if (!known || now() - known.readAt >= REMOTE_FILES_TTL_MS) read(manifestUrl);
    return known?.scripts ?? [];
  }

  return {
    linksFor(deployment, pathname, pageOrigin, host) {
      const remote = remoteForPath(deployment, pathname, host);
      if (!remote) return '';
      let manifestUrl: string;
      try {
        manifestUrl = new URL(remote.entry, pageOrigin).href;
      } catch {
        return ''; // a relative entry under a Host header that makes no origin: nothing to announce
      }
      const links = [`<link rel="preload" as="fetch" crossorigin="anonymous" href="${attr(manifestUrl)}">`];
      for (const script of scriptsOf(manifestUrl)) links.push(`<link rel="preload" as="script" href="${attr(script)}">`);
      return links.join('');
    },
  };
}
