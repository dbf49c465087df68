// The route table of @fable/contracts (contracts/src/routes) names pages of the remotes: each pattern must be a route
// some remote.json declares, so that renaming a route in a remote fails here rather than breaking links elsewhere.
import { routes } from '@fable/contracts';
import { remoteSource, remotes } from './lib/workspaces.cjs';

/** Every route pattern of every remote.json, with the remote declaring it. */
function declaredRoutes(): Map<string, string> {
  const declared = new Map<string, string>();
  for (const app of remotes()) {
    for (const { path } of remoteSource(app).routes as { path: string }[]) declared.set(path, app);
  }
  return declared;
}

describe('the route table of @fable/contracts', () => {
  const declared = declaredRoutes();

  it.each(Object.entries(routes).map(([name, entry]) => [name, entry.pattern]))('routes.%s (%s) is a route of a remote.json', (name, pattern) => {
    expect({ name, remote: declared.has(pattern) }).toEqual({ name, remote: true });
  });

  it('reads the remotes’ routes', () => {
    expect(declared.get('/chat/:characterId')).toBe('mf-chat');
    expect(declared.size).toBeGreaterThan(20);
  });
});
