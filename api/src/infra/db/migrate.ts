import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

/** Arbitrary constant: the advisory lock that serialises API processes migrating the same database. */
const MIGRATION_LOCK_ID = 7_246_101;

const FILE_NAME = /^(\d{3,})_([a-z0-9_]+)\.sql$/;

/** Transaction control inside a file would end the batch's transaction early (PL/pgSQL `begin` has no `;`). */
const TRANSACTION_CONTROL = /^\s*(begin|start\s+transaction|commit|rollback)\s*;/im;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The migrations in `dir`, ordered by version. Every .sql file must be named NNN_name.sql, versions unique. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((file) => {
      const m = FILE_NAME.exec(file);
      if (!m) throw new Error(`Migration file "${file}" must be named NNN_name.sql (lower-case name)`);
      const sql = readFileSync(path.join(dir, file), 'utf8');
      if (TRANSACTION_CONTROL.test(sql)) {
        throw new Error(`Migration file "${file}" must not contain BEGIN/COMMIT/ROLLBACK: migrations already run in a transaction`);
      }
      return {
        version: Number(m[1]),
        name: m[2] as string,
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    const prev = migrations[i - 1];
    if (prev && prev.version === m.version) {
      throw new Error(`Two migrations share version ${m.version}: ${prev.name} and ${m.name}`);
    }
  });
  return migrations;
}

export interface MigrateResult {
  applied: Array<{ version: number; name: string }>;
}

/**
 * Applies the pending migrations in version order, all in one transaction: either every pending migration
 * and its schema_migrations row is committed, or nothing is. Safe to run on every start and from several
 * processes at once (they queue on an advisory lock, the later ones find nothing pending).
 */
export async function migrate(
  db: Database,
  options: { migrations?: Migration[]; log?: MigrationLog } = {},
): Promise<MigrateResult> {
  const migrations = options.migrations ?? readMigrations();
  const log = options.log;
  const applied = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.exec(`
      create table if not exists schema_migrations (
        version integer primary key,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`);
    const { rows } = await tx.query<{ version: number; name: string; checksum: string }>(
      'select version, name, checksum from schema_migrations order by version',
    );
    const done = new Map(rows.map((r) => [r.version, r]));
    const newlyApplied: MigrateResult['applied'] = [];
    for (const m of migrations) {
      const previous = done.get(m.version);
      if (previous) {
        if (previous.checksum !== m.checksum) {
          log?.warn(
            { version: m.version, name: m.name },
            'migration file changed after it was applied; add a new migration instead of editing an applied one',
          );
        }
        continue;
      }
      try {
        await tx.exec(m.sql);
      } catch (err) {
        throw new Error(`Migration ${m.version}_${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
      await tx.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [
        m.version,
        m.name,
        m.checksum,
      ]);
      newlyApplied.push({ version: m.version, name: m.name });
    }
    return newlyApplied;
  });
  if (applied.length > 0) log?.info({ applied }, `applied ${applied.length} migration(s)`);
  return { applied };
}
