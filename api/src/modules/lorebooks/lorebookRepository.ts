import type { LorebookDetail, LorebookEntry, LorebookSummary } from '@fable/contracts';
import type { Queryable, SqlParam } from '../../infra/db/database';
import type { StoredEntry, StoredLorebook } from './lorebookV3';

/** A lorebooks row as the calls need it, with its number of entries. */
export interface LorebookRow {
  id: string;
  application_id: string;
  creator_user_id: string;
  creator_username: string;
  name: string;
  description: string;
  avatar_url: string | null;
  tags: string[];
  extensions: Record<string, unknown>;
  num_entries: number;
}

interface EntryRow {
  id: string;
  position: number;
  name: string;
  keywords: string[];
  content: string;
  extensions: Record<string, unknown>;
}

const LOREBOOK_COLUMNS = `l.id, l.application_id, l.creator_user_id, l.creator_username, l.name, l.description, l.avatar_url, l.tags,
  l.extensions, (select count(*)::int from lorebook_entries e where e.lorebook_id = l.id) as num_entries`;
const ENTRY_COLUMNS = 'id, position, name, keywords, content, extensions';

export const toEntry = (row: EntryRow): LorebookEntry => ({
  id: row.id,
  name: row.name,
  keywords: row.keywords,
  content: row.content,
  ...(Object.keys(row.extensions).length > 0 ? { extensions: row.extensions } : {}),
});

const toSummary = (row: LorebookRow): LorebookSummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  avatar_url: row.avatar_url,
  tags: row.tags,
  creator_username: row.creator_username,
  num_entries: row.num_entries,
});

/** The lorebook, or null. `lock` takes its row for the rest of the transaction (every write of a lorebook does). */
export async function findLorebook(db: Queryable, lorebookId: string, lock = false): Promise<LorebookRow | null> {
  if (lock) await db.query('select 1 from lorebooks where id = $1 for update', [lorebookId]);
  const { rows } = await db.query<LorebookRow>(`select ${LOREBOOK_COLUMNS} from lorebooks l where l.id = $1`, [lorebookId]);
  return rows[0] ?? null;
}

async function entryRows(db: Queryable, lorebookId: string): Promise<EntryRow[]> {
  const { rows } = await db.query<EntryRow>(`select ${ENTRY_COLUMNS} from lorebook_entries where lorebook_id = $1 order by position, id`, [lorebookId]);
  return rows;
}

/** The lorebook with its entries in their order (the detail page, the forms, every write's answer). */
export async function lorebookDetail(db: Queryable, row: LorebookRow): Promise<LorebookDetail> {
  const entries = await entryRows(db, row.id);
  return { ...toSummary(row), num_entries: entries.length, entries: entries.map(toEntry) };
}

/** The lorebook as stored, with its kept extensions (export, the card's character book). */
export async function storedLorebook(db: Queryable, row: LorebookRow): Promise<StoredLorebook> {
  const entries = await entryRows(db, row.id);
  return {
    name: row.name,
    description: row.description,
    extensions: row.extensions,
    entries: entries.map(({ name, keywords, content, extensions }) => ({ name, keywords, content, extensions })),
  };
}

/** The member's lorebooks in their application, newest first (no entries). */
export async function listOwnLorebooks(db: Queryable, applicationId: string, userId: string): Promise<LorebookSummary[]> {
  const { rows } = await db.query<LorebookRow>(
    `select ${LOREBOOK_COLUMNS} from lorebooks l where l.application_id = $1 and l.creator_user_id = $2 order by l.created_at desc, l.id`,
    [applicationId, userId],
  );
  return rows.map(toSummary);
}

export interface LorebookOwner {
  applicationId: string;
  userId: string;
  username: string;
}

export interface LorebookFields {
  name: string;
  description: string;
  tags: string[];
  avatar_url: string | null;
  extensions: Record<string, unknown>;
}

/** Entries appended after `first` in one statement (positions first, first + 1, …). */
async function insertEntries(tx: Queryable, lorebookId: string, entries: readonly StoredEntry[], first: number, now: Date): Promise<EntryRow[]> {
  if (entries.length === 0) return [];
  const { rows } = await tx.query<EntryRow>(
    `insert into lorebook_entries (lorebook_id, position, name, keywords, content, extensions, created_at, updated_at)
     select $1, $2::int + (e.ord - 1)::int, e.value->>'name',
            array(select k.value from jsonb_array_elements_text(e.value->'keywords') with ordinality as k(value, i) order by k.i), e.value->>'content', e.value->'extensions', $4, $4
       from jsonb_array_elements($3::jsonb) with ordinality as e(value, ord)
     returning ${ENTRY_COLUMNS}`,
    [lorebookId, first, JSON.stringify(entries), now],
  );
  return rows.sort((a, b) => a.position - b.position);
}

