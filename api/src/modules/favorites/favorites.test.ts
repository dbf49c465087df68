import { ERROR_CATALOGUE, FavoritesResultSchema, formatMessage } from '@fable/contracts';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, newGuest, signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';

const LIMIT = 3;

describe.each(BACKENDS)('favourites on %s', (backend) => {
  let t: TestApp;
  let creator: TestMember;

  beforeAll(async () => {
    t = await startTestApp(backend, { config: { characterFavoriteLimit: LIMIT } });
    creator = await signUpMember(t, 'maker');
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const like = (id: string, headers: Record<string, string>) => call(t, 'PUT', `/characters/${id}/favorite`, headers);
  const unlike = (id: string, headers: Record<string, string>) => call(t, 'DELETE', `/characters/${id}/favorite`, headers);
  const stored = async (userId: string) =>
    (await t.db.query<{ n: number }>('select count(*)::int as n from character_favorites where user_id = $1', [userId])).rows[0]?.n;
  const numFavorites = async (id: string) =>
    (await t.db.query<{ num_favorites: number }>('select num_favorites from characters where id = $1', [id])).rows[0]?.num_favorites;
  const bookmarks = async (userId: string, id: string) =>
    (
      await t.db.query<{ weight: number }>(`select weight from interactions where subject = $1 and character_id = $2 and kind = 'bookmark' order by id`, [
        userId,
        id,
      ])
    ).rows.map((r) => r.weight);

  it('is for members: guests and anonymous callers get 401', async () => {
    const bot = await insertCharacter(t.db, creator);
    for (const headers of [newGuest().headers, {}]) {
      expect((await like(bot.id, headers)).status).toBe(401);
      expect((await unlike(bot.id, headers)).status).toBe(401);
      expect((await call(t, 'GET', '/users/favorites', headers)).status).toBe(401);
    }
  });

  it('likes idempotently, counts num_favorites and records one bookmark; unlike undoes it', async () => {
    const fan = await signUpMember(t, 'fan');
    const bot = await insertCharacter(t.db, creator);
    const first = await like(bot.id, fan.headers);
    expect(first).toEqual({ status: 200, body: { character_id: bot.id, is_favorite: true, num_favorites: 1 } });
    expect((await like(bot.id, fan.headers)).body).toEqual({ character_id: bot.id, is_favorite: true, num_favorites: 1 });
    expect(await numFavorites(bot.id)).toBe(1);
    expect(await bookmarks(fan.user_id, bot.id)).toEqual([1]);
    // The leaderboard's daily activity counts the favourite once.
    const activity = async () =>
      (await t.db.query<{ favorites: number }>('select sum(favorites)::int as favorites from character_daily_activity where character_id = $1', [bot.id])).rows[0]?.favorites;
    expect(await activity()).toBe(1);

    expect((await unlike(bot.id, fan.headers)).body).toEqual({ character_id: bot.id, is_favorite: false, num_favorites: 0 });
    expect((await unlike(bot.id, fan.headers)).body).toEqual({ character_id: bot.id, is_favorite: false, num_favorites: 0 });
    expect(await numFavorites(bot.id)).toBe(0);
    // The removal is a bookmark of weight 0: the latest bookmark wins in the recommender.
    expect(await bookmarks(fan.user_id, bot.id)).toEqual([1, 0]);
    expect(await activity()).toBe(0);
  });

  it(`refuses the like beyond the limit (${LIMIT}) with character_favorite_limit and the limit, writing nothing`, async () => {
    const fan = await signUpMember(t, 'collector');
    const bots = await Promise.all(Array.from({ length: LIMIT + 1 }, () => insertCharacter(t.db, creator)));
    for (const bot of bots.slice(0, LIMIT)) expect((await like(bot.id, fan.headers)).status).toBe(200);
    const extra = bots[LIMIT]!;

    const refused = await like(extra.id, fan.headers);
    expect(refused.status).toBe(ERROR_CATALOGUE.character_favorite_limit.status);
    expect(refused.body).toEqual({
      error: {
        code: 'character_favorite_limit',
        message: formatMessage(ERROR_CATALOGUE.character_favorite_limit.message, { character_favorite_limit: LIMIT }),
        details: { character_favorite_limit: LIMIT },
      },
    });
    expect(refused.body.error.message).toContain(`limit of ${LIMIT} favorite bots`);
    expect(await stored(fan.user_id)).toBe(LIMIT);
    expect(await numFavorites(extra.id)).toBe(0);
    expect(await bookmarks(fan.user_id, extra.id)).toEqual([]);

    // Liking one already liked is still fine at the limit; after an unlike there is room again.
    expect((await like(bots[0]!.id, fan.headers)).status).toBe(200);
    expect((await unlike(bots[0]!.id, fan.headers)).status).toBe(200);
    expect((await like(extra.id, fan.headers)).body).toEqual({ character_id: extra.id, is_favorite: true, num_favorites: 1 });
    expect(await stored(fan.user_id)).toBe(LIMIT);
  });

  it('never lets concurrent likes pass the limit together', async () => {
    const fan = await signUpMember(t, 'racer');
    const bots = await Promise.all(Array.from({ length: LIMIT + 4 }, () => insertCharacter(t.db, creator)));
    const answers = await Promise.all(bots.map((bot) => like(bot.id, fan.headers)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.body.error?.code === 'character_favorite_limit')).toHaveLength(4);
    expect(await stored(fan.user_id)).toBe(LIMIT);
    const counted = await t.db.query<{ n: number }>('select coalesce(sum(num_favorites), 0)::int as n from characters where id = any($1::text[])', [
      bots.map((b) => b.id),
    ]);
    expect(counted.rows[0]?.n).toBe(LIMIT);
  });

  it('only favourites what the member may see, never their own, never a blocked creator’s', async () => {
    const fan = await signUpMember(t, 'picky');
    const secret = await insertCharacter(t.db, creator, { visibility: 'private' });
    const tales = await insertCharacter(t.db, creator, { application_id: 'tales' });
    const unlisted = await insertCharacter(t.db, creator, { visibility: 'hidden' });
    expect((await like(secret.id, fan.headers)).status).toBe(404);
    expect((await like(tales.id, fan.headers)).status).toBe(404);
    expect((await like('no-such-bot', fan.headers)).status).toBe(404);
    expect((await like(unlisted.id, fan.headers)).status).toBe(200);

    const own = await insertCharacter(t.db, fan);
    const refused = await like(own.id, fan.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('own_character');

    const blocked = await signUpMember(t, 'blocked');
    const theirs = await insertCharacter(t.db, blocked);
    await call(t, 'PUT', `/users/blocked-creators/${blocked.user_id}`, fan.headers);
    const blockedLike = await like(theirs.id, fan.headers);
    expect(blockedLike.status).toBe(403);
    expect(blockedLike.body.error.code).toBe('creator_blocked');
  });

  it('lists favourites newest first, 48 a page, without the ones no longer visible', async () => {
    const fan = await signUpMember(t, 'hoarder');
    const bots = [];
    for (let i = 0; i < 51; i += 1) bots.push(await insertCharacter(t.db, creator, { name: `Fav ${i}` }));
    // Written directly: the limit of this app is small, the page size is not.
    const base = Date.now();
    for (const [i, bot] of bots.entries()) {
      await t.db.query('insert into character_favorites (user_id, character_id, created_at) values ($1, $2, $3)', [fan.user_id, bot.id, new Date(base + i * 1000)]);
    }
    await t.db.query(`update characters set visibility = 'private' where id = $1`, [bots[50]!.id]);

    const first = await call(t, 'GET', '/users/favorites', fan.headers);
    expect(first.status).toBe(200);
    const page1 = FavoritesResultSchema.parse(first.body);
    expect(page1).toMatchObject({ found: 50, page: 1, per_page: 48 });
    expect(page1.hits).toHaveLength(48);
    expect(page1.hits[0]?.name).toBe('Fav 49');
    expect(page1.hits[0]).not.toHaveProperty('persona');

    const page2 = FavoritesResultSchema.parse((await call(t, 'GET', '/users/favorites?page=2', fan.headers)).body);
    expect(page2.hits.map((h) => h.name)).toEqual(['Fav 1', 'Fav 0']);
  });

  it('makes settings.likedBots the favourites; PATCH settings ignores likedBots and blockedUsers', async () => {
    const fan = await signUpMember(t, 'settings');
    const [a, b] = [await insertCharacter(t.db, creator), await insertCharacter(t.db, creator)];
    await like(a.id, fan.headers);
    t.clock.advance(1000);
    await like(b.id, fan.headers);
    await call(t, 'PUT', `/users/blocked-creators/${creator.user_id}`, fan.headers);
    const me = await call(t, 'GET', '/v2/users', fan.headers);
    expect(me.body.settings).toMatchObject({ likedBots: [b.id, a.id], blockedUsers: [creator.user_id] });

    const patched = await call(t, 'PATCH', '/v2/users', fan.headers, { settings: { likedBots: ['x'], blockedUsers: [], showNSFW: true } });
    expect(patched.status).toBe(200);
    expect(patched.body.settings).toMatchObject({ likedBots: [b.id, a.id], blockedUsers: [creator.user_id], showNSFW: true });
    const { rows } = await t.db.query<{ settings: Record<string, unknown> }>('select settings from users where id = $1', [fan.user_id]);
    expect(rows[0]?.settings).not.toHaveProperty('likedBots');
    expect(rows[0]?.settings).not.toHaveProperty('blockedUsers');
  });
});
