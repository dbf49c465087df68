import { RecommendationsResultSchema, type CharacterSummary } from '@fable/contracts';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import type { CharacterRow } from '../characters/characterRow';
import { insertCharacter, insertCreator, type FixtureCreator } from '../discovery/testing/catalogFixture';
import { call, newGuest, signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';

/**
 * Each scenario tags its characters with its own tag and asks with include_tags=<that tag>, so scenarios sharing
 * one database do not see each other's characters.
 */
describe.each(BACKENDS)('recommender on %s', (backend) => {
  let t: TestApp;
  let creators: FixtureCreator[];

  beforeAll(async () => {
    t = await startTestApp(backend);
    creators = [];
    for (let i = 0; i < 8; i += 1) creators.push(await insertCreator(t.db, { username: `reco_writer_${i}` }));
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  let made = 0;
  /** A character by a rotating creator; popularity through num_messages. */
  const bot = (tags: string[], fields: Partial<CharacterRow> = {}) => {
    made += 1;
    return insertCharacter(t.db, creators[made % creators.length]!, { tags, num_messages: 100, num_messages_24h: 0, ...fields });
  };
  const recommend = async (headers: Record<string, string>, query: string) => {
    const res = await call(t, 'GET', `/recommendations?${query}`, headers);
    expect(res.status).toBe(200);
    return RecommendationsResultSchema.parse(res.body);
  };
  const ids = (hits: CharacterSummary[]) => hits.map((h) => h.id);

  it('ranks what a member likes above what it dislikes, and leaves out what it favourited or rated', async () => {
    const tag = 'ScenLikes';
    const fantasy = await Promise.all(Array.from({ length: 6 }, () => bot([tag, 'Fantasy', 'Elf', 'Female'])));
    // The disliked kind is the more popular one: the member's taste must still win.
    const horror = await Promise.all(Array.from({ length: 6 }, () => bot([tag, 'Horror', 'Vampire', 'Female'], { num_messages: 50_000 })));
    const other = await Promise.all(Array.from({ length: 3 }, () => bot([tag, 'Sci-Fi', 'Robot', 'Male'], { num_messages: 5_000 })));
    const member = await signUpMember(t, 'taste');

    const before = await recommend(member.headers, `include_tags=${tag}&count=20`);
    expect(ids(before.hits).slice(0, 6).sort()).toEqual(ids(horror as never).sort());

    for (const b of fantasy.slice(0, 2)) expect((await call(t, 'PUT', `/characters/${b.id}/favorite`, member.headers)).status).toBe(200);
    expect((await call(t, 'PUT', `/characters/${fantasy[2]!.id}/rating`, member.headers, { rating: 5 })).status).toBe(200);
    for (const b of horror.slice(0, 2)) expect((await call(t, 'POST', `/characters/${b.id}/less-like-this`, member.headers)).status).toBe(200);

    const after = await recommend(member.headers, `include_tags=${tag}&count=20`);
    const order = ids(after.hits);
    const touched = [...fantasy.slice(0, 3), ...horror.slice(0, 2)].map((b) => b.id);
    expect(order.filter((id) => touched.includes(id))).toEqual([]);
    expect(order).toHaveLength(15 - touched.length);
    const liked = fantasy.slice(3).map((b) => b.id);
    const disliked = horror.slice(2).map((b) => b.id);
    expect(order.slice(0, liked.length).sort()).toEqual([...liked].sort());
    const lastLiked = Math.max(...liked.map((id) => order.indexOf(id)));
    expect(Math.min(...disliked.map((id) => order.indexOf(id)))).toBeGreaterThan(lastLiked);
    // Something neutral (Sci-Fi) sits above what the member disliked.
    expect(Math.min(...disliked.map((id) => order.indexOf(id)))).toBeGreaterThan(Math.max(...other.map((b) => order.indexOf(b.id))));
    for (const hit of after.hits) expect(hit.recommId).toBe(after.recommId);
  });

  it('recommends what people who liked the same character also liked (co-occurrence)', async () => {
    const tag = 'ScenCo';
    const a = await bot([tag, 'Mystery', 'Detective']);
    const b = await bot([tag, 'Sci-Fi', 'Robot']);
    const d = await bot([tag, 'Sci-Fi', 'Robot']);
    const noise = await Promise.all(Array.from({ length: 4 }, () => bot([tag, 'Comedy', 'Office'], { num_messages: 20_000 })));
    for (let i = 0; i < 3; i += 1) {
      const fan = await signUpMember(t, `cofan${i}`);
      await call(t, 'PUT', `/characters/${a.id}/favorite`, fan.headers);
      await call(t, 'PUT', `/characters/${b.id}/rating`, fan.headers, { rating: 5 });
    }
    const newcomer = await signUpMember(t, 'newcomer');
    await call(t, 'PUT', `/characters/${a.id}/favorite`, newcomer.headers);

    const recs = ids((await recommend(newcomer.headers, `include_tags=${tag}`)).hits);
    expect(recs[0]).toBe(b.id);
    expect(recs.indexOf(d.id)).toBeGreaterThan(recs.indexOf(b.id));
    expect(recs).not.toContain(a.id);
    expect(recs).toEqual(expect.arrayContaining(noise.map((n) => n.id)));

    // Guests learn from detail views too.
    const guest = newGuest();
    expect((await call(t, 'POST', '/interactions', guest.headers, { kind: 'detail_view', character_id: a.id })).status).toBe(200);
    expect(ids((await recommend(guest.headers, `include_tags=${tag}`)).hits)[0]).toBe(b.id);
  });

  it('starts cold from the interest picker, and from popularity without anything', async () => {
    const tag = 'ScenCold';
    const female = await Promise.all(Array.from({ length: 4 }, () => bot([tag, 'Romance', 'Female'], { num_messages: 90_000 })));
    const male = await Promise.all(Array.from({ length: 4 }, () => bot([tag, 'Romance', 'Male'], { num_messages: 300 })));

    const plain = ids((await recommend(newGuest().headers, `include_tags=${tag}&count=8`)).hits);
    expect(plain.slice(0, 4).sort()).toEqual(ids(female as never).sort());

    const picked = ids((await recommend(newGuest().headers, `include_tags=${tag}&count=8&interests=Male`)).hits);
    expect(picked.slice(0, 4).sort()).toEqual(ids(male as never).sort());
  });

  it('drops blocked creators, excluded tags, other applications, private and NSFW characters (unless allowed)', async () => {
    const tag = 'ScenFilter';
    const writer = await insertCreator(t.db, { username: 'blocked_writer' });
    const blockedOne = await insertCharacter(t.db, writer, { tags: [tag, 'Drama'], num_messages: 1_000_000 });
    const keep = await bot([tag, 'Drama']);
    const excluded = await bot([tag, 'Gore']);
    const nsfw = await bot([tag, 'Drama'], { is_nsfw: true });
    const privateOne = await bot([tag, 'Drama'], { visibility: 'private' });
    const unlisted = await bot([tag, 'Drama'], { visibility: 'hidden' });
    const tales = await bot([tag, 'Drama'], { application_id: 'tales' });
    const review = await bot([tag, 'Drama'], { aicq_manual_review_required: true });

    const member: TestMember = await signUpMember(t, 'filters');
    const own = await insertCharacter(t.db, member, { tags: [tag, 'Drama'] });
    const beforeBlock = ids((await recommend(member.headers, `include_tags=${tag}&exclude_tags=Gore`)).hits);
    expect(beforeBlock.sort()).toEqual([blockedOne.id, keep.id].sort());

    await call(t, 'PUT', `/users/blocked-creators/${writer.user_id}`, member.headers);
    // The block invalidates the member's cached answer at once.
    expect(ids((await recommend(member.headers, `include_tags=${tag}&exclude_tags=Gore`)).hits)).toEqual([keep.id]);

    // NSFW: nsfw=1 alone is not enough, the member's showNSFW setting must be on; guests never.
    expect(ids((await recommend(member.headers, `include_tags=${tag}&exclude_tags=Gore&nsfw=1`)).hits)).toEqual([keep.id]);
    await call(t, 'PATCH', '/v2/users', member.headers, { settings: { showNSFW: true } });
    expect(ids((await recommend(member.headers, `include_tags=${tag}&exclude_tags=Gore&nsfw=1`)).hits).sort()).toEqual([keep.id, nsfw.id].sort());
    expect(ids((await recommend(newGuest().headers, `include_tags=${tag}&nsfw=1`)).hits)).not.toContain(nsfw.id);

    const guestIds = ids((await recommend(newGuest().headers, `include_tags=${tag}`)).hits);
    for (const gone of [privateOne, unlisted, tales, review]) expect(guestIds).not.toContain(gone.id);
    expect(guestIds).toEqual(expect.arrayContaining([excluded.id, own.id]));
    expect(ids((await recommend(newGuest('tales').headers, `include_tags=${tag}`)).hits)).toEqual([tales.id]);
  });

  it('caches an answer for 20 minutes per subject and options, and drops it when the member likes something', async () => {
    const tag = 'ScenCache';
    const first = await bot([tag, 'Comedy'], { num_messages: 9_000 });
    await bot([tag, 'Comedy']);
    const member = await signUpMember(t, 'cached');
    const one = await recommend(member.headers, `include_tags=${tag}`);
    const again = await recommend(member.headers, `include_tags=${tag}`);
    expect(again.recommId).toBe(one.recommId);
    expect((await recommend(member.headers, `include_tags=${tag}&count=5`)).recommId).not.toBe(one.recommId);

    // A character added meanwhile is not seen until the answer is dropped.
    const later = await bot([tag, 'Comedy'], { num_messages: 1_000_000 });
    expect(ids((await recommend(member.headers, `include_tags=${tag}`)).hits)).not.toContain(later.id);
    await call(t, 'PUT', `/characters/${first.id}/favorite`, member.headers);
    const fresh = await recommend(member.headers, `include_tags=${tag}`);
    expect(fresh.recommId).not.toBe(one.recommId);
    expect(ids(fresh.hits)).toContain(later.id);
    expect(ids(fresh.hits)).not.toContain(first.id);
  });

  it('records detail views for guests and members (cart additions come from the chat: cartAdditions.test.ts); 404 for what the caller cannot open; 401 anonymous', async () => {
    const target = await bot(['ScenEvents']);
    const guest = newGuest();
    const member = await signUpMember(t, 'events');
    expect(await call(t, 'POST', '/interactions', guest.headers, { kind: 'detail_view', character_id: target.id, recommId: 'r-1' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    await call(t, 'POST', '/interactions', member.headers, { kind: 'detail_view', character_id: target.id });
    const { rows } = await t.db.query<{ subject: string; kind: string; weight: number; recomm_id: string | null }>(
      'select subject, kind, weight, recomm_id from interactions where character_id = $1 order by id',
      [target.id],
    );
    expect(rows).toEqual([
      { subject: guest.subject, kind: 'detail_view', weight: expect.closeTo(0.1), recomm_id: 'r-1' },
      { subject: member.user_id, kind: 'detail_view', weight: expect.closeTo(0.1), recomm_id: null },
    ]);
    const prefs = await t.db.query<{ subject: string; events: number; preference: number }>(
      'select subject, events, preference from recommender_preferences where character_id = $1 order by subject',
      [target.id],
    );
    expect(prefs.rows).toHaveLength(2);

    const secret = await bot(['ScenEvents'], { visibility: 'private' });
    expect((await call(t, 'POST', '/interactions', guest.headers, { kind: 'detail_view', character_id: secret.id })).status).toBe(404);
    expect((await call(t, 'POST', '/interactions', {}, { kind: 'detail_view', character_id: target.id })).status).toBe(401);
    expect((await call(t, 'GET', '/recommendations', {})).status).toBe(401);
  });
});
