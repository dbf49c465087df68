import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DeploymentSchema, type Deployment } from '@fable/contracts';

/** Reads and validates every deployment in a folder; a broken file is an error, never skipped silently. */
export async function loadDeployments(dir: string): Promise<Deployment[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
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
