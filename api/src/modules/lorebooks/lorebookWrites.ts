import {
  AssetUrlSchema,
  LOREBOOK_LIMITS as L,
  LOREBOOK_MESSAGES as M,
  type LorebookCreate,
  type LorebookDetail,
  type LorebookEntry,
  type LorebookEntryInput,
  type LorebookImport,
  type LorebookImportResult,
  type LorebookUpdate,
} from '@fable/contracts';
import type { MemberCaller } from '../../http/access';
import type { Database } from '../../infra/db/database';
import { mayWrite, newLorebookOwner, ownChatbot, ownLorebook } from './lorebookAccess';
import { bookTexts, entryTexts, type LoreContentCheck } from './lorebookContentChecks';
import { chatbotLorebookLimit, extensionsTooLarge, invalidBody, lastEntry, lorebookFull, entryNotFound } from './lorebookErrors';
import {
  appendEntry,
  attach,
  attachedIds,
  deleteEntryRow,
  deleteLorebookRow,
  detach,
  findEntry,
  insertLorebook,
  lorebookDetail,
  updateEntryFields,
  updateLorebookFields,
  type LorebookOwner,
} from './lorebookRepository';
import { fittedWarnings, lorebookFromV3, readBook, type StoredEntry, type StoredLorebook } from './lorebookV3';
import { readableLorebook } from './lorebookAccess';

/**
 * The lorebook writes, each one transaction, with the rules of document 2 §5 and §9 checked on the server on top of
 * the contracts' schemas (which the routes apply): tags and keywords counted after repeats are left out, at most 100
 * entries (counted under the lorebook's row lock, so concurrent creates never pass it), never the last entry, dense
 * positions, at most LOREBOOK_LIMITS.perChatbotMax lorebooks per chatbot (counted under the chatbot's row lock).
 * The texts a write adds or changes pass the automatic content checks (`check`, lorebookContentChecks.ts) after the
 * rules and who may, before the transaction (the classifier may be a remote endpoint).
 */

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** The avatar must be something the site can show (LorebookSchema.avatar_url), besides "required" (the schema's). */
function checkAvatar(avatarUrl: string | undefined): void {
  if (avatarUrl === undefined || AssetUrlSchema.safeParse(avatarUrl).success) return;
  throw invalidBody([{ path: 'body.avatar_url', message: 'must be an http(s) URL or an absolute path' }]);
}

/** Tags once each (case-insensitive, the first spelling kept); at least 2 of them. */
function distinctTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out = tags.filter((tag) => !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()));
  if (out.length < L.tagsMin) throw invalidBody([{ path: 'body.tags', message: M.tagsMin }]);
  return out;
}

/** An entry of the form (LorebookEntryInputSchema already applied): keywords once each, at least 2; kept data bounded. */
function formEntry(input: Partial<LorebookEntryInput>, path: string): Partial<StoredEntry> {
  const out: Partial<StoredEntry> = { name: input.name, content: input.content };
  if (input.keywords !== undefined) {
    const keywords = [...new Set(input.keywords)];
    if (keywords.length < L.keywordsMin) throw invalidBody([{ path: `${path}.keywords`, message: M.keywordsMin }]);
    out.keywords = keywords;
  }
  if (input.extensions !== undefined) {
    if (bytesOf(input.extensions) > L.entryExtensionsMaxBytes) throw extensionsTooLarge({ name: input.name ?? '' });
    out.extensions = input.extensions;
  }
  return out;
}

const fullEntry = (input: LorebookEntryInput, path: string): StoredEntry => ({ extensions: {}, ...formEntry(input, path) }) as StoredEntry;

type Fields = Omit<LorebookUpdate, 'tags'> & { tags: string[] };

async function create(db: Database, owner: LorebookOwner, fields: Fields, stored: StoredLorebook, now: Date): Promise<LorebookDetail> {
  return db.transaction(async (tx) => {
    const row = await insertLorebook(
      tx,
      owner,
      { name: fields.name, description: fields.description, tags: fields.tags, avatar_url: fields.avatar_url, extensions: stored.extensions },
      stored.entries,
      now,
    );
    return lorebookDetail(tx, row);
  });
}

/** POST /lorebooks: the form's lorebook with its entries, all or nothing. */
export async function createLorebook(db: Database, member: MemberCaller, body: LorebookCreate, now: Date, check: LoreContentCheck): Promise<LorebookDetail> {
  const owner = newLorebookOwner(member);
  checkAvatar(body.avatar_url);
  const tags = distinctTags(body.tags);
  const entries = body.entries.map((entry, i) => fullEntry(entry, `body.entries.${i}`));
  await check([...bookTexts({ ...body, tags }), ...entries.flatMap((entry, i) => entryTexts(entry, `entries.${i}.`))]);
  return create(db, owner, { ...body, tags }, { name: body.name, description: body.description, extensions: {}, entries }, now);
}

