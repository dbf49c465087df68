import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS, createScratchDatabase, type ScratchDatabase } from '../../testing/testDatabases';
import type { Database } from './database';
import { migrate, readMigrations, type Migration } from './migrate';

const migration = (version: number, name: string, sql: string): Migration => ({ version, name, sql, checksum: sql });

describe('readMigrations', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'fable-migrations-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('orders files by numeric version, not by name', () => {
    writeFileSync(path.join(dir, '010_third.sql'), 'select 3;');
    writeFileSync(path.join(dir, '002_second.sql'), 'select 2;');
    writeFileSync(path.join(dir, '001_first.sql'), 'select 1;');
    writeFileSync(path.join(dir, 'README.md'), 'not a migration');
    expect(readMigrations(dir).map((m) => [m.version, m.name])).toEqual([
      [1, 'first'],
      [2, 'second'],
      [10, 'third'],
    ]);
  });

  it('rejects badly named files and duplicate versions', () => {
    writeFileSync(path.join(dir, '1_short.sql'), 'select 1;');
    expect(() => readMigrations(dir)).toThrow('must be named NNN_name.sql');
    rmSync(path.join(dir, '1_short.sql'));
    writeFileSync(path.join(dir, '003_a.sql'), 'select 1;');
    writeFileSync(path.join(dir, '003_b.sql'), 'select 1;');
    expect(() => readMigrations(dir)).toThrow('Two migrations share version 3');
  });

  it('rejects files that control the transaction themselves', () => {
    writeFileSync(path.join(dir, '001_plpgsql.sql'), 'create function f() returns int as $$\nbegin\n  return 1;\nend;\n$$ language plpgsql;');
    expect(readMigrations(dir)).toHaveLength(1);
    writeFileSync(path.join(dir, '002_own_tx.sql'), 'BEGIN;\ncreate table t (x int);\nCOMMIT;');
    expect(() => readMigrations(dir)).toThrow('must not contain BEGIN/COMMIT/ROLLBACK');
  });

  it('finds the shipped migrations, starting with 001', () => {
    const shipped = readMigrations();
    expect(shipped[0]).toMatchObject({ version: 1, name: 'app_settings' });
    expect(shipped.every((m) => m.checksum.length === 64)).toBe(true);
  });
});

describe.each(BOTH_BACKENDS)('migrate on %s', (backend) => {
  let scratch: ScratchDatabase;
  let db: Database;
  const tableExists = async (name: string) =>
    (await db.query<{ found: boolean }>('select to_regclass($1) is not null as found', [name])).rows[0]?.found;

  beforeAll(async () => {
    scratch = await createScratchDatabase(backend);
    db = await scratch.open();
  }, DB_SETUP_TIMEOUT_MS);

  afterAll(() => scratch?.drop());

  // Every test starts from an empty database (the public schema dropped with everything in it, pg_trgm included)
  // and applies what it needs first, so the tests pass in any order.
  beforeEach(async () => {
    await db.exec('drop schema public cascade; create schema public;');
  });

  const firstExtra = migration(9001, 'first_extra', 'create table extra_test (x int);');

  it('never leaves a half-applied state: a failing migration rolls back the whole batch', async () => {
    const failing = [
      migration(1, 'good', 'create table good_one (x int); insert into good_one values (1);'),
      migration(2, 'bad', 'create table bad_one (x int); select * from no_such_table;'),
    ];
    await expect(migrate(db, { migrations: failing })).rejects.toThrow(/Migration 2_bad failed/);
    expect(await tableExists('good_one')).toBe(false);
    expect(await tableExists('bad_one')).toBe(false);
    expect(await tableExists('schema_migrations')).toBe(false);
  });

  it('applies the shipped migrations once even when two starts race', async () => {
    const expected = readMigrations().map((m) => ({ version: m.version, name: m.name }));
    const [a, b] = await Promise.all([migrate(db), migrate(db)]);
    expect([...a.applied, ...b.applied]).toEqual(expected);
    const { rows } = await db.query('select version, name from schema_migrations order by version');
    expect(rows).toEqual(expected);
    expect(await tableExists('app_settings')).toBe(true);
  });

  it('is idempotent: a second run applies nothing and changes nothing', async () => {
    await migrate(db);
    const before = await db.query('select application_id, settings from app_settings order by 1');
    const again = await migrate(db);
    expect(again.applied).toEqual([]);
    const after = await db.query('select application_id, settings from app_settings order by 1');
    expect(after.rows).toEqual(before.rows);
    expect(after.rows.map((r) => r.application_id)).toEqual(['fable', 'storynest', 'tales']);
  });

  it('applies only new migrations, in version order', async () => {
    await migrate(db);
    const shipped = readMigrations();
    const extra = [
      migration(9002, 'second_extra', 'alter table extra_test add column y int;'),
      firstExtra,
    ];
    const result = await migrate(db, { migrations: [...shipped, ...extra].sort((p, q) => p.version - q.version) });
    expect(result.applied).toEqual([
      { version: 9001, name: 'first_extra' },
      { version: 9002, name: 'second_extra' },
    ]);
    await expect(db.query('insert into extra_test (x, y) values (1, 2)')).resolves.toMatchObject({ rowCount: 1 });
  });

  it('warns, and does not re-run, when an applied migration file was edited', async () => {
    await migrate(db, { migrations: [...readMigrations(), firstExtra] });
    const warn = jest.fn();
    const edited = [...readMigrations(), migration(9001, 'first_extra', 'create table extra_test (x int, z int);')];
    const result = await migrate(db, { migrations: edited, log: { info: jest.fn(), warn } });
    expect(result.applied).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      { version: 9001, name: 'first_extra' },
      expect.stringContaining('migration file changed'),
    );
  });
});
