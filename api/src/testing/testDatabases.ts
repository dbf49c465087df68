import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../infra/db/database';
import { openPgliteDatabase } from '../infra/db/pgliteDatabase';
import { openPostgresDatabase } from '../infra/db/postgresDatabase';

/**
 * Tests run against both backends. PGlite runs in memory. The PostgreSQL server (TEST_DATABASE_URL,
 * default the local `test` database) gets a fresh database per test file, dropped afterwards, so parallel
 * and concurrent runs never share tables.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = ['pglite', 'postgres'];

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

const uniqueName = () => `fable_test_${process.pid}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

export async function createScratchDatabase(backend: Backend): Promise<ScratchDatabase> {
  const opened: Database[] = [];
  const closeOpened = () => Promise.all(opened.map((db) => db.close()));

  if (backend === 'pglite') {
    return {
      backend,
      async open() {
        const db = await openPgliteDatabase();
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
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    backend,
    url: url.toString(),
    async open() {
      const db = await openPostgresDatabase({ connectionString: url.toString(), max: 4 });
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

/** Opening PGlite takes a few seconds; PostgreSQL databases are created per file. */
export const DB_SETUP_TIMEOUT_MS = 60_000;
