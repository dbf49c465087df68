import type { Database, Queryable } from '../../../infra/db/database';
import type { CHARACTER_COLUMNS, CharacterRow } from '../characterRow';
import {
  createCatalogGenerator,
  type CatalogGenerator,
  type SeedApplication,
  type SeedCharacter,
  type SeedCreator,
} from './catalogGenerator';

/**
 * Writes a generated catalog (creators, lorebooks with entries, characters and their lorebook links). Rows travel
 * as one JSON document per statement and are expanded by json_to_recordset: large multi-row inserts with a
 * single parameter, the same on PGlite and on a PostgreSQL server. Characters are generated and written chunk by
 * chunk, each chunk in its own transaction, so memory stays flat whatever the size.
 */

export interface SeedOptions {
  /** How many characters the catalog should hold. */
  characters: number;
  /** The generator's seed number (default 42). Top-ups must use the seed of the first run. */
  seed?: number;
  /** Delete the catalog (characters, creators, lorebooks) first. */
  reset?: boolean;
  /** Characters per transaction (default 10,000). */
  chunkSize?: number;
  /** Rows per INSERT statement (default 2,000). */
  batchSize?: number;
  /** Dates are spread over the year before this (default now). */
  now?: Date;
  /** Called after each chunk. */
  onProgress?: (progress: { inserted: number; target: number; elapsedMs: number }) => void;
}

export interface SeedResult {
  /** True when the catalog already held that many characters (nothing was written). */
  skipped: boolean;
  /** character_daily_activity rows written (public characters' last two months). */
  activityRows: number;
  /** Characters before and after. */
  before: number;
  after: number;
  inserted: number;
  creators: number;
  lorebooks: number;
  elapsedMs: number;
}

export const DEFAULT_SEED = 42;

/** SQL column types of a character row, for json_to_recordset. */
const CHARACTER_TYPES: Record<(typeof CHARACTER_COLUMNS)[number], string> = {
  id: 'text', application_id: 'text', creator_user_id: 'text', creator_username: 'text', name: 'text', title: 'text',
  description: 'text', persona: 'text', scenario: 'text', greeting: 'text', dialogue: 'text', tags: 'text[]', language: 'text',
  name_i18n: 'jsonb', title_i18n: 'jsonb', translated_languages: 'text[]', is_nsfw: 'boolean', avatar_url: 'text',
  avatar_is_nsfw: 'boolean', visibility: 'text', definition_visible: 'boolean', guidelines: 'boolean', type: 'text',
  sub_character_ids: 'text[]', token_count: 'integer', num_messages: 'bigint', num_messages_24h: 'integer',
  rating_score: 'real', rating_count: 'integer', num_favorites: 'integer', lora_status: 'text', moderation_status: 'text',
  reason_for_moderation: 'text[]', action_taken_description: 'text', moderation_expires_at: 'timestamptz',
  aicq_manual_review_required: 'boolean', submit_for_manual_review: 'boolean', reports_type: 'text[]',
  created_at: 'timestamptz', updated_at: 'timestamptz',
};

function recordsetInsert(table: string, columns: Record<string, string>): string {
  const names = Object.keys(columns);
  const defs = names.map((c) => `${c} ${columns[c]}`).join(', ');
  return `insert into ${table} (${names.join(', ')}) select ${names.join(', ')} from json_to_recordset($1::json) as r(${defs}) on conflict do nothing`;
}

const INSERT_CHARACTERS = recordsetInsert('characters', CHARACTER_TYPES);
const INSERT_CREATORS = recordsetInsert('creators', {
  user_id: 'text', username: 'text', display_name: 'text', avatar_url: 'text', created_at: 'timestamptz',
});
const INSERT_LOREBOOKS = recordsetInsert('lorebooks', {
  id: 'text', application_id: 'text', creator_user_id: 'text', creator_username: 'text', name: 'text', description: 'text',
  avatar_url: 'text', tags: 'text[]', created_at: 'timestamptz', updated_at: 'timestamptz',
});
const INSERT_ENTRIES = recordsetInsert('lorebook_entries', {
  id: 'text', lorebook_id: 'text', position: 'integer', name: 'text', keywords: 'text[]', content: 'text',
  created_at: 'timestamptz', updated_at: 'timestamptz',
});
const INSERT_LINKS = recordsetInsert('character_lorebooks', { character_id: 'text', lorebook_id: 'text' });
const INSERT_ACTIVITY = recordsetInsert('character_daily_activity', {
  character_id: 'text', day: 'date', messages: 'integer', favorites: 'integer',
});

async function insertRows(db: Queryable, sql: string, rows: readonly object[], batchSize: number): Promise<number> {
  let count = 0;
  for (let i = 0; i < rows.length; i += batchSize) {
    const result = await db.query(sql, [JSON.stringify(rows.slice(i, i + batchSize))]);
    count += result.rowCount;
  }
  return count;
}

/** Relative share of the catalog by application kind (main brand, sister brand, partner). */
const KIND_WEIGHTS: Record<string, number> = { main: 7, sister: 2, partner: 1 };

