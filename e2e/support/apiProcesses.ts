import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createScratchDatabase, type ScratchDatabase } from '../../api/src/testing/testDatabases';
import { ROOT } from '../../scripts/lib/apps';
import { API_PORT, SITE_PORT_BASE } from './ports';

/**
 * How the e2e runs the API (issue 30 §4: production runs N processes). By default two API processes on one scratch
 * PostgreSQL database and one Redis, behind the site server, which balances every page's calls between them: a
 * sign-in's callback, a stream's turn, a refresh of tokens lands on either. `E2E_API_PROCESSES=1` runs one process on
 * PGlite, as `npm start` does. Both share the run's data folder for pictures (one machine's disk: what S3 is to
 * processes on several machines; `imagesOnS3.test.ts` covers S3).
 */
export const E2E_API_PROCESSES = Number(process.env.E2E_API_PROCESSES ?? 2);
/** Where the processes keep what they share across each other: a Redis database of its own, emptied at the start. */
const E2E_REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/7';

/** The API processes' ports: the first on API_PORT, the second on the port below the site's metrics. */
export const API_PORTS = [API_PORT, SITE_PORT_BASE + 95].slice(0, E2E_API_PROCESSES);

export interface SharedState {
  /** The environment every API process (and the seed) gets for its database, cache and pictures. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The database and Redis the API processes share (two processes), or the PGlite folder of the one. */
export async function sharedState(dataDir: string): Promise<SharedState> {
  if (E2E_API_PROCESSES < 2) return { env: { DATA_DIR: dataDir }, close: async () => undefined };
  const database: ScratchDatabase = await createScratchDatabase('postgres', { migrated: true });
  const redis = new Redis(E2E_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  await redis.quit();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url!, REDIS_URL: E2E_REDIS_URL },
    close: () => database.drop(),
  };
}

/** Starts the API processes, one per port, with `env`; resolves once each answers its health check. */
export async function startApiProcesses(env: NodeJS.ProcessEnv, waitFor: (url: string, ms: number) => Promise<void>): Promise<{ urls: string[]; stop(): void }> {
  const children: ChildProcess[] = API_PORTS.map((port) =>
    spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'api/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env, PORT: String(port) },
    }),
  );
  const urls = API_PORTS.map((port) => `http://127.0.0.1:${port}`);
  await Promise.all(urls.map((url) => waitFor(`${url}/api/health`, 90_000)));
  return { urls, stop: () => children.forEach((child) => child.kill('SIGTERM')) };
}
