// Rolls a published version of one remote out to a share of a deployment's users, and back (README "Rolling out a
// remote"). Users are chosen stably by user id, or for a guest by a key kept on the device (contracts rollout.ts).
//   npx tsx deploy/scripts/rolloutRemote.ts start main mf-chat 0.1.1 --share 10   (again, with another share, to widen it)
//   npx tsx deploy/scripts/rolloutRemote.ts rollback main mf-chat                 nobody gets it any more
//   npx tsx deploy/scripts/rolloutRemote.ts promote main mf-chat                  everyone gets it
//   npx tsx deploy/scripts/rolloutRemote.ts status main [--metrics http://site:9465/metrics]
// Each command edits the source deployment (deploy/deployments) and writes the served ones again, as
// pointDeployment.ts does; the site server reads them on every request, so a change needs no restart. A page already
// open on a rolled-back version moves off it at its next load or at Retry (the host asks for the deployment again).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { versionOfEntry } from '@fable/contracts';
import { publishDeployments } from './inlineManifests';
import { editRemote, pointDeployment, pointEntry, publishedManifest, type RemotePointer } from './pointDeployment';

export interface RolloutOptions {
  /** Where the remote versions are published: the version's fable-remote.json is inlined from there. */
  publishedDir?: string;
}

function listed(remote: RemotePointer | undefined, deploymentId: string, name: string): RemotePointer {
  if (!remote) throw new Error(`${deploymentId} has no remote ${name}`);
  return remote;
}

/** Sends `share` percent of a deployment's users to a published version of one remote (or changes the share). */
export async function startRollout(dir: string, deploymentId: string, app: string, version: string, share: number, options: RolloutOptions = {}): Promise<string> {
  if (!Number.isInteger(share) || share < 1 || share > 100) throw new Error(`the share is a whole percent from 1 to 100, not ${share}`);
  return editRemote(dir, deploymentId, app, (remote, name) => {
    const current = listed(remote, deploymentId, name);
    const entry = pointEntry(current.entry, version);
    if (entry === current.entry) throw new Error(`${deploymentId} already serves ${app} ${version} to everyone`);
    const manifest = publishedManifest(options.publishedDir, app, name, version);
    return { remote: { ...current, canary: manifest ? { entry, share, manifest } : { entry, share } }, result: entry };
  });
}

/** Ends a rollout: everyone gets the deployment's version again. Returns the version rolled back, or null when none was. */
export async function rollBack(dir: string, deploymentId: string, app: string): Promise<string | null> {
  return editRemote(dir, deploymentId, app, (remote, name) => {
    const { canary, ...current } = listed(remote, deploymentId, name);
    return { remote: current, result: canary ? versionOfEntry(canary.entry) : null };
  });
}

/** Ends a rollout the other way: everyone gets the version rolled out. */
export async function promote(dir: string, deploymentId: string, app: string, options: RolloutOptions = {}): Promise<string> {
  const version = await editRemote(dir, deploymentId, app, (remote, name) => {
    const current = listed(remote, deploymentId, name);
    const rolled = current.canary && versionOfEntry(current.canary.entry);
    if (!rolled) throw new Error(`${deploymentId} is not rolling out ${app}`);
    return { remote: current, result: rolled };
  });
  await pointDeployment(dir, deploymentId, app, version, options);
  await rollBack(dir, deploymentId, app);
  return version;
}

/** Each remote event counted for one deployment, from the site server's Prometheus text: `remote version event` → count. */
export function remoteEventCounts(metricsText: string, deploymentId: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of metricsText.split('\n')) {
    const match = /^fable_remote_events_total\{([^}]*)\} (\d+(?:\.\d+)?)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (labels.deployment !== deploymentId) continue;
    counts.set(`${labels.remote} ${labels.version} ${labels.event}`, Number(match[2]));
  }
  return counts;
}

/** What a deployment serves of each remote, and with metrics, what pages reported of each version. */
export async function rolloutStatus(dir: string, deploymentId: string, metricsText?: string): Promise<string[]> {
  const deployment = JSON.parse(await readFile(path.join(dir, `${deploymentId}.json`), 'utf8')) as { remotes: Record<string, RemotePointer> };
  const counts = metricsText === undefined ? null : remoteEventCounts(metricsText, deploymentId);
  const events = (name: string, version: string | null) =>
    counts ? ` (${['loaded', 'load_failed', 'render_failed'].map((event) => `${event} ${counts.get(`${name} ${version} ${event}`) ?? 0}`).join(', ')})` : '';
  return Object.entries(deployment.remotes).map(([name, remote]) => {
    const stable = versionOfEntry(remote.entry);
    const line = `${name}: ${stable ?? remote.entry}${events(name, stable)}`;
    if (!remote.canary) return line;
    const rolled = versionOfEntry(remote.canary.entry);
    return `${line}; rolling out ${rolled} to ${remote.canary.share} %${events(name, rolled)}`;
  });
}

if (require.main === module) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { share: { type: 'string' }, metrics: { type: 'string' } } });
  const [command, deploymentId, app, version] = positionals;
  const usage = 'usage: npx tsx deploy/scripts/rolloutRemote.ts start <deployment> <remote> <version> --share <1-100> | rollback <deployment> <remote> | promote <deployment> <remote> | status <deployment> [--metrics URL]';
  const source = path.resolve(__dirname, '../deployments');
  const publishedDir = path.resolve(__dirname, '../.published');
  const serve = () => publishDeployments(source, path.join(publishedDir, 'deployments'), publishedDir);
  const commands: Record<string, () => Promise<string>> = {
    start: async () => {
      const entry = await startRollout(source, deploymentId!, app!, version!, Number(values.share), { publishedDir });
      await serve();
      return `${deploymentId}: ${values.share} % of users get ${app} ${version} (${entry})`;
    },
    rollback: async () => {
      const rolled = await rollBack(source, deploymentId!, app!);
      await serve();
      return rolled ? `${deploymentId}: ${app} ${rolled} rolled back, everyone gets the deployment's version` : `${deploymentId}: ${app} had no rollout`;
    },
    promote: async () => {
      const promoted = await promote(source, deploymentId!, app!, { publishedDir });
      await serve();
      return `${deploymentId}: everyone gets ${app} ${promoted}`;
    },
    status: async () => {
      const metrics = values.metrics ? await (await fetch(values.metrics)).text() : undefined;
      return (await rolloutStatus(path.join(publishedDir, 'deployments'), deploymentId!, metrics)).join('\n');
    },
  };
  const needs: Record<string, number> = { start: 4, rollback: 3, promote: 3, status: 2 };
  const run = command ? commands[command] : undefined;
  if (!run || positionals.length !== needs[command!] || (command === 'start' && !values.share)) {
    console.error(usage);
    process.exit(2);
  }
  run().then(
    (line) => console.log(line),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
