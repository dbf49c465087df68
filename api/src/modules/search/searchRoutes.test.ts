import { API_HEADERS, SearchCharactersResultSchema, type SearchCharactersResult } from '@fable/contracts';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { bearer, forApplication, signUp, startTestApp, testGuestId, type TestApp } from '../../testing/testApp';
import type { CharacterRow } from '../characters/characterRow';
import { createFacetSnapshots } from './facetSnapshots';
import { insertCharacter } from './testing/searchReference';

const guestHeaders = { [API_HEADERS.guestUserId]: testGuestId() };

describe.each(BACKENDS)('GET /api/characters/search on %s', (backend) => {
  let t: TestApp;
  let safe: CharacterRow;
  let nsfw: CharacterRow;
  let blockable: CharacterRow;
  let hidden: CharacterRow;
  let tales: CharacterRow;
  /** Renamed by the cache test only, so no other test sees the rename whatever the order. */
  let cached: CharacterRow;
  let memberWithNsfw: string;
  let memberWithoutNsfw: string;
  let blockerId: string;
  let blocker: string;

  const search = async (query: string, headers: Record<string, string> = guestHeaders) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/characters/search${query}`, headers });
    return res;
  };
  const ok = async (query: string, headers?: Record<string, string>): Promise<SearchCharactersResult> => {
    const res = await search(query, headers);
    expect(res.statusCode).toBe(200);
    return SearchCharactersResultSchema.parse(res.json());
  };
  const ids = (result: SearchCharactersResult) => result.hits.map((h) => h.id);

  beforeAll(async () => {
    t = await startTestApp(backend);
    safe = await insertCharacter(t.db, { name: 'Orvella Safe', tags: ['Fantasy', 'Female'], num_messages: 30 });
    nsfw = await insertCharacter(t.db, { name: 'Orvella Spicy', tags: ['Romance', 'Female'], is_nsfw: true, num_messages: 20 });
    blockable = await insertCharacter(t.db, { name: 'Orvella Blocked', creator_username: 'blockme', tags: ['Drama', 'Male'], num_messages: 10 });
    hidden = await insertCharacter(t.db, { name: 'Orvella Hidden', visibility: 'hidden' });
    await insertCharacter(t.db, { name: 'Orvella Private', visibility: 'private' });
    tales = await insertCharacter(t.db, { name: 'Orvella Tales', application_id: 'tales' });
    cached = await insertCharacter(t.db, { name: 'Quillmere Cached', tags: ['Adventure'] });
    const facets = createFacetSnapshots(t.db, t.clock);
    for (const app of ['fable', 'tales']) await facets.rebuild(app);

    const withNsfw = await signUp(t.app, 'adult@example.com', 'adult_one');
    await t.app.inject({ method: 'PATCH', url: '/api/v2/users', headers: bearer(withNsfw.token), payload: { settings: { showNSFW: true } } });
    memberWithNsfw = withNsfw.token;
    memberWithoutNsfw = (await signUp(t.app, 'careful@example.com', 'careful_one')).token;
    const blocking = await signUp(t.app, 'blocker@example.com', 'blocker_one');
    blocker = blocking.token;
    blockerId = blocking.user.id;
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('answers guests the search result: 48 per page, counts, facets, card-shaped hits', async () => {
    const result = await ok('?q=orvella');
    expect(result).toMatchObject({ page: 1, per_page: 48, nsfw: false, found: 2 });
    expect(ids(result)).toEqual([safe.id, blockable.id]);
    expect(result.facets.tags).toEqual(
      expect.arrayContaining([{ value: 'Female', count: 1 }, { value: 'Fantasy', count: 1 }, { value: 'Male', count: 1 }]),
    );
    expect(result.hits[0]).not.toHaveProperty('persona');
    expect(result.hits[0]).toMatchObject({ name: 'Orvella Safe', creator_username: safe.creator_username, createdAt: safe.created_at.toISOString() });
  });

  it('answers a listing without text, counted from the facet bitmaps', async () => {
    const result = await ok('?sort=latest&include_tags=Female');
    expect(result.found).toBe(1);
    expect(ids(result)).toEqual([safe.id]);
  });

  it("answers a visitor without a guest id (a first visit's listing) as a guest, and refuses an id it did not issue", async () => {
    expect(await ok('?q=orvella', {})).toEqual(await ok('?q=orvella'));
    expect((await ok('?q=orvella&nsfw=1', {})).nsfw).toBe(false);
    expect((await search('?q=orvella', { 'x-guest-user-id': 'made-up' })).statusCode).toBe(401);
  });

  it.each(['?sort=relevance', '?page=0', '?page=1001', '?languages=xx', `?q=${'a'.repeat(201)}`])('refuses %s with 400', async (query) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
  });

  describe('NSFW (document 1 §1, §6)', () => {
    it('never includes NSFW characters for guests, even when asked', async () => {
      const result = await ok('?q=orvella&nsfw=1');
      expect(result.nsfw).toBe(false);
      expect(ids(result)).not.toContain(nsfw.id);
    });

    it('includes them for a member who asks and whose profile allows explicit content', async () => {
      const result = await ok('?q=orvella&nsfw=1', bearer(memberWithNsfw));
      expect(result.nsfw).toBe(true);
      expect(ids(result)).toEqual([safe.id, nsfw.id, blockable.id]);
      const notAsked = await ok('?q=orvella', bearer(memberWithNsfw));
      expect(notAsked.nsfw).toBe(false);
      expect(ids(notAsked)).not.toContain(nsfw.id);
    });

    it('not for a member whose profile does not allow it', async () => {
      const result = await ok('?q=orvella&nsfw=1', bearer(memberWithoutNsfw));
      expect(result.nsfw).toBe(false);
      expect(ids(result)).not.toContain(nsfw.id);
    });
  });

  it('leaves a blocked creator out for the blocker only, at once', async () => {
    expect(ids(await ok('?q=orvella', bearer(blocker)))).toContain(blockable.id);
    await t.db.query('insert into creator_blocks (user_id, creator_user_id, created_at) values ($1, $2, now())', [
      blockerId,
      blockable.creator_user_id,
    ]);
    const blocked = await ok('?q=orvella', bearer(blocker));
    expect(ids(blocked)).toEqual([safe.id]);
    expect(blocked.found).toBe(1);
    const listing = await ok('?sort=name', bearer(blocker));
    expect(ids(listing)).not.toContain(blockable.id);
    expect(listing.found).toBe((await ok('?sort=name')).found - 1);
    expect(ids(await ok('?q=orvella', bearer(memberWithoutNsfw)))).toContain(blockable.id);
    expect(ids(await ok('?q=orvella'))).toContain(blockable.id);
  });

  it('leaves out a character the member dismissed (a dislike), for that member only, at once', async () => {
    const dismisser = await signUp(t.app, 'dismisser@example.com', 'dismisser_one');
    const before = await ok('?sort=name', bearer(dismisser.token));
    expect(ids(before)).toContain(safe.id);
    const disliked = await t.app.inject({ method: 'POST', url: `/api/characters/${safe.id}/less-like-this`, headers: bearer(dismisser.token) });
    expect(disliked.statusCode).toBe(200);
    const after = await ok('?sort=name', bearer(dismisser.token));
    expect(ids(after)).not.toContain(safe.id);
    expect(after.found).toBe(before.found - 1);
    expect(ids(await ok('?q=orvella', bearer(dismisser.token)))).not.toContain(safe.id);
    expect(ids(await ok('?q=orvella'))).toContain(safe.id);
  });

  it('answers the application of X-Application-Id only', async () => {
    const other = await ok('?q=orvella', { [API_HEADERS.guestUserId]: testGuestId('tales'), ...forApplication('tales') });
    expect(ids(other)).toEqual([tales.id]);
    expect(ids(await ok('?q=orvella%20tales'))).not.toContain(tales.id);
  });

  it('never lists unlisted or private characters', async () => {
    expect(ids(await ok('?q=orvella%20hidden'))).not.toContain(hidden.id);
    const everything = await ok('?q=orvella&nsfw=1', bearer(memberWithNsfw));
    expect(everything.hits.map((h) => h.visibility)).toEqual(['public', 'public', 'public']);
  });

  it('searches creators with @ and lists a creator page', async () => {
    expect(ids(await ok('?q=%40blockm'))).toEqual([blockable.id]);
    expect(ids(await ok('?creator_username=blockme'))).toEqual([blockable.id]);
  });

  it('caches results for 300 s', async () => {
    const first = await ok('?q=quillmere%20cached&sort=trending');
    expect(ids(first)).toEqual([cached.id]);
    await t.db.query("update characters set name = 'Renamed Character' where id = $1", [cached.id]);
    expect(await ok('?q=quillmere%20cached&sort=trending')).toEqual(first);
    expect(ids(await ok('?q=renamed&sort=trending'))).toEqual([cached.id]);
  });
});
