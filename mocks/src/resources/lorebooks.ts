import { http, HttpResponse } from 'msw';
import {
  API_BASE,
  cardCalls,
  LOREBOOK_ERROR_CODES as E,
  LOREBOOK_ERRORS,
  LOREBOOK_LIMITS as L,
  LOREBOOK_MESSAGES,
  lorebookCalls,
  type LorebookCreate,
  type LorebookDetail,
  type LorebookEntry,
  type LorebookEntryInput,
  type LorebookSummary,
} from '@fable/contracts';
import { loreBudgetForContext, loreTestView } from '@fable/rules/lore';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb, MockLorebook } from '../mockDb';

/** The API's answer for one of LOREBOOK_ERRORS. */
const refuse = (code: keyof typeof LOREBOOK_ERRORS) => apiError(LOREBOOK_ERRORS[code].status, code, LOREBOOK_ERRORS[code].message);
const notFound = () => refuse(E.NOT_FOUND);
const notOwner = () => refuse(E.NOT_OWNER);

const detailOf = ({ user_id: _, createdAt: __, ...lorebook }: MockLorebook): LorebookDetail => ({ ...lorebook, num_entries: lorebook.entries.length });
const summaryOf = (lorebook: MockLorebook): LorebookSummary => {
  const { entries: _, ...summary } = detailOf(lorebook);
  return summary;
};

/** An entry as the API keeps it: the fields, and an imported entry's extensions when it has any. */
const entryOf = (id: string, input: LorebookEntryInput): LorebookEntry => ({
  id,
  name: input.name,
  keywords: input.keywords,
  content: input.content,
  ...(input.extensions ? { extensions: input.extensions } : {}),
});

/** What the import fitted to the limits, kept as the API keeps it: `{ [field]: { stored, original? } }`. */
const FITTED_KEY = 'fable_fitted';
type Fitted = Record<string, { stored: unknown; original?: unknown }>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The value the export writes for a fitted field: the file's original while the stored value is unchanged. */
function restored(fitted: Fitted | undefined, field: string, current: unknown): { write: boolean; value: unknown } {
  const kept = fitted?.[field];
  if (!kept || !same(kept.stored, current)) return { write: true, value: current };
  return 'original' in kept ? { write: true, value: kept.original } : { write: false, value: undefined };
}

/** The lorebook as a `lorebook_v3` file: each entry's extensions hold the V3 entry's other keys (see lorebookImport). */
function lorebookV3(lorebook: MockLorebook) {
  return {
    spec: 'lorebook_v3',
    data: {
      name: lorebook.name,
      description: lorebook.description,
      extensions: {},
      entries: lorebook.entries.map((entry, index) => {
        const { [FITTED_KEY]: fitted, ...kept } = (entry.extensions ?? {}) as Record<string, unknown> & { [FITTED_KEY]?: Fitted };
        const name = restored(fitted, 'name', entry.name);
        return {
          extensions: {},
          enabled: true,
          insertion_order: index,
          use_regex: false,
          ...kept,
          ...(name.write ? { name: name.value } : {}),
          keys: restored(fitted, 'keys', entry.keywords).value ?? [],
          content: restored(fitted, 'content', entry.content).value ?? '',
        };
      }),
    },
  };
}

/**
 * The lorebook as a SillyTavern World Info file, as far as a mock goes: every entry in the shape of SillyTavern's
 * files (the API writes an imported World Info file back with its own keys, api/src/modules/cards/worldInfoExport.ts).
 */
