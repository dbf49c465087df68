import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS, createScratchDatabase, type ScratchDatabase } from '../../testing/testDatabases';
import { prepared, type Database } from './database';
import { openDatabase } from './openDatabase';

describe.each(BOTH_BACKENDS)('Database on %s', (backend) => {
  let scratch: ScratchDatabase;
  let db: Database;

  beforeAll(async () => {
    scratch = await createScratchDatabase(backend);
    db = await scratch.open();
    await db.exec(`
      create table items (id serial primary key, name text not null unique, tags text[] not null default '{}');
      create table notes (id bigserial primary key, body jsonb not null, day date, took interval);
    `);
  }, DB_SETUP_TIMEOUT_MS);

  afterAll(() => scratch?.drop());

  // Every test starts from empty tables (identities restarted) and adds the rows it needs, so order does not matter.
  beforeEach(async () => {
    await db.exec('truncate items, notes restart identity; drop table if exists script_test;');
  });

  it('reports its kind', () => {
    expect(db.kind).toBe(backend);
  });

  it('runs parameterised queries and counts affected rows', async () => {
    const inserted = await db.query('insert into items (name, tags) values ($1, $2), ($3, $4)', [
      'alpha',
      ['a', 'b'],
      'beta',
      [],
    ]);
    expect(inserted.rowCount).toBe(2);

    const { rows, rowCount } = await db.query<{ name: string; tags: string[] }>(
      'select name, tags from items where name = any($1) order by name',
      [['alpha', 'beta']],
    );
    expect(rowCount).toBe(2);
    expect(rows).toEqual([
      { name: 'alpha', tags: ['a', 'b'] },
      { name: 'beta', tags: [] },
    ]);
  });

  it('answers the same JavaScript values on both backends', async () => {
    await db.query('insert into notes (body, day, took) values ($1, $2, $3)', [
      JSON.stringify({ title: 'Hello', n: 1 }),
      '2025-02-13',
      '1 day',
    ]);
    const { rows } = await db.query(
      `select id, body, day, count(*) over () as total, 9007199254740993::int8 as huge,
              array[1::int8, 2] as ids, 1.50::numeric as price, true as flag, '2025-02-13T10:00:00Z'::timestamptz as at
         from notes`,
    );
    expect(rows[0]).toEqual({
      id: 1,
      body: { title: 'Hello', n: 1 },
      day: '2025-02-13',
      total: 1,
      huge: '9007199254740993',
      ids: [1, 2],
      price: '1.50',
      flag: true,
      at: new Date('2025-02-13T10:00:00Z'),
    });
  });

  it('commits a transaction whose function resolves', async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query('insert into items (name) values ($1)', ['gamma']);
      return 'done';
    });
    expect(result).toBe('done');
    const { rows } = await db.query('select 1 from items where name = $1', ['gamma']);
    expect(rows).toHaveLength(1);
  });

  it('rolls back everything when the function throws, and re-throws', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into items (name) values ($1)', ['delta']);
        await tx.exec("insert into items (name) values ('epsilon')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query('select name from items where name in ($1, $2)', ['delta', 'epsilon']);
    expect(rows).toEqual([]);
  });

  it('rolls back when a statement fails and surfaces the PostgreSQL error code', async () => {
    await db.query('insert into items (name) values ($1)', ['alpha']);
    const failure = db.transaction(async (tx) => {
      await tx.query('insert into items (name) values ($1)', ['zeta']);
      await tx.query('insert into items (name) values ($1)', ['alpha']); // unique violation
    });
    await expect(failure).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query('select 1 from items where name = $1', ['zeta']);
    expect(rows).toEqual([]);
    // The database is still usable afterwards.
    await expect(db.query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });

  // The parity the feature tests rely on when they run on PostgreSQL only (docs/adr/0009): text that PostgreSQL
  // cannot store fails the same way through either driver, and the rest comes back as it went in.
  it('refuses a NUL character in text with 22021 and keeps any other text as it was sent', async () => {
    await expect(db.query('insert into items (name) values ($1)', ['a\u0000b'])).rejects.toMatchObject({ code: '22021' });
    const text = 'Ünïcødé 🐉 \u200b tab\t line\n quote\' backslash\\ 20 000: ' + 'x'.repeat(20_000);
    await db.query('insert into items (name, tags) values ($1, $2)', [text, ['🐉', '']]);
    const { rows } = await db.query<{ name: string; tags: string[] }>('select name, tags from items');
    expect(rows).toEqual([{ name: text, tags: ['🐉', ''] }]);
  });

  it('runs a prepared statement again and again, in and out of a transaction, with the answers of its text', async () => {
    const insert = prepared(`test_insert_item_${backend}`, 'insert into items (name, tags) values ($1, $2) returning id, name, tags');
    const first = await db.query(insert, ['alpha', ['a']]);
    const second = await db.query(insert, ['beta', []]);
    expect([...first.rows, ...second.rows]).toEqual([
      { id: 1, name: 'alpha', tags: ['a'] },
      { id: 2, name: 'beta', tags: [] },
    ]);
    await db.transaction(async (tx) => {
      await tx.query(insert, ['gamma', ['c']]);
      await tx.query(insert, ['delta', []]);
    });
    await expect(db.transaction((tx) => tx.query(insert, ['alpha', []]))).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query<{ name: string }>('select name from items order by id');
    expect(rows.map((r) => r.name)).toEqual(['alpha', 'beta', 'gamma', 'delta']);
  });

  it('runs a prepared statement whose result columns a migration changed since it was prepared (its text, unprepared)', async () => {
    // Every column (`*`: what a prepared statement must not select, for this reason); prepared on the connection the pool hands back next.
    const all = prepared(`test_select_star_${backend}`, 'select * from items where name = $1');
    await db.query('insert into items (name) values ($1)', ['alpha']);
    expect((await db.query(all, ['alpha'])).rows).toEqual([{ id: 1, name: 'alpha', tags: [] }]);
    await db.exec("alter table items add column colour text not null default 'red'");
    try {
      expect((await db.query(all, ['alpha'])).rows).toEqual([{ id: 1, name: 'alpha', tags: [], colour: 'red' }]);
    } finally {
      await db.exec('alter table items drop column colour');
    }
  });

  it('refuses a second text under a prepared statement’s name', () => {
    prepared('test_one_name', 'select 1');
    expect(prepared('test_one_name', 'select 1')).toEqual({ name: 'test_one_name', text: 'select 1' });
    expect(() => prepared('test_one_name', 'select 2')).toThrow(/two texts under one name/);
  });

  it('runs multi-statement scripts with exec', async () => {
    await db.exec(`
      create table script_test (x int);
      insert into script_test values (1), (2);
    `);
    const { rows } = await db.query<{ total: number }>('select sum(x)::int as total from script_test');
    expect(rows[0]?.total).toBe(3);
  });
});

describe('PGlite on disk', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'fable-pglite-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps its data in DATA_DIR/pglite across restarts', async () => {
    const config = { dataDir: dir };
    const first = await openDatabase(config);
    await first.exec("create table kept (x text); insert into kept values ('still here');");
    await first.close();

    const second = await openDatabase(config);
    try {
      expect(second.kind).toBe('pglite');
      await expect(second.query('select x from kept')).resolves.toMatchObject({ rows: [{ x: 'still here' }] });
    } finally {
      await second.close();
    }
    expect(existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
  }, DB_SETUP_TIMEOUT_MS);
});
