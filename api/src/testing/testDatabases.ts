import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../infra/db/database';
import { migrate, readMigrations } from '../infra/db/migrate';
import { openPgliteDatabase } from '../infra/db/pgliteDatabase';
import { openPostgresDatabase } from '../infra/db/postgresDatabase';

/**
 * The API's tests run on the PostgreSQL server (TEST_DATABASE_URL, default the local `test` database), which gets a
 * fresh database per test file, dropped afterwards, so parallel and concurrent runs never share tables. PGlite runs in
 * memory. Where each test file runs is docs/adr/0009-api-tests-on-postgresql.md: BACKENDS for the feature tests
 * (PostgreSQL; FABLE_TEST_BACKENDS=pglite,postgres runs them on both), BOTH_BACKENDS for the parity set.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type Backend = 'pglite' | 'postgres';

/** The database layer's own tests and the parity set run on both: the PGlite adapter and the server driver. */
export const BOTH_BACKENDS: Backend[] = ['pglite', 'postgres'];

/** FABLE_TEST_BACKENDS, a comma-separated list of backends; unset or empty: PostgreSQL, what production runs. */
export function backendsFrom(value: string | undefined): Backend[] {
  const names = (value ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) return ['postgres'];
  const unknown = names.filter((name) => !(BOTH_BACKENDS as string[]).includes(name));
  if (unknown.length > 0) throw new Error(`FABLE_TEST_BACKENDS: unknown backend ${unknown.join(', ')} (known: ${BOTH_BACKENDS.join(', ')})`);
  return BOTH_BACKENDS.filter((backend) => names.includes(backend));
}

/** Where the feature tests run. */
export const BACKENDS: Backend[] = backendsFrom(process.env.FABLE_TEST_BACKENDS);

/** A scratch database: where to reach it (postgres) and how to remove it. */
export interface ScratchDatabase {
  backend: Backend;
  /** PostgreSQL only: the scratch database's URL (for DATABASE_URL-driven code). */
  url?: string;
  /** Opens a connection to the scratch database (PGlite: the one in-memory instance). */
  open(): Promise<Database>;
  /** Closes what `open` returned and drops the scratch database. */
  drop(): Promise<void>;
}

/** PGlite's version: a template written by another version is not read. */
function pgliteVersion(): string {
  const entry = require.resolve('@electric-sql/pglite');
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version ?? 'unknown';
    }
  }
  return 'unknown';
}

/** Names a template by what it was made from (`extra` and, when `migrated`, the migrations' checksums). */
const templateKey = (extra: string, migrated = true) =>
  createHash('sha256')
    .update(extra)
    .update(migrated ? readMigrations().map((m) => `${m.version}:${m.checksum}`).join('\n') : 'empty')
    .digest('hex')
    .slice(0, 16);

/**
 * A PGlite database, empty or migrated, as a tarball (dumpDataDir) in the temp directory, named by PGlite's version
 * (and the migrations' checksums): creating PGlite's cluster takes seconds, loading a tarball well under one. The
 * first test file of a run (per Jest worker, at worst) writes it; a changed migration makes a new one.
 */
async function pgliteTemplate(migrated: boolean): Promise<string> {
  const key = templateKey(`pglite ${pgliteVersion()}`, migrated);
  const dir = path.join(tmpdir(), 'fable-test-databases');
  const file = path.join(dir, `pglite-${migrated ? 'migrated' : 'empty'}-${key}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const db = await openPgliteDatabase();
  try {
    if (migrated) await migrate(db);
    await db.dumpDataDir(file); // written under another name and renamed: a reader never sees half a file
  } finally {
    await db.close();
  }
  return file;
}

const urlOf = (database: string) => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
};

/** Arbitrary constant: the advisory lock under which one test process builds the PostgreSQL template. */
const TEMPLATE_LOCK_ID = 7_246_102;

/**
 * A migrated PostgreSQL database that scratch databases are created from (`create database … template`), named by
 * the migrations' checksums. Built once on the server under an advisory lock, under another name and renamed when
 * complete, so a test never copies half a template. Templates of older migrations stay until dropped by hand.
 */
async function migratedPostgresTemplate(admin: pg.Client): Promise<string> {
  const name = `fable_template_${templateKey('postgres')}`;
  const exists = async (database: string) => ((await admin.query('select 1 from pg_database where datname = $1', [database])).rowCount ?? 0) > 0;
  if (await exists(name)) return name;
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
  try {
    if (await exists(name)) return name;
    const building = `${name}_building`;
    await admin.query(`drop database if exists "${building}" with (force)`);
    await admin.query(`create database "${building}"`);
    const db = await openPostgresDatabase({ connectionString: urlOf(building), max: 1 });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    await admin.query(`alter database "${building}" rename to "${name}"`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
  }
}

const uniqueName = () => `fable_test_${process.pid}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

/**
 * `migrated`: the database starts with every migration applied, as the app's start would leave it; without it the
 * database is empty. Either is copied from a template made once (PGlite: a tarball; PostgreSQL: a template database
 * when migrated, the server's template1 when empty).
 */
export async function createScratchDatabase(backend: Backend, options: { migrated?: boolean } = {}): Promise<ScratchDatabase> {
  const opened: Database[] = [];
  const closeOpened = () => Promise.all(opened.map((db) => db.close()));

  if (backend === 'pglite') {
    const loadDataDir = await pgliteTemplate(options.migrated ?? false);
    return {
      backend,
      async open() {
        const db = await openPgliteDatabase(undefined, { loadDataDir });
        opened.push(db);
        return db;
      },
      async drop() {
        await closeOpened();
      },
    };
  }

  const name = uniqueName();
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    const template = options.migrated ? await migratedPostgresTemplate(admin) : undefined;
    await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = urlOf(name);
  return {
    backend,
    url,
    async open() {
      const db = await openPostgresDatabase({ connectionString: url, max: 4 });
      opened.push(db);
      return db;
    },
    async drop() {
      await closeOpened();
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Opening PGlite takes a few seconds (a second with a template); PostgreSQL databases are created per file. */
export const DB_SETUP_TIMEOUT_MS = 60_000;
