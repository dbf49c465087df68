// Builds the host and the remotes with Rspack, each only when its inputs changed since its last build.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { publishDeployments } from '../../deploy/scripts/inlineManifests';
import { publishRemote } from '../../deploy/scripts/publishRemote';
import { DEPLOYMENTS_DIR, PUBLISHED_DIR, SOURCE_DEPLOYMENTS_DIR } from '../../deploy/server/localSites';
import { APPS, ROOT, REMOTES, versionOf } from '../lib/apps';
import { inParallel, run } from '../lib/run';
import { precompress } from './precompress';

const rspackBin = path.join(path.dirname(require.resolve('@rspack/cli/package.json')), 'bin/rspack.js');

/** Latest modification time under the given paths (files or folders), ignoring build output. */
function latestMtime(paths: string[]): number {
  let latest = 0;
  const walk = (p: string): void => {
    if (!existsSync(p)) return;
    const info = statSync(p);
    if (info.isDirectory()) {
      for (const name of readdirSync(p)) if (!['node_modules', 'dist', 'dist-nofederation'].includes(name)) walk(path.join(p, name));
    } else latest = Math.max(latest, info.mtimeMs);
  };
  paths.forEach(walk);
  return latest;
}

function inputsOf(app: string): string[] {
  return [
    path.join(ROOT, app),
    path.join(ROOT, 'shared/src'),
    path.join(ROOT, 'contracts/src'),
    // Their versions are built into every app (the host refuses a remote of another major): a bump rebuilds all.
    path.join(ROOT, 'contracts/package.json'),
    path.join(ROOT, 'shared/package.json'),
    path.join(ROOT, 'scripts/rspack'),
    path.join(ROOT, 'package-lock.json'),
  ];
}

const stampFile = (outDir: string) => path.join(outDir, '.build-stamp.json');

function isFresh(app: string, outDir: string, key: string): boolean {
  try {
    const stamp = JSON.parse(readFileSync(stampFile(outDir), 'utf8'));
    return stamp.key === key && stamp.inputs >= latestMtime(inputsOf(app));
  } catch {
    return false;
  }
}

export interface BuildOptions {
  apps?: readonly string[];
  force?: boolean;
  /** Also build the host without Module Federation (the budget's comparison). */
  noFederationHost?: boolean;
  /** Bake this deployment into the host. */
  deployment?: string;
}

interface Job {
  app: string;
  outDir: string;
  env: Record<string, string>;
}

export async function buildApps({ apps = APPS, force = false, noFederationHost = false, deployment = process.env.DEPLOYMENT ?? '' }: BuildOptions = {}): Promise<string[]> {
  const jobs: Job[] = apps.map((app) => ({ app, outDir: path.join(ROOT, app, 'dist'), env: app === 'host' ? { DEPLOYMENT: deployment } : ({} as Record<string, string>) }));
  if (noFederationHost && apps.includes('host')) jobs.push({ app: 'host', outDir: path.join(ROOT, 'host/dist-nofederation'), env: { NO_FEDERATION: '1' } });
  const built: string[] = [];
  await inParallel(jobs, 2, async ({ app, outDir, env }) => {
    // `precompressed`: a build made before the .br/.gz copies existed is stale.
    const key = JSON.stringify({ env, version: versionOf(app), precompressed: true });
    if (!force && isFresh(app, outDir, key)) return;
    const started = Date.now();
    const inputs = latestMtime(inputsOf(app));
    await run(process.execPath, [rspackBin, 'build'], { cwd: path.join(ROOT, app), env: { NODE_ENV: 'production', ...env }, prefix: app, quiet: true }).catch((error: Error & { output?: string }) => {
      process.stderr.write(error.output ?? '');
      throw error;
    });
    await precompress(outDir);
    writeFileSync(stampFile(outDir), JSON.stringify({ key, inputs }));
    built.push(app);
    console.log(`[build] ${app}${env.NO_FEDERATION ? ' (without federation)' : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
  return built;
}

/** Publishes each remote's build under its versioned path (deploy/.published/<app>/<version>/). */
export async function publishRemotes(remotes: readonly string[] = REMOTES): Promise<void> {
  for (const app of remotes) await publishRemote(app, versionOf(app));
  // The served deployments: the source pointers with the published remotes' manifests inlined.
  await publishDeployments(SOURCE_DEPLOYMENTS_DIR, DEPLOYMENTS_DIR, PUBLISHED_DIR);
}
