import path from 'node:path';
import { z } from 'zod';

/** The repository root (api/src/config.ts → ../..); the embedded database lives in `<repo>/.data` by default. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** DATA_DIR value that keeps the embedded database in memory (tests). */
export const IN_MEMORY = ':memory:';

/** Unset and empty variables both mean "not configured". */
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const urlWithProtocol = (protocols: string[], name: string) =>
  optionalString.refine(
    (v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)),
    `${name} must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  );

const envSchema = z.object({
  PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).default(3100)),
  HOST: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('127.0.0.1')),
  DATABASE_URL: urlWithProtocol(['postgres', 'postgresql'], 'DATABASE_URL'),
  REDIS_URL: urlWithProtocol(['redis', 'rediss'], 'REDIS_URL'),
  DATA_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().default(path.join(REPO_ROOT, '.data'))),
  NODE_ENV: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  LOG_LEVEL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ),
});

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL server; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Redis server; when absent caches and rate limits live in the process. */
  redisUrl?: string;
  /** Absolute directory for local state (PGlite lives in `<dataDir>/pglite`), or ':memory:'. */
  dataDir: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the API configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dataDir: e.DATA_DIR === IN_MEMORY ? IN_MEMORY : path.resolve(e.DATA_DIR),
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}

/** A configuration for tests: in-memory database, no servers, silent logs. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { port: 0, host: '127.0.0.1', dataDir: IN_MEMORY, nodeEnv: 'test', logLevel: 'silent', ...overrides };
}
