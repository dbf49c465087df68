// The Module Federation share scope: every app shares these as singletons, one copy on the page.
// The 'x/' prefix entries make subpath imports (react/jsx-runtime, react-dom/client,
// @reduxjs/toolkit/query/react, @emotion/react/jsx-runtime) shared too; without them those
// subpaths are bundled again in every app (MF troubleshooting: "Subpath imports are not shared").
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const versionOf = (name) => require(path.join(root, 'node_modules', name, 'package.json')).version;

/** Packages shared as singletons. `strict` ones refuse to start on a mismatched version. */
export const SHARED_PACKAGES = [
  { name: 'react', strict: true, prefix: true },
  { name: 'react-dom', strict: true, prefix: true },
  { name: '@emotion/react', prefix: true },
  { name: '@emotion/cache' },
  { name: '@emotion/styled' },
  // Our runtime: a remote built against another major is refused by the host before it runs (remoteRegistry.ts);
  // strictVersion makes the federation runtime refuse it too, should it ever be loaded.
  { name: '@fable/shared', strict: true },
];
// A shared module is bundled whole, whatever its consumers use. So (docs/adr/0002-lean-shared-runtime.md):
// - react-router, @reduxjs/toolkit and react-redux reach the remotes through @fable/shared, which
//   re-exports the parts the apps use: one copy on the page (the host's), tree-shaken;
// - zod and @fable/contracts hold no state: each app bundles the parts it uses, tree-shaken.

export function sharedModules() {
  const shared = {};
  for (const { name, strict = false, prefix = false } of SHARED_PACKAGES) {
    const version = versionOf(name);
    const config = { singleton: true, requiredVersion: `^${version}`, version, strictVersion: strict };
    shared[name] = config;
    if (prefix) shared[`${name}/`] = config;
  }
  return shared;
}