function worldInfo(lorebook: MockLorebook) {
  const entries = lorebookV3(lorebook).data.entries.map((entry: Record<string, unknown>, uid) => ({
    uid,
    key: entry.keys,
    keysecondary: [],
    comment: typeof entry.comment === 'string' ? entry.comment : entry.name,
    content: entry.content,
    constant: entry.constant === true,
    selective: entry.selective === true,
    order: entry.insertion_order,
    position: entry.position === 'before_char' ? 0 : 1,
    disable: entry.enabled === false,
  }));
  return { entries: Object.fromEntries(entries.map((entry) => [String(entry.uid), entry])) };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * An imported V3 entry under the rules of imported books, as far as a mock goes: a name from its name, comment or
 * first keyword, at most 12 keywords of 100, content cut to 1000; the rest of the entry kept as its extensions, with
 * what was fitted and the file's original under `fable_fitted` as the API keeps it
 * (api/src/modules/lorebooks/lorebookV3.ts), so that the export writes the original back. A record of fitting that
 * came inside the file is dropped.
 */
function fittedEntry({ name, keys, content, [FITTED_KEY]: _stale, ...rest }: Record<string, unknown>, index: number): LorebookEntryInput {
  const keywords = [...new Set((Array.isArray(keys) ? keys : []).map((k) => text(k).slice(0, L.keywordMax).trim()).filter(Boolean))].slice(0, L.keywordsMax);
  const named = [name, rest.comment, ...keywords].map(text).find((t) => t.length >= L.entryNameMin) ?? `Entry ${index + 1}`;
  const stored = { name: named.slice(0, L.entryNameMax).trim(), keywords, content: (typeof content === 'string' ? content : '').slice(0, L.entryContentMax) };
  const fitted: Fitted = {};
  for (const [field, original, value] of [['name', name, stored.name], ['keys', keys, stored.keywords], ['content', content, stored.content]] as const) {
    if (!same(original, value)) fitted[field] = original === undefined ? { stored: value } : { stored: value, original };
  }
  return { ...stored, extensions: Object.keys(fitted).length > 0 ? { ...rest, [FITTED_KEY]: fitted } : rest };
}

/** What the creator should know about fitted entries, in the API's words (lorebookV3.ts fittedWarnings). */
function fittedWarnings(entries: readonly LorebookEntryInput[]): string[] {
  const count = (field: string) => entries.filter((e) => field in ((e.extensions?.[FITTED_KEY] as Fitted | undefined) ?? {})).length;
  const lines: Array<[number, string]> = [
    [count('content'), `content longer than ${L.entryContentMax} characters was cut (the export writes it back whole)`],
    [count('keys'), `keywords were trimmed, cut to ${L.keywordMax} characters or to ${L.keywordsMax} keywords`],
    [count('name'), `had no name of ${L.entryNameMin} to ${L.entryNameMax} characters and got one from its comment or keywords`],
    [entries.filter((e) => e.keywords.length < L.keywordsMin).length, `have fewer than ${L.keywordsMin} keywords and were kept as they are`],
  ];
  return lines.filter(([n]) => n > 0).map(([n, what]) => `${n} ${n === 1 ? 'entry' : 'entries'}: ${what}.`);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A SillyTavern World Info entry in the V3 shape, as far as a mock goes (the API maps every field: cards/worldInfo.ts). */
function worldInfoEntry({ uid, key, keysecondary, comment, content, order, disable, ...rest }: Record<string, unknown>) {
  return {
    ...(uid !== undefined ? { id: uid } : {}),
    keys: Array.isArray(key) ? key : [],
    ...(Array.isArray(keysecondary) ? { secondary_keys: keysecondary } : {}),
    ...(typeof comment === 'string' && comment ? { name: comment, comment } : {}),
    content: typeof content === 'string' ? content : '',
    enabled: disable !== true,
    insertion_order: typeof order === 'number' ? order : 100,
    use_regex: false,
    extensions: rest,
  };
}

/** The V3 lorebook a standalone lorebook file holds (`lorebook_v3`, or World Info), or null for anything else. */
function lorebookOfFile(file: Record<string, unknown>, filename: string | null): Record<string, unknown> | null {
  if (file.spec === 'lorebook_v3' && isObject(file.data)) return file.data;
  if (isObject(file.entries) && Object.values(file.entries).some((e) => isObject(e) && ('key' in e || 'uid' in e))) {
    const name = typeof file.name === 'string' ? file.name : (filename?.replace(/\.[^.]*$/, '') ?? 'Lorebook');
    return { name, extensions: {}, entries: Object.values(file.entries).filter(isObject).map(worldInfoEntry) };
  }
  return null;
}

/**
 * Lorebooks (contracts lorebookCalls): anyone reads one, its creator changes it; at most 100 entries, never the last
 * one deleted; a chatbot's creator attaches their own lorebooks only. A lorebook file sent to the card import is read
 * here (kind 'lorebook'); any other file goes on to the card handlers.
 */
export function lorebookHandlers(db: MockDb) {
  /** The caller's own lorebook, or the answer that says why not. */
  const own = (userId: string | null, lorebookId: string): MockLorebook | Response => {
    const lorebook = db.lorebooks.get(lorebookId);
    if (!lorebook) return notFound();
    return lorebook.user_id === userId ? lorebook : notOwner();
  };
  /** The caller's own chatbot, or the answer that says why not. */
  const ownChatbot = (userId: string | null, characterId: string) => {
    const character = db.characters.get(characterId);
    if (!character) return apiError(404, 'character_not_found', 'This chatbot does not exist or is private.');
    return character.creator_user_id === userId ? character : notOwner();
  };
  /** A new lorebook of the member's, with these entries. */
  const make = (userId: string, fields: Omit<LorebookCreate, 'entries' | 'guidelines'>, entries: LorebookEntryInput[]): LorebookDetail | Response => {
    const user = db.users.get(userId);
    if (!user?.username) return refuse(E.USERNAME_REQUIRED);
    const id = db.nextId('lorebook-');
    const lorebook: MockLorebook = {
      id,
      user_id: user.id,
      creator_username: user.username,
      name: fields.name,
      description: fields.description,
      avatar_url: fields.avatar_url,
      tags: fields.tags,
      createdAt: new Date().toISOString(),
      num_entries: entries.length,
      entries: entries.map((entry) => entryOf(db.nextId(`${id}-entry-`), entry)),
    };
    db.lorebooks.set(id, lorebook);
    return detailOf(lorebook);
  };
  return [
    http.post(`${API_BASE}${cardCalls.importCard.path}`, async ({ request }) => {
      if (!request.headers.get('content-type')?.includes('json')) return undefined;
      const file = (await request
        .clone()
        .json()
        .catch(() => null)) as unknown;
      const lorebook = isObject(file) ? lorebookOfFile(file, new URL(request.url).searchParams.get('filename')) : null;
      if (!lorebook) return undefined;
      const entries = Array.isArray(lorebook.entries) ? lorebook.entries : [];
      return HttpResponse.json({ kind: 'lorebook', lorebook, entry_count: entries.length, warnings: [] });
    }),
    contractRoute(lorebookCalls.myLorebooks, ({ userId }) => ({
      lorebooks: [...db.lorebooks.values()]
        .filter((l) => l.user_id === userId)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map(summaryOf),
    })),
    contractRoute(lorebookCalls.lorebook, ({ params }) => {
      const lorebook = db.lorebooks.get(params.lorebookId);
      return lorebook ? detailOf(lorebook) : notFound();
    }),
    contractRoute(lorebookCalls.createLorebook, ({ userId, body }) => make(userId!, body, body.entries)),
    contractRoute(lorebookCalls.importLorebook, ({ userId, body }) => {
      const entries = (Array.isArray(body.book.entries) ? body.book.entries : []).filter(isObject).map(fittedEntry);
      if (entries.length < L.entriesMin || entries.length > L.entriesMax) {
        return apiError(400, 'validation_error', `body.book.entries: ${entries.length < L.entriesMin ? LOREBOOK_MESSAGES.entriesMin : LOREBOOK_MESSAGES.entriesMax}`);
      }
      const made = make(userId!, body, entries);
      if (made instanceof Response) return made;
      return { ...made, warnings: fittedWarnings(entries) };
    }),
    contractRoute(lorebookCalls.updateLorebook, ({ userId, params, body }) => {
      const lorebook = own(userId, params.lorebookId);
      if (lorebook instanceof Response) return lorebook;
      Object.assign(lorebook, body);
      for (const character of db.characters.values()) {
        character.lorebooks = character.lorebooks?.map((ref) => (ref.id === lorebook.id ? { id: ref.id, name: lorebook.name } : ref));
      }
      return detailOf(lorebook);
    }),
    contractRoute(lorebookCalls.deleteLorebook, ({ userId, params }) => {
      const lorebook = own(userId, params.lorebookId);
      if (lorebook instanceof Response) return lorebook;
      db.lorebooks.delete(lorebook.id);
      for (const character of db.characters.values()) character.lorebooks = character.lorebooks?.filter((ref) => ref.id !== lorebook.id);
      return { ok: true as const };
    }),
    contractRoute(lorebookCalls.createLorebookEntry, ({ userId, params, body }) => {
      const lorebook = own(userId, params.lorebookId);
      if (lorebook instanceof Response) return lorebook;
      if (lorebook.entries.length >= L.entriesMax) return refuse(E.FULL);
      const entry = entryOf(db.nextId(`${lorebook.id}-entry-`), body);
      lorebook.entries.push(entry);
      return entry;
    }),
    contractRoute(lorebookCalls.updateLorebookEntry, ({ userId, params, body }) => {
      const lorebook = own(userId, params.lorebookId);
      if (lorebook instanceof Response) return lorebook;
      const entry = lorebook.entries.find((e) => e.id === params.entryId);
      if (!entry) return refuse(E.ENTRY_NOT_FOUND);
      Object.assign(entry, body);
      return entry;
    }),
    contractRoute(lorebookCalls.deleteLorebookEntry, ({ userId, params }) => {
      const lorebook = own(userId, params.lorebookId);
      if (lorebook instanceof Response) return lorebook;
      const index = lorebook.entries.findIndex((e) => e.id === params.entryId);
      if (index < 0) return refuse(E.ENTRY_NOT_FOUND);
      if (lorebook.entries.length <= L.entriesMin) return refuse(E.LAST_ENTRY);
      lorebook.entries.splice(index, 1);
      return { ok: true as const };
    }),
    contractRoute(lorebookCalls.attachLorebook, ({ userId, params }) => {
      const character = ownChatbot(userId, params.characterId);
      if (character instanceof Response) return character;
      const lorebook = own(userId, params.lorebookId);
      if (lorebook instanceof Response) return lorebook;
      const refs = character.lorebooks ?? [];
      if (refs.some((ref) => ref.id === lorebook.id)) return { ok: true as const };
      if (refs.length >= L.perChatbotMax) return refuse(E.CHATBOT_LOREBOOK_LIMIT);
      character.lorebooks = [...refs, { id: lorebook.id, name: lorebook.name }];
      return { ok: true as const };
    }),
    contractRoute(lorebookCalls.detachLorebook, ({ userId, params }) => {
      const character = ownChatbot(userId, params.characterId);
      if (character instanceof Response) return character;
      character.lorebooks = (character.lorebooks ?? []).filter((ref) => ref.id !== params.lorebookId);
      return { ok: true as const };
    }),
    contractRoute(lorebookCalls.exportLorebook, ({ userId, params, query }) => {
      const lorebook = own(userId, params.lorebookId);
      if (lorebook instanceof Response) return lorebook;
      const filename = `${lorebook.name.replace(/[^\w -]/g, '').trim() || 'lorebook'}.json`;
      const file = query.format === 'world_info' ? worldInfo(lorebook) : lorebookV3(lorebook);
      return new HttpResponse(JSON.stringify(file, null, 2), {
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` },
      });
    }),
    // The test view: the API's lore engine itself (@fable/rules/lore); the lore budget of a 4K context by default.
    contractRoute(lorebookCalls.testLorebook, ({ userId, params, body }) => {
      const lorebook = own(userId, params.lorebookId);
      if (lorebook instanceof Response) return lorebook;
      return loreTestView(lorebook.entries, body.messages, { budgetTokens: body.budget_tokens ?? loreBudgetForContext(4096) });
    }),
  ];
}
