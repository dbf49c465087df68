// The one list of the house's parts, derived, never typed out: the workspaces of the root package.json (a glob
// like "mf-*" included), and among them the remotes, which are the folders holding a remote.json. Every tool reads
// it from here (typecheck, lint boundaries, jest projects, build, start, dev, deploy), so a new remote is its own
// folder plus one deployment entry.
// CommonJS, so that every kind of tool loads it: ESM configs (jest, eslint, rspack), tsx scripts, Playwright's loader.
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

/** The workspace folders, in the order package.json lists them (a glob expands to its folders, sorted). */
function workspaces(root = ROOT) {
  const patterns = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces ?? [];
  return patterns.flatMap((pattern) => {
    if (!pattern.includes('*')) return [pattern];
    const re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    return readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && re.test(entry.name))
      .map((entry) => entry.name)
      .sort();
  });
}

/** A remote's own remote.json, as its team wrote it. */
function remoteSource(app, root = ROOT) {
  return JSON.parse(readFileSync(path.join(root, app, 'remote.json'), 'utf8'));
}

/** The remotes: workspaces with a remote.json, by their local port (remote.json's devPort). */
function remotes(root = ROOT) {
  return workspaces(root)
    .filter((app) => existsSync(path.join(root, app, 'remote.json')))
    .map((app) => ({ app, port: remoteSource(app, root).devPort }))
    .sort((a, b) => a.port - b.port)
    .map(({ app }) => app);
}

/** The apps Rspack builds: the host and the remotes. */
function apps(root = ROOT) {
  return ['host', ...remotes(root)];
}

/** Workspaces with web code (jsdom tests, DOM types): shared, the mock API and the apps. */
function webWorkspaces(root = ROOT) {
  return ['shared', 'mocks', ...apps(root)];
}

/** The federation name of a remote's folder, as its remote.json names it (mf-chat → mf_chat). */
function federationName(app, root = ROOT) {
  return remoteSource(app, root).name;
}

/** The folder of a remote by its federation name (mf_chat → mf-chat): the remote whose remote.json names it, if any. */
function remoteFolder(name, root = ROOT) {
  return remotes(root).find((candidate) => federationName(candidate, root) === name);
}

/** Top-level folders that hold code, for the lint boundaries: the workspaces plus the repository's scripts. */
function codeFolders(root = ROOT) {
  return [...workspaces(root), 'scripts'];
}

module.exports = { ROOT, workspaces, remoteSource, remotes, apps, webWorkspaces, federationName, remoteFolder, codeFolders };
