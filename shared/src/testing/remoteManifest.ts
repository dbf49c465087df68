import { RemoteSourceManifestSchema } from '@fable/contracts';
import type { RemoteRoutesModule } from '../remote/remoteRoutesModule';

/**
 * A remote's remote.json is valid, names the remote its `./routes` says it is, and every page the remote exposes
 * is one its routes or overlays name (a page no route reaches is dead code, or a route was forgotten), and every
 * route it publishes has its page.
 */
export function expectRoutesToMatchManifest(routes: RemoteRoutesModule, manifestJson: unknown): void {
  const manifest = RemoteSourceManifestSchema.parse(manifestJson);
  expect(routes.remote).toBe(manifest.name);
  const reachable = new Set([...manifest.routes.map((route) => route.page), ...(manifest.slots.overlays ?? [])]);
  expect(Object.keys(routes.pages).filter((page) => !reachable.has(page))).toEqual([]);
  // And every route it publishes has its page: a missing one answers the 404 page (/contribute once did).
  expect(manifest.routes.filter((route) => !(route.page in routes.pages)).map((route) => route.path)).toEqual([]);
}
