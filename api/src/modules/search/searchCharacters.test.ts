import { CharacterSummarySchema, SearchCharactersQuerySchema, type SearchCharactersParams } from '@fable/contracts';
import { createMemoryCache } from '../../infra/cache/memoryCache';
import { createManualClock } from '../../infra/clock';
import { sqlText, type Database, type Sql, type SqlParam } from '../../infra/db/database';
import { BACKENDS, DB_SETUP_TIMEOUT_MS, createScratchDatabase, type ScratchDatabase } from '../../testing/testDatabases';
import type { CharacterRow } from '../characters/characterRow';
import { resetCatalog, seedCatalog } from '../characters/seed/seedCatalog';
import { estimateLargeMatch, largeMatchPage } from './largeMatches';
import { createSearchService, LARGE_WALKS_KEPT_MS, type SearchService } from './searchCharacters';
import { normalizeSearch, type SearchCaller, type SearchRequest } from './searchRequest';
import { allCharacters, insertCharacter, referenceSearch, referenceTextMatches } from './testing/searchReference';

const APPS = ['fable', 'tales', 'storynest'];
const guest: SearchCaller = { applicationId: 'fable', nsfwAllowed: false, blockedCreatorIds: [] };
const adult: SearchCaller = { ...guest, nsfwAllowed: true };

