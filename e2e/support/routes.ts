import { remoteSource, remotes } from '../../scripts/lib/workspaces.cjs';

/** Every route of every remote's remote.json (`:name` matches any one segment). */
const ROUTES = remotes().flatMap((app) => (remoteSource(app).routes as { path: string }[]).map((route) => route.path));

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The route a path belongs to (`/chatbot/:characterId` for any profile; `/chatbot/create` before it, the
 * route with more fixed segments winning), or the path itself when no route matches (it would be a 404).
 */
export function routePattern(pathname: string): string {
  const parts = segments(pathname);
  let best: { path: string; fixed: number } | null = null;
  for (const route of ROUTES) {
    const pattern = segments(route);
    if (pattern.length !== parts.length || !pattern.every((p, i) => p.startsWith(':') || p === parts[i])) continue;
    const fixed = pattern.filter((p) => !p.startsWith(':')).length;
    if (!best || fixed > best.fixed) best = { path: route, fixed };
  }
  return best?.path ?? pathname;
}

/** One key per page: the hostname (the deployment) and the route, whatever the ids in the path. */
export const routeKey = (url: string) => {
  const { host, pathname } = new URL(url);
  return `${host}${routePattern(pathname)}`;
};