/** POST /lorebooks/import: the form's fields and an imported V3 book's entries, under the lenient rules of imports. */
export async function importLorebook(db: Database, member: MemberCaller, body: LorebookImport, now: Date, check: LoreContentCheck): Promise<LorebookImportResult> {
  const owner = newLorebookOwner(member);
  checkAvatar(body.avatar_url);
  const tags = distinctTags(body.tags);
  const { book, warnings } = readBook(body.book);
  const stored = lorebookFromV3(book, { name: body.name, description: body.description });
  if (stored.entries.length < L.entriesMin) throw invalidBody([{ path: 'body.book.entries', message: M.entriesMin }]);
  if (stored.entries.length > L.entriesMax) throw invalidBody([{ path: 'body.book.entries', message: M.entriesMax }]);
  stored.entries.forEach((entry, index) => {
    if (bytesOf(entry.extensions) > L.entryExtensionsMaxBytes) throw extensionsTooLarge({ index, name: entry.name });
  });
  // What is stored is checked: the entries as fitted (an original cut off is kept only for the export).
  await check([...bookTexts({ ...body, tags }), ...stored.entries.flatMap((entry, i) => entryTexts(entry, `book.entries.${i}.`))]);
  const detail = await create(db, owner, { ...body, tags }, stored, now);
  return { ...detail, warnings: [...warnings, ...fittedWarnings(stored.entries)] };
}

/** PATCH /lorebooks/:id: the fields sent. */
export async function updateLorebook(
  db: Database,
  member: MemberCaller,
  lorebookId: string,
  body: Partial<LorebookUpdate>,
  now: Date,
  check: LoreContentCheck,
): Promise<LorebookDetail> {
  mayWrite(member);
  checkAvatar(body.avatar_url);
  const tags = body.tags === undefined ? undefined : distinctTags(body.tags);
  const texts = bookTexts({ ...body, tags });
  if (texts.length > 0) {
    // Who may first: someone else's lorebook is 403 whatever the text.
    await ownLorebook(db, member, lorebookId);
    await check(texts);
  }
  return db.transaction(async (tx) => {
    await ownLorebook(tx, member, lorebookId, true);
    await updateLorebookFields(tx, lorebookId, { ...body, tags }, now);
    return lorebookDetail(tx, await readableLorebook(tx, member.applicationId, lorebookId));
  });
}

/** DELETE /lorebooks/:id: its entries and its attachments go with it. */
export async function deleteLorebook(db: Database, member: MemberCaller, lorebookId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await ownLorebook(tx, member, lorebookId, true);
    await deleteLorebookRow(tx, lorebookId);
  });
}

/** POST /lorebooks/:id/entries: appended; refused at 100 entries. */
export async function createEntry(
  db: Database,
  member: MemberCaller,
  lorebookId: string,
  body: LorebookEntryInput,
  now: Date,
  check: LoreContentCheck,
): Promise<LorebookEntry> {
  mayWrite(member);
  const entry = fullEntry(body, 'body');
  await ownLorebook(db, member, lorebookId);
  await check(entryTexts(entry));
  return db.transaction(async (tx) => {
    const row = await ownLorebook(tx, member, lorebookId, true);
    if (row.num_entries >= L.entriesMax) throw lorebookFull(L.entriesMax);
    return appendEntry(tx, lorebookId, row.num_entries, entry, now);
  });
}

/**
 * PATCH /lorebooks/:id/entries/:entryId: the fields sent. An imported entry whose SillyTavern title (`comment`) was
 * its name keeps following it when renamed (unless the call sends the extensions itself).
 */
export async function updateEntry(
  db: Database,
  member: MemberCaller,
  lorebookId: string,
  entryId: string,
  body: Partial<LorebookEntryInput>,
  now: Date,
  check: LoreContentCheck,
): Promise<LorebookEntry> {
  mayWrite(member);
  const fields = formEntry(body, 'body');
  const texts = entryTexts(fields);
  if (texts.length > 0) {
    await ownLorebook(db, member, lorebookId);
    await check(texts);
  }
  return db.transaction(async (tx) => {
    await ownLorebook(tx, member, lorebookId, true);
    const current = await findEntry(tx, lorebookId, entryId);
    if (!current) throw entryNotFound();
    if (fields.name !== undefined && fields.extensions === undefined && current.extensions.comment === current.name) {
      fields.extensions = { ...current.extensions, comment: fields.name };
    }
    return updateEntryFields(tx, lorebookId, entryId, fields, now);
  });
}

/** DELETE /lorebooks/:id/entries/:entryId: never the last one; the others close the gap. */
export async function deleteEntry(db: Database, member: MemberCaller, lorebookId: string, entryId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownLorebook(tx, member, lorebookId, true);
    const entry = await findEntry(tx, lorebookId, entryId);
    if (!entry) throw entryNotFound();
    if (row.num_entries <= L.entriesMin) throw lastEntry();
    await deleteEntryRow(tx, lorebookId, entry, now);
  });
}

/** PUT /characters/:characterId/lorebooks/:lorebookId: the member's lorebook on the member's chatbot (idempotent). */
export async function attachLorebook(db: Database, member: MemberCaller, characterId: string, lorebookId: string): Promise<void> {
  mayWrite(member);
  await db.transaction(async (tx) => {
    await ownChatbot(tx, member, characterId);
    await ownLorebook(tx, member, lorebookId);
    const attached = await attachedIds(tx, characterId);
    if (attached.includes(lorebookId)) return;
    if (attached.length >= L.perChatbotMax) throw chatbotLorebookLimit(L.perChatbotMax);
    await attach(tx, characterId, lorebookId);
  });
}

/** DELETE /characters/:characterId/lorebooks/:lorebookId: by the chatbot's creator (idempotent). */
export async function detachLorebook(db: Database, member: MemberCaller, characterId: string, lorebookId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await ownChatbot(tx, member, characterId);
    await readableLorebook(tx, member.applicationId, lorebookId);
    await detach(tx, characterId, lorebookId);
  });
}
