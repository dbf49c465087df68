import type { AppConfig } from '../../../config';

/** The site's origin as browsers see it (PUBLIC_URL; the OIDC return paths use the same). */
export const siteOrigin = (config: AppConfig) => new URL(config.publicUrl ?? 'http://localhost:3000').origin;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether an origin is the site's: PUBLIC_URL's, or — the site served on this machine, as `npm start` and the e2e
 * suite serve it under both localhost and 127.0.0.1 — the same scheme and port on another loopback name (never
 * another machine, so never an open redirect).
 */
export function isSiteOrigin(config: AppConfig, origin: string): boolean {
  let candidate: URL;
  try {
    candidate = new URL(origin);
  } catch {
    return false;
  }
  const site = new URL(siteOrigin(config));
  if (candidate.origin === site.origin) return true;
  return candidate.protocol === site.protocol && candidate.port === site.port && LOOPBACK.has(candidate.hostname) && LOOPBACK.has(site.hostname);
}

/** The origin to send the member back to: the one their browser called from (Origin) when it is the site's, else PUBLIC_URL's. */
export function returnOrigin(config: AppConfig, originHeader: string | undefined): string {
  return originHeader && isSiteOrigin(config, originHeader) ? new URL(originHeader).origin : siteOrigin(config);
}

/** A site path on `origin` as an absolute URL with query parameters. */
export function siteUrl(origin: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${origin}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** Whether a URL the browser sent is a page of the site (never an open redirect): absolute, the site's origin, no credentials. */
export function isSitePage(config: AppConfig, candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isSiteOrigin(config, url.origin) && !url.username && !url.password;
  } catch {
    return false;
  }
}
