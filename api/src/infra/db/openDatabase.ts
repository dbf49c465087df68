import path from 'node:path';
import { IN_MEMORY, type AppConfig } from '../../config';
import type { Database } from './database';
import { openPgliteDatabase } from './pgliteDatabase';
import { openPostgresDatabase } from './postgresDatabase';

interface Logger {
  warn(obj: object, msg: string): void;
}

/** DATABASE_URL set: that PostgreSQL server. Otherwise PGlite in `<DATA_DIR>/pglite` (or in memory). */
export function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'databasePoolMax' | 'dataDir'>, log?: Logger): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgresDatabase({
      connectionString: config.databaseUrl,
      max: config.databasePoolMax,
      onIdleError: (err) => log?.warn({ err }, 'idle database connection failed'),
    });
  }
  return openPgliteDatabase(config.dataDir === IN_MEMORY ? undefined : path.join(config.dataDir, 'pglite'));
}
