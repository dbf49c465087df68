import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { DeploymentSchema, type Deployment } from '@fable/contracts';

/** What was read of a folder, and the files' names, sizes and times it was read from. */
const read = new Map<string, { signature: string; deployments: Promise<Deployment[]> }>();

/**
 * Reads and validates every deployment in a folder; a broken file is an error, never skipped silently. Read again
 * only when a file was added, removed or changed (its size or time): every page and beacon asks, publishing is rare.
 */
export async function loadDeployments(dir: string): Promise<Deployment[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const stats = await Promise.all(files.map((file) => stat(path.join(dir, file))));
  const signature = files.map((file, i) => `${file}:${stats[i]!.ino}:${stats[i]!.size}:${stats[i]!.mtimeMs}`).join('|');
  const cached = read.get(dir);
  if (cached?.signature === signature) return cached.deployments;
  const deployments = parseDeployments(dir, files);
  read.set(dir, { signature, deployments });
  // a failed read is not kept: the next request reads again
  deployments.catch(() => read.get(dir)?.deployments === deployments && read.delete(dir));
  return deployments;
}

function parseDeployments(dir: string, files: string[]): Promise<Deployment[]> {
  return Promise.all(
    files.map(async (file) => {
      const parsed = DeploymentSchema.safeParse(JSON.parse(await readFile(path.join(dir, file), 'utf8')));
      if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      if (`${parsed.data.id}.json` !== file) throw new Error(`${file}: id "${parsed.data.id}" does not match the file name`);
      return parsed.data;
    }),
  );
}

/** The deployment serving a hostname, or null for an unknown domain. */
export function deploymentForHost(deployments: readonly Deployment[], hostname: string): Deployment | null {
  return deployments.find((d) => d.hostnames.includes(hostname)) ?? null;
}

export function hostnameOf(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  return hostHeader.split(':')[0]!.toLowerCase();
}
