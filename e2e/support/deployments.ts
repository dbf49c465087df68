import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A served deployment of the e2e site (scratch copy: specs may change it), read and written whole. */
export function servedDeployment(id: string) {
  const file = path.join(process.env.E2E_DEPLOYMENTS_DIR!, `${id}.json`);
  const original = readFileSync(file, 'utf8');
  return {
    read: () => JSON.parse(readFileSync(file, 'utf8')) as { remotes: Record<string, { entry: string; enabled: boolean; manifest?: Record<string, unknown> }> },
    write: (value: unknown) => writeFileSync(file, JSON.stringify(value)),
    restore: () => writeFileSync(file, original),
  };
}
