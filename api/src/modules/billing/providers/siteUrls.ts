import type { AppConfig } from '../../../config';

/** The site's origin as browsers see it (PUBLIC_URL; the OIDC return paths use the same). */
export const siteOrigin = (config: AppConfig) => (config.publicUrl ?? 'http://localhost:3000').replace(/\/$/, '');

/** A site path as an absolute URL with query parameters. */
export function siteUrl(config: AppConfig, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${siteOrigin(config)}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** Whether a URL the browser sent is a page of the site (never an open redirect): absolute, same origin. */
export function isSitePage(config: AppConfig, candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return url.origin === siteOrigin(config) && !url.username && !url.password;
  } catch {
    return false;
  }
}