/** The applications and their tag options (app_settings, migration 001). */
export async function loadSeedApplications(db: Queryable): Promise<SeedApplication[]> {
  const { rows } = await db.query<{ application_id: string; kind: string | null; tag_options: unknown }>(
    "select application_id, settings->>'kind' as kind, settings->'tagOptions' as tag_options from app_settings order by application_id",
  );
  return rows.map((row) => ({
    id: row.application_id,
    weight: KIND_WEIGHTS[row.kind ?? ''] ?? 1,
    tagOptions: (Array.isArray(row.tag_options) ? row.tag_options : [])
      .map((t: unknown) => (typeof t === 'string' ? t : typeof t === 'object' && t !== null && 'value' in t ? String(t.value) : ''))
      .filter((t) => t.length > 0),
  }));
}

export async function countCharacters(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from characters');
  return rows[0]?.n ?? 0;
}

/**
 * Deletes the whole catalog: characters, their lorebook links and daily activity, lorebooks, entries and creators,
 * and (cascade) every row that refers to a character: favourites, ratings, interactions and the like.
 */
export async function resetCatalog(db: Queryable): Promise<void> {
  await db.exec('truncate character_daily_activity, character_lorebooks, lorebook_entries, lorebooks, characters, creators cascade');
}

function characterRecord(c: SeedCharacter): CharacterRow {
  const { lorebook_ids: _links, ...row } = c;
  return row;
}

async function writeSupporting(db: Database, gen: CatalogGenerator, batchSize: number) {
  const creatorChunk = 10_000;
  let creators = 0;
  for (let start = 0; start < gen.creatorCount; start += creatorChunk) {
    const rows: SeedCreator[] = [];
    for (let k = start; k < Math.min(gen.creatorCount, start + creatorChunk); k++) rows.push(gen.creator(k));
    creators += await db.transaction((tx) => insertRows(tx, INSERT_CREATORS, rows, batchSize));
  }
  const lorebooks = Array.from({ length: gen.lorebookCount }, (_, j) => gen.lorebook(j));
  const inserted = await db.transaction(async (tx) => {
    const n = await insertRows(tx, INSERT_LOREBOOKS, lorebooks.map(({ entries: _e, ...l }) => l), batchSize);
    await insertRows(tx, INSERT_ENTRIES, lorebooks.flatMap((l) => l.entries), batchSize);
    return n;
  });
  return { creators, lorebooks: inserted };
}

/**
 * Fills the catalog up to `options.characters`: nothing when it already holds that many (unless reset), otherwise
 * the missing ones (indices from the current count), generated deterministically from the seed.
 */
export async function seedCatalog(db: Database, options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const target = Math.max(0, Math.floor(options.characters));
  const chunkSize = options.chunkSize ?? 10_000;
  const batchSize = options.batchSize ?? 2_000;
  if (options.reset) await resetCatalog(db);
  const before = await countCharacters(db);
  const result = (fields: Partial<SeedResult>): SeedResult => ({
    skipped: false, before, after: before, inserted: 0, creators: 0, lorebooks: 0, activityRows: 0, elapsedMs: Date.now() - started, ...fields,
  });
  if (before >= target) return result({ skipped: true });

  const applications = await loadSeedApplications(db);
  if (applications.length === 0) throw new Error('app_settings has no application to seed characters for');
  const gen = createCatalogGenerator({
    seed: options.seed ?? DEFAULT_SEED,
    characters: target,
    now: options.now ?? new Date(),
    applications,
  });
  const supporting = await writeSupporting(db, gen, batchSize);

  let inserted = 0;
  let activityRows = 0;
  for (let start = before; start < target; start += chunkSize) {
    const end = Math.min(target, start + chunkSize);
    const characters: SeedCharacter[] = [];
    for (let i = start; i < end; i++) characters.push(gen.character(i));
    const links = characters.flatMap((c) => c.lorebook_ids.map((lorebookId) => ({ character_id: c.id, lorebook_id: lorebookId })));
    const activity = characters.flatMap((c) => gen.activity(c));
    inserted += await db.transaction(async (tx) => {
      const n = await insertRows(tx, INSERT_CHARACTERS, characters.map(characterRecord), batchSize);
      await insertRows(tx, INSERT_LINKS, links, batchSize);
      activityRows += await insertRows(tx, INSERT_ACTIVITY, activity, batchSize * 2);
      return n;
    });
    options.onProgress?.({ inserted, target: target - before, elapsedMs: Date.now() - started });
  }
  const after = await countCharacters(db);
  return result({
    after, inserted, creators: supporting.creators, lorebooks: supporting.lorebooks, activityRows, elapsedMs: Date.now() - started,
  });
}

/** First-run seeding: a catalog of `characters` when the characters table is empty, otherwise nothing. */
export async function seedIfEmpty(db: Database, options: { characters: number; seed?: number }): Promise<SeedResult | null> {
  if ((await countCharacters(db)) > 0) return null;
  return seedCatalog(db, { characters: options.characters, seed: options.seed });
}
