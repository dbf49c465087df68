import { CharacterSchema } from '@fable/contracts';
import type { Database } from '../../../infra/db/database';
import { BACKENDS, DB_SETUP_TIMEOUT_MS, createScratchDatabase, type ScratchDatabase } from '../../../testing/testDatabases';
import { toCharacter, type CharacterRow } from '../characterRow';
import { countCharacters, loadSeedApplications, resetCatalog, seedCatalog, seedIfEmpty } from './seedCatalog';

const NOW = new Date('2026-11-01T12:00:00.000Z');
const count = async (db: Database, table: string) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

describe.each(BACKENDS)('seeding the catalog on %s', (backend) => {
  let scratch: ScratchDatabase;
  let db: Database;

  beforeAll(async () => {
    scratch = await createScratchDatabase(backend, { migrated: true });
    db = await scratch.open();
  }, DB_SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await scratch?.drop();
  });

  // The database (schema and app_settings) is shared; every test that reads or writes the catalog first puts the
  // catalog into the state it needs, so the tests pass in any order.
  const seedFresh = (characters: number) => seedCatalog(db, { characters, reset: true, now: NOW });

  it('reads the applications and their tag options from app_settings', async () => {
    const apps = await loadSeedApplications(db);
    expect(apps.map((a) => a.id).sort()).toEqual(['fable', 'storynest', 'tales']);
    expect(apps.find((a) => a.id === 'fable')!.weight).toBeGreaterThan(apps.find((a) => a.id === 'storynest')!.weight);
    for (const app of apps) expect(app.tagOptions).toContain('Fantasy');
  });

  it('seedIfEmpty fills an empty catalog once, then does nothing', async () => {
    await resetCatalog(db);
    expect(await countCharacters(db)).toBe(0);
    const first = await seedIfEmpty(db, { characters: 120 });
    expect(first?.inserted).toBe(120);
    expect(await countCharacters(db)).toBe(120);
    expect(await seedIfEmpty(db, { characters: 120 })).toBeNull();
    expect(await countCharacters(db)).toBe(120);
  }, 60_000);

  it('seeds N characters with creators, lorebooks and entries; a re-run without reset adds nothing', async () => {
    const result = await seedCatalog(db, { characters: 1500, reset: true, now: NOW, chunkSize: 400, batchSize: 150 });
    expect(result).toMatchObject({ skipped: false, before: 0, after: 1500, inserted: 1500 });
    expect(result.activityRows).toBe(await count(db, 'character_daily_activity'));
    expect(await countCharacters(db)).toBe(1500);
    expect(await count(db, 'creators')).toBe(result.creators);
    expect(result.creators).toBeGreaterThan(100);
    expect(await count(db, 'lorebooks')).toBeGreaterThanOrEqual(3);
    expect(await count(db, 'lorebook_entries')).toBeGreaterThanOrEqual(9);
    expect(await count(db, 'character_lorebooks')).toBeGreaterThan(0);
    // Every character's creator exists, with the same lower-case username.
    const orphans = await db.query(
      'select c.id from characters c left join creators u on u.user_id = c.creator_user_id and u.username = c.creator_username where u.user_id is null',
    );
    expect(orphans.rowCount).toBe(0);

    const again = await seedCatalog(db, { characters: 1500, now: NOW });
    expect(again).toMatchObject({ skipped: true, inserted: 0, before: 1500 });
    expect(await countCharacters(db)).toBe(1500);
  }, 120_000);

  it('writes daily activity of public characters for the last two months, within their message counts', async () => {
    await seedFresh(1500);
    const rows = await count(db, 'character_daily_activity');
    expect(rows).toBeGreaterThan(500);
    const { rows: check } = await db.query<{ not_public: number; over: number; outside: number; days: number }>(
      `select count(*) filter (where c.visibility <> 'public')::int as not_public,
              count(*) filter (where a.total > c.num_messages)::int as over,
              count(*) filter (where a.first_day < date '2026-10-01' or a.last_day > date '2026-11-01')::int as outside,
              (select count(distinct day)::int from character_daily_activity) as days
       from (select character_id, sum(messages) as total, min(day) as first_day, max(day) as last_day
             from character_daily_activity group by character_id) a
       join characters c on c.id = a.character_id`,
    );
    expect(check[0]).toMatchObject({ not_public: 0, over: 0, outside: 0 });
    expect(check[0]!.days).toBeGreaterThan(20);
  }, 60_000);

  it('tops a smaller catalog up to the asked size', async () => {
    await seedFresh(1500);
    const result = await seedCatalog(db, { characters: 1700, now: NOW });
    expect(result).toMatchObject({ before: 1500, after: 1700, inserted: 200 });
  }, 60_000);

  it('stores rows that read back into the contracts CharacterSchema', async () => {
    await seedFresh(1700);
    const { rows } = await db.query<CharacterRow>(
      "select * from characters where visibility = 'public' order by num_messages desc limit 50",
    );
    expect(rows).toHaveLength(50);
    for (const row of rows) {
      expect(row.tags.length).toBeGreaterThanOrEqual(2);
      expect(Object.prototype.toString.call(row.created_at)).toBe('[object Date]');
      const parsed = CharacterSchema.safeParse(toCharacter(row));
      if (!parsed.success) throw new Error(parsed.error.message);
    }
    const mix = await db.query<{ nsfw: number; public: number; en: number }>(
      `select avg(is_nsfw::int)::float8 as nsfw, avg((visibility = 'public')::int)::float8 as public,
              avg((language = 'en')::int)::float8 as en from characters`,
    );
    expect(mix.rows[0]!.nsfw).toBeGreaterThan(0.1);
    expect(mix.rows[0]!.nsfw).toBeLessThan(0.2);
    expect(mix.rows[0]!.public).toBeGreaterThan(0.75);
    expect(mix.rows[0]!.en).toBeGreaterThan(0.6);
  }, 60_000);

  it('the same seed gives the same catalog after a reset', async () => {
    // A catalog seeded to 1500 and then topped up to 1700 ...
    await seedFresh(1500);
    await seedCatalog(db, { characters: 1700, now: NOW });
    const before = await db.query<{ id: string; name: string }>('select id, name from characters order by id limit 20');
    const activity = await db.query('select * from character_daily_activity order by character_id, day limit 50');
    await seedCatalog(db, { characters: 1700, reset: true, now: NOW });
    const after = await db.query<{ id: string; name: string }>('select id, name from characters order by id limit 20');
    expect(after.rows).toEqual(before.rows);
    expect((await db.query('select * from character_daily_activity order by character_id, day limit 50')).rows).toEqual(activity.rows);
  }, 60_000);
});
