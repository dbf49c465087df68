// Stands in for @module-federation/enhanced/runtime in the host built without federation. That build
// exists only to measure what the federation runtime costs (npm run build prints the difference);
// it is never served.
export function registerRemotes() {}
export function loadRemote(id) {
  return Promise.reject(new Error(`${id}: this build has no Module Federation runtime`));
}
export function registerPlugins() {}
