/** Files whose name carries a content hash never change: cache them for a year. */
const HASHED = /[.-][0-9a-f]{8,}\.(js|mjs|css|png|jpe?g|svg|webp|woff2?|map)$/;
/** Entry points that tell the browser which hashed files to load: always revalidate. */
const ALWAYS_FRESH = /(^|\/)(index\.html|mf-manifest\.json|mf-manifest-stats\.json|deployment\.json)$|(^|\/)deployments\/[^/]+\.json$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

export function cacheControlFor(urlPath: string): string {
  if (ALWAYS_FRESH.test(urlPath)) return NO_CACHE;
  if (HASHED.test(urlPath)) return IMMUTABLE;
  return NO_CACHE;
}