/** Creates a lorebook with its entries (in the caller's transaction: all or nothing). */
export async function insertLorebook(tx: Queryable, owner: LorebookOwner, fields: LorebookFields, entries: readonly StoredEntry[], now: Date): Promise<LorebookRow> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into lorebooks (application_id, creator_user_id, creator_username, name, description, avatar_url, tags, extensions, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7::text[], $8::jsonb, $9, $9) returning id`,
    [owner.applicationId, owner.userId, owner.username, fields.name, fields.description, fields.avatar_url, fields.tags, JSON.stringify(fields.extensions), now],
  );
  const id = rows[0]!.id;
  await insertEntries(tx, id, entries, 0, now);
  return (await findLorebook(tx, id))!;
}

/** Sets the given columns of a lorebook (or of an entry) and its updated_at. */
async function setColumns(tx: Queryable, table: 'lorebooks' | 'lorebook_entries', id: string, values: Record<string, SqlParam | undefined>, now: Date): Promise<void> {
  const casts: Record<string, string> = { tags: '::text[]', keywords: '::text[]', extensions: '::jsonb' };
  const sets: string[] = [];
  const params: SqlParam[] = [id, now];
  for (const [column, value] of Object.entries(values)) {
    if (value === undefined) continue;
    params.push(column === 'extensions' ? JSON.stringify(value) : value);
    sets.push(`${column} = $${params.length}${casts[column] ?? ''}`);
  }
  await tx.query(`update ${table} set ${[...sets, 'updated_at = $2'].join(', ')} where id = $1`, params);
}

export async function updateLorebookFields(tx: Queryable, lorebookId: string, fields: Partial<LorebookFields>, now: Date): Promise<void> {
  await setColumns(tx, 'lorebooks', lorebookId, { name: fields.name, description: fields.description, tags: fields.tags, avatar_url: fields.avatar_url }, now);
}

/** Deletes a lorebook: its entries and its attachments to chatbots go with it (foreign keys on delete cascade). */
export async function deleteLorebookRow(tx: Queryable, lorebookId: string): Promise<void> {
  await tx.query('delete from lorebooks where id = $1', [lorebookId]);
}

/** Appends an entry at the end (the lorebook is locked by the caller, so `count` is its number of entries). */
export async function appendEntry(tx: Queryable, lorebookId: string, count: number, entry: StoredEntry, now: Date): Promise<LorebookEntry> {
  const [row] = await insertEntries(tx, lorebookId, [entry], count, now);
  await setColumns(tx, 'lorebooks', lorebookId, {}, now);
  return toEntry(row!);
}

export async function findEntry(db: Queryable, lorebookId: string, entryId: string): Promise<EntryRow | null> {
  const { rows } = await db.query<EntryRow>(`select ${ENTRY_COLUMNS} from lorebook_entries where id = $1 and lorebook_id = $2`, [entryId, lorebookId]);
  return rows[0] ?? null;
}

export async function updateEntryFields(tx: Queryable, lorebookId: string, entryId: string, fields: Partial<StoredEntry>, now: Date): Promise<LorebookEntry> {
  await setColumns(tx, 'lorebook_entries', entryId, { name: fields.name, keywords: fields.keywords, content: fields.content, extensions: fields.extensions }, now);
  await setColumns(tx, 'lorebooks', lorebookId, {}, now);
  return toEntry((await findEntry(tx, lorebookId, entryId))!);
}

/** Deletes an entry and closes the gap: positions stay 0 … n-1. */
export async function deleteEntryRow(tx: Queryable, lorebookId: string, entry: EntryRow, now: Date): Promise<void> {
  await tx.query('delete from lorebook_entries where id = $1', [entry.id]);
  await tx.query('update lorebook_entries set position = position - 1 where lorebook_id = $1 and position > $2', [lorebookId, entry.position]);
  await setColumns(tx, 'lorebooks', lorebookId, {}, now);
}

/** A chatbot as attaching needs it. */
export interface ChatbotRow {
  id: string;
  application_id: string;
  creator_user_id: string;
  name: string;
  avatar_url: string | null;
  tags: string[];
}

/** The chatbot, or null; `lock` takes its row (attachments of one chatbot are serialised on it). */
export async function findChatbot(db: Queryable, characterId: string, lock = false): Promise<ChatbotRow | null> {
  const { rows } = await db.query<ChatbotRow>(
    `select id, application_id, creator_user_id, name, avatar_url, tags from characters where id = $1${lock ? ' for update' : ''}`,
    [characterId],
  );
  return rows[0] ?? null;
}

export async function attachedIds(db: Queryable, characterId: string): Promise<string[]> {
  const { rows } = await db.query<{ lorebook_id: string }>('select lorebook_id from character_lorebooks where character_id = $1', [characterId]);
  return rows.map((r) => r.lorebook_id);
}

export async function attach(tx: Queryable, characterId: string, lorebookId: string): Promise<void> {
  await tx.query('insert into character_lorebooks (character_id, lorebook_id) values ($1, $2) on conflict do nothing', [characterId, lorebookId]);
}

export async function detach(tx: Queryable, characterId: string, lorebookId: string): Promise<void> {
  await tx.query('delete from character_lorebooks where character_id = $1 and lorebook_id = $2', [characterId, lorebookId]);
}

/** The lorebooks a chatbot uses, oldest first (as the profile lists them). */
export async function attachedLorebooks(db: Queryable, characterId: string): Promise<LorebookRow[]> {
  const { rows } = await db.query<LorebookRow>(
    `select ${LOREBOOK_COLUMNS} from character_lorebooks cl join lorebooks l on l.id = cl.lorebook_id
     where cl.character_id = $1 order by l.created_at, l.id`,
    [characterId],
  );
  return rows;
}