describe.each(BACKENDS)('character search on %s', (backend) => {
  let scratch: ScratchDatabase;
  let db: Database;
  let service: SearchService;
  let all: CharacterRow[];
  const clock = createManualClock(new Date('2026-06-01T12:00:00Z'));

  const request = (params: SearchCharactersParams, caller: SearchCaller = guest) =>
    normalizeSearch(SearchCharactersQuerySchema.parse(params), caller);

  /** The module's answer and the reference's, side by side. */
  async function compare(r: SearchRequest, by: SearchService = service) {
    const result = await by.run(r);
    const text = r.text === '' ? undefined : await referenceTextMatches(db, r);
    const expected = referenceSearch(all, r, text);
    expect({
      found: result.found,
      ids: result.hits.map((h) => h.id),
      tags: result.facets.tags,
      translated_languages: result.facets.translated_languages,
    }).toEqual(expected);
    return result;
  }

  async function refresh() {
    all = await allCharacters(db);
    for (const app of APPS) await service.facets.rebuild(app);
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(backend, { migrated: true });
    db = await scratch.open();
    await seedCatalog(db, { characters: 2000, seed: 7, now: clock.now() });
    service = createSearchService({ db, cache: createMemoryCache(), clock });
    await refresh();
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await service?.close();
    await scratch?.drop();
  });

  describe('listings (counts and facets from the facet bitmaps)', () => {
    it.each(['popular', 'trending', 'top_rated', 'latest', 'name'] as const)('sorts by %s, ties by id, on every page', async (sort) => {
      const first = await compare(request({ sort }));
      expect(first.hits).toHaveLength(48);
      expect(first.found).toBeGreaterThan(48 * 3);
      await compare(request({ sort, page: 2 }));
      await compare(request({ sort, page: Math.ceil(first.found / 48) }));
      await compare(request({ sort, page: Math.ceil(first.found / 48) + 1 }));
      await compare(request({ sort, nsfw: '1' }, adult));
    });

    it.each<SearchCharactersParams>([
      { include_tags: 'Fantasy' },
      { include_tags: 'Fantasy,Romance' },
      { include_tags: 'Female', sort: 'latest', page: 3 },
      { include_tags: 'No Such Tag' },
      { exclude_tags: 'Female' },
      { exclude_tags: 'Female,Male' },
      { include_tags: 'Fantasy', exclude_tags: 'Romance' },
      { include_tags: 'Fantasy', exclude_tags: 'Fantasy' },
      { languages: 'ja' },
      { languages: 'es,fr', sort: 'trending' },
      { languages: 'it', include_tags: 'Female', exclude_tags: 'Drama' },
    ])('filters %j', async (params) => {
      await compare(request(params));
      await compare(request({ ...params, nsfw: '1' }, adult));
    });

    it('counts NSFW characters only when included', async () => {
      const safe = await compare(request({}));
      const withNsfw = await compare(request({ nsfw: '1' }, adult));
      expect(withNsfw.found).toBeGreaterThan(safe.found);
      expect(safe.hits.every((h) => !h.is_nsfw)).toBe(true);
      expect(withNsfw.nsfw).toBe(true);
      expect(safe.nsfw).toBe(false);
    });

    it('leaves blocked creators out, and takes them off the counts', async () => {
      const prolific = [...all.filter((c) => c.application_id === 'fable' && c.visibility === 'public')
        .reduce((m, c) => m.set(c.creator_user_id, (m.get(c.creator_user_id) ?? 0) + 1), new Map<string, number>())]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([id]) => id);
      const caller = { ...guest, blockedCreatorIds: prolific };
      const blocked = await compare(request({}, caller));
      const open = await compare(request({}));
      expect(blocked.found).toBeLessThan(open.found);
      expect(blocked.hits.some((h) => prolific.includes(h.creator_user_id))).toBe(false);
      await compare(request({ include_tags: 'Female', sort: 'name', page: 2 }, caller));
    });

    it('leaves dismissed characters out, alone or with blocked creators, and takes each off the counts once', async () => {
      const open = await compare(request({ sort: 'name' }));
      const dismissed = open.hits.slice(0, 5);
      const hiddenCharacterIds = dismissed.map((h) => h.id);
      const hidden = await compare(request({ sort: 'name' }, { ...guest, hiddenCharacterIds }));
      expect(hidden.found).toBe(open.found - 5);
      expect(hidden.hits.some((h) => hiddenCharacterIds.includes(h.id))).toBe(false);
      // A dismissed character whose creator is blocked too is taken off once.
      await compare(request({ sort: 'name' }, { ...guest, hiddenCharacterIds, blockedCreatorIds: [dismissed[0]!.creator_user_id] }));
      await compare(request({ q: dismissed[0]!.name }, { ...guest, hiddenCharacterIds }));
    });

    it('answers each application its own characters only', async () => {
      for (const applicationId of APPS) {
        const result = await compare(request({}, { ...guest, applicationId }));
        const ids = new Set(all.filter((c) => c.application_id === applicationId).map((c) => c.id));
        expect(result.hits.every((h) => ids.has(h.id))).toBe(true);
      }
      expect(await service.run(request({}, { ...guest, applicationId: 'nobody' }))).toMatchObject({ found: 0, hits: [] });
    });

    it('answers hits in the card shape, never the definition', async () => {
      const result = await service.run(request({}));
      for (const hit of result.hits) {
        expect(CharacterSummarySchema.strict().parse(hit)).toEqual(hit);
        expect(hit).not.toHaveProperty('persona');
        expect(hit).not.toHaveProperty('greeting');
      }
    });
  });

  describe('text and creators (counted directly)', () => {
    let creator: { id: string; username: string };

    beforeAll(async () => {
      creator = { id: 'creator-moon', username: 'moon_weaver' };
      const make = (fields: Partial<CharacterRow>) =>
        insertCharacter(db, { creator_user_id: creator.id, creator_username: creator.username, ...fields });
      await make({ name: 'Seraphina Nightshade', title: 'Keeper of the Moon Temple', num_messages: 50 });
      await make({ name: 'Luna', title: 'A quiet librarian', num_messages: 5 });
      await make({ name: 'Luna Starfall', title: 'Pilot of the last starship', num_messages: 500 });
      await make({ name: 'Moon Priestess', title: 'Servant of Luna', num_messages: 5000 });
      await make({
        name: 'Ember',
        title: 'Guardian of the volcano',
        name_i18n: { es: 'Brasa Dragón' },
        title_i18n: { es: 'Guardiana del volcán' },
        translated_languages: ['es'],
      });
      await make({ name: 'Nyx Velvet', title: 'A night club owner', is_nsfw: true, tags: ['Romance', 'Female'] });
      await insertCharacter(db, { creator_user_id: 'creator-moonax', creator_username: 'moonax', name: 'Wildcard Test' });
      // Never listed: not public, withdrawn by moderation, or another application's.
      for (const fields of [
        { visibility: 'hidden' },
        { visibility: 'private' },
        { visibility: 'permanently_private' },
        { moderation_status: 'fix_required' },
        { moderation_status: 'manual_review_required' },
        { aicq_manual_review_required: true },
        { application_id: 'tales' },
      ] as const) {
        await make({ name: 'Zanzibar Hidden', ...fields });
      }
      await make({ name: 'Zanzibar Pending', moderation_status: 'pending' });
      await refresh();
    });

    it.each<SearchCharactersParams>([
      { q: 'seraph' },
      { q: 'aphin' },
      { q: 'moon temple' },
      { q: 'luna', sort: 'name' },
      { q: 'luna', sort: 'trending' },
      { q: 'the', sort: 'latest' },
      { q: 'the', sort: 'top_rated', page: 2 },
      { q: 'a', sort: 'name' },
      { q: 'e', include_tags: 'Female', exclude_tags: 'Drama', languages: 'en' },
      { q: 'secret', nsfw: '1' },
      { q: 'zanzibar' },
      { q: '!!!' },
    ])('matches %j as the reference does', async (params) => {
      await compare(request(params));
      await compare(request(params, adult));
      await compare(request({ ...params, nsfw: '1' }, adult));
    });

    describe('past the large-match threshold (count and facets from a sample, here of every block)', () => {
      const everyBlock = { largeMatchCount: 5, sampleMatches: 1e9, maxSamplePercent: 100 };
      let estimating: SearchService;
      beforeAll(async () => {
        // The planner's estimate says whether a search may be large: statistics as autovacuum keeps them.
        // Names that are the query itself rank first.
        await insertCharacter(db, { name: 'The', title: 'Exactly', num_messages: 1 });
        await insertCharacter(db, { name: 'A', title: 'Letter', num_messages: 2, name_i18n: { es: 'Una' }, translated_languages: ['es'] });
        await refresh();
        await db.exec('analyze search_documents');
        estimating = createSearchService({ db, cache: createMemoryCache(), clock, largeMatches: everyBlock });
      });
      afterAll(() => estimating.close());

      it.each<SearchCharactersParams>([
        { q: 'the' },
        { q: 'the', page: 2 },
        { q: 'a' },
        { q: 'a', page: 3, include_tags: 'Female' },
        { q: 'of the' },
        { q: 'a', sort: 'trending', page: 2 },
        { q: 'the', sort: 'name' },
        { q: 'a', chat_language: 'es' },
      ])('answers %j as the reference does, read without gathering the matches', async (params) => {
        const r = request(params, adult);
        expect(await estimateLargeMatch(db, r, everyBlock)).not.toBeNull();
        const { hits } = await compare(r, estimating);
        // The name parts walked for in popularity order (the sample finds them common in a large catalog) give the same page.
        const walked = await largeMatchPage(db, r, { first: true, later: true });
        expect(walked).toEqual(hits.map((h) => h.id));
      });

      it('reads the page of a search it has seen beside its sample, with the plan it took then and the same answer', async () => {
        const order: string[] = [];
        const kind = (sql: string) => (sql.includes('tablesample') ? 'sample' : /^\s*select [pd]\.id from/.test(sql) ? 'page' : null);
        const watched: Database = {
          ...db,
          query: async <Row,>(sql: Sql, params?: readonly SqlParam[]) => {
            const k = kind(sqlText(sql));
            if (k) order.push(`${k} sent`);
            try {
              return await db.query<Row>(sql, params);
            } finally {
              if (k) order.push(`${k} answered`);
            }
          },
        };
        const seenAt = createManualClock(clock.now());
        const seeing = createSearchService({ db: watched, cache: createMemoryCache(), clock: seenAt, largeMatches: everyBlock });
        try {
          const r = request({ q: 'the' }, adult);
          const first = await seeing.run(r);
          expect(order).toEqual(['sample sent', 'sample answered', 'page sent', 'page answered']);
          order.length = 0;
          expect(await seeing.run(r)).toEqual(first);
          expect(order.indexOf('page sent')).toBeLessThan(order.indexOf('sample answered'));
          // Another page of it is another search; and past the time a plan is kept, the page waits for the sample again.
          order.length = 0;
          await seeing.run(request({ q: 'the', page: 2 }, adult));
          expect(order).toEqual(['sample sent', 'sample answered', 'page sent', 'page answered']);
          seenAt.advance(LARGE_WALKS_KEPT_MS + 1);
          order.length = 0;
          expect(await seeing.run(r)).toEqual(first);
          expect(order).toEqual(['sample sent', 'sample answered', 'page sent', 'page answered']);
        } finally {
          await seeing.close();
        }
      });

      it('counts a search below the threshold exactly', async () => {
        expect(await estimateLargeMatch(db, request({ q: 'seraphina' }), everyBlock)).toBeNull();
        await compare(request({ q: 'seraphina' }), estimating);
      });
    });

    it('finds partial and misspelt names', async () => {
      const names = async (q: string) => (await compare(request({ q }))).hits.map((h) => h.name);
      expect(await names('seraph')).toContain('Seraphina Nightshade');
      expect(await names('aphin')).toContain('Seraphina Nightshade');
      // No word matches: names similar to the query.
      expect(await names('nightshdae')).toContain('Seraphina Nightshade');
      expect(await names('nightshade seraphina')).toContain('Seraphina Nightshade');
    });

    it('ranks by relevance on the default sort: exact name, name words, then title words; then popularity', async () => {
      const result = await compare(request({ q: 'Luna' }));
      expect(result.hits.slice(0, 3).map((h) => h.name)).toEqual(['Luna', 'Luna Starfall', 'Moon Priestess']);
    });

    it('searches translated names and titles in the chat language only', async () => {
      const names = async (params: SearchCharactersParams) => (await compare(request(params))).hits.map((h) => h.name);
      expect(await names({ q: 'dragón', chat_language: 'es' })).toContain('Ember');
      expect(await names({ q: 'guardiana volc', chat_language: 'es' })).toContain('Ember');
      expect(await names({ q: 'dragón', chat_language: 'fr' })).not.toContain('Ember');
      expect(await names({ q: 'dragón' })).not.toContain('Ember');
    });

    it('never lists unlisted, private, moderated-away or other applications’ characters', async () => {
      const result = await compare(request({ q: 'zanzibar' }, adult));
      expect(result.hits.map((h) => h.name)).toEqual(['Zanzibar Pending']);
      const tales = await compare(request({ q: 'zanzibar' }, { ...guest, applicationId: 'tales' }));
      expect(tales.hits).toHaveLength(1);
    });

    it('searches creators by username prefix with @, literally', async () => {
      const byPrefix = await compare(request({ q: '@Moon_' }));
      expect(new Set(byPrefix.hits.map((h) => h.creator_username))).toEqual(new Set(['moon_weaver']));
      const both = await compare(request({ q: '@moon' }));
      expect(both.hits.map((h) => h.creator_username)).toEqual(expect.arrayContaining(['moon_weaver', 'moonax']));
      expect(both.hits.every((h) => h.creator_username.startsWith('moon'))).toBe(true);
      await compare(request({ q: '@mo', sort: 'name', include_tags: 'Fantasy' }));
      await compare(request({ q: '@moon_weaver', nsfw: '1' }, adult));
    });

    it('lists one creator exactly (creator page)', async () => {
      const result = await compare(request({ creator_username: 'Moon_Weaver', sort: 'latest' }));
      expect(result.hits.every((h) => h.creator_username === 'moon_weaver')).toBe(true);
      await compare(request({ creator_username: 'moon_weaver', q: 'luna' }));
      expect((await compare(request({ creator_username: 'moon' }))).found).toBe(0);
    });

    it('leaves a blocked creator out of text searches', async () => {
      const result = await compare(request({ q: 'luna' }, { ...guest, blockedCreatorIds: [creator.id] }));
      expect(result.hits.map((h) => h.creator_user_id)).not.toContain(creator.id);
    });
  });

  // These tests change and empty the catalog: a database of their own, so the others' catalog stays as they expect
  // whatever order jest runs them in.
  describe('search documents follow the characters table', () => {
    let ownScratch: ScratchDatabase;
    let ownDb: Database;
    let ownService: SearchService;
    const ownClock = createManualClock(new Date('2026-06-01T12:00:00Z'));

    beforeAll(async () => {
      ownScratch = await createScratchDatabase(backend, { migrated: true });
      ownDb = await ownScratch.open();
      await seedCatalog(ownDb, { characters: 200, seed: 11, now: ownClock.now() });
      ownService = createSearchService({ db: ownDb, cache: createMemoryCache(), clock: ownClock });
      for (const app of APPS) await ownService.facets.rebuild(app);
    }, DB_SETUP_TIMEOUT_MS);
    afterAll(async () => {
      await ownService?.close();
      await ownScratch?.drop();
    });
    it('follows inserts, edits, visibility changes and deletes', async () => {
      const c = await insertCharacter(ownDb, { name: 'Xyloquent Brightwater' });
      const search = async (q: string) => (await ownService.run(request({ q }))).hits.some((h) => h.id === c.id);
      expect(await search('xyloquent')).toBe(true);
      await ownDb.query("update characters set name = 'Xyloquent Darkwater' where id = $1", [c.id]);
      expect(await search('darkwater xylo')).toBe(true);
      await ownDb.query("update characters set visibility = 'private' where id = $1", [c.id]);
      expect(await search('xyloquent')).toBe(false);
      await ownDb.query("update characters set visibility = 'public' where id = $1", [c.id]);
      expect(await search('xyloquent')).toBe(true);
      await ownDb.query("update characters set moderation_status = 'fix_required' where id = $1", [c.id]);
      expect(await search('xyloquent')).toBe(false);
      await ownDb.query('update characters set moderation_status = null, num_messages = 999999999 where id = $1', [c.id]);
      expect((await ownService.run(request({ sort: 'popular' }))).hits[0]?.id).toBe(c.id);
      await ownDb.query('delete from characters where id = $1', [c.id]);
      expect(await search('xyloquent')).toBe(false);
    });

    it('rebuilds a stale facet snapshot in the background, answering from the old one meanwhile', async () => {
      for (const app of APPS) await ownService.facets.rebuild(app);
      const before = (await ownService.run(request({}))).found;
      await insertCharacter(ownDb, { name: 'Late Arrival' });
      expect((await ownService.run(request({}))).found).toBe(before);
      ownClock.advance(61_000);
      expect((await ownService.run(request({}))).found).toBe(before);
      await ownService.facets.settled();
      expect((await ownService.run(request({}))).found).toBe(before + 1);
    });

    it('empties with the catalog', async () => {
      await resetCatalog(ownDb);
      const { rows } = await ownDb.query<{ n: number }>('select (select count(*) from search_documents)::int + (select count(*) from search_facet_snapshots)::int as n');
      expect(rows[0]?.n).toBe(0);
      expect(await ownService.run(request({}))).toMatchObject({ found: 0, hits: [], facets: { tags: [], translated_languages: [] } });
    });
  });
});
