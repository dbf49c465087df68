import { RECOMMENDER_RATING_WEIGHTS } from '@fable/contracts';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, newGuest, signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';
import { ratingValue } from './ratingRepository';

describe('ratingValue', () => {
  it('maps dislike, like and love onto 0, ½ and 1', () => {
    expect([ratingValue(1), ratingValue(3), ratingValue(5)]).toEqual([0, 0.5, 1]);
  });
});

describe.each(BACKENDS)('chatbot ratings and less-like-this on %s', (backend) => {
  let t: TestApp;
  let creator: TestMember;
  let bob: TestMember;
  let carol: TestMember;

  beforeAll(async () => {
    t = await startTestApp(backend);
    creator = await signUpMember(t, 'author');
    bob = await signUpMember(t, 'bob');
    carol = await signUpMember(t, 'carol');
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const rate = (id: string, headers: Record<string, string>, rating: number) => call(t, 'PUT', `/characters/${id}/rating`, headers, { rating });
  const aggregate = async (id: string) =>
    (await t.db.query<{ rating_score: number | null; rating_count: number }>('select rating_score, rating_count from characters where id = $1', [id])).rows[0];
  const ratingWeights = async (subject: string, id: string) =>
    (
      await t.db.query<{ weight: number }>(`select weight from interactions where subject = $1 and character_id = $2 and kind = 'rating' order by id`, [
        subject,
        id,
      ])
    ).rows.map((r) => r.weight);

  it('is for members: guests get 401', async () => {
    const bot = await insertCharacter(t.db, creator);
    const guest = newGuest().headers;
    expect((await rate(bot.id, guest, 5)).status).toBe(401);
    expect((await call(t, 'POST', `/characters/${bot.id}/less-like-this`, guest)).status).toBe(401);
  });

  it('keeps one rating per member and rating_score as the mean of (rating − 1) / 4', async () => {
    const bot = await insertCharacter(t.db, creator);
    expect(await rate(bot.id, bob.headers, 5)).toEqual({ status: 200, body: { character_id: bot.id, rating: 5, rating_score: 1 } });
    expect((await rate(bot.id, carol.headers, 1)).body.rating_score).toBeCloseTo(0.5);
    expect(await aggregate(bot.id)).toMatchObject({ rating_count: 2 });
    // Bob changes his mind: his love becomes a like; the count stays.
    expect((await rate(bot.id, bob.headers, 3)).body.rating_score).toBeCloseTo(0.25);
    expect((await rate(bot.id, bob.headers, 3)).body.rating_score).toBeCloseTo(0.25);
    const after = await aggregate(bot.id);
    expect(after?.rating_count).toBe(2);
    expect(after?.rating_score).toBeCloseTo(0.25);
    const { rows } = await t.db.query('select rating from character_ratings where character_id = $1 order by rating', [bot.id]);
    expect(rows).toEqual([{ rating: 1 }, { rating: 3 }]);
    // The recommender's weights: love 1, then like 0.5 (the unchanged repeat records nothing); dislike −1.
    expect(await ratingWeights(bob.user_id, bot.id)).toEqual([RECOMMENDER_RATING_WEIGHTS.love, RECOMMENDER_RATING_WEIGHTS.like]);
    expect(await ratingWeights(carol.user_id, bot.id)).toEqual([RECOMMENDER_RATING_WEIGHTS.dislike]);
  });

  it('adds to the aggregate of a character rated before (seeded score and count)', async () => {
    const bot = await insertCharacter(t.db, creator, { rating_score: 0.75, rating_count: 4 });
    expect((await rate(bot.id, bob.headers, 1)).body.rating_score).toBeCloseTo(0.6);
    expect(await aggregate(bot.id)).toMatchObject({ rating_count: 5 });
  });

  it('adds concurrent ratings up', async () => {
    const bot = await insertCharacter(t.db, creator);
    const raters = await Promise.all(Array.from({ length: 6 }, (_, i) => signUpMember(t, `rater${i}`)));
    const answers = await Promise.all(raters.map((r, i) => rate(bot.id, r.headers, i % 2 === 0 ? 5 : 1)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const after = await aggregate(bot.id);
    expect(after?.rating_count).toBe(6);
    expect(after?.rating_score).toBeCloseTo(0.5);
  });

  it('records less-like-this as a dislike rating', async () => {
    const bot = await insertCharacter(t.db, creator);
    expect(await call(t, 'POST', `/characters/${bot.id}/less-like-this`, bob.headers)).toEqual({ status: 200, body: { ok: true } });
    expect((await t.db.query('select rating from character_ratings where user_id = $1 and character_id = $2', [bob.user_id, bot.id])).rows).toEqual([
      { rating: 1 },
    ]);
    expect(await ratingWeights(bob.user_id, bot.id)).toEqual([-1]);
    expect(await aggregate(bot.id)).toMatchObject({ rating_score: 0, rating_count: 1 });
    expect((await call(t, 'GET', `/characters/${bot.id}`, bob.headers)).body.viewer.rating).toBe(1);
  });

  it('refuses the creator’s own chatbot (403 own_character), invisible ones (404) and bad ratings (400)', async () => {
    const own = await insertCharacter(t.db, bob);
    const refused = await rate(own.id, bob.headers, 5);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('own_character');
    expect((await call(t, 'POST', `/characters/${own.id}/less-like-this`, bob.headers)).status).toBe(403);
    expect(await aggregate(own.id)).toMatchObject({ rating_score: null, rating_count: 0 });

    const secret = await insertCharacter(t.db, creator, { visibility: 'private' });
    expect((await rate(secret.id, bob.headers, 5)).status).toBe(404);
    expect((await call(t, 'POST', `/characters/${secret.id}/less-like-this`, bob.headers)).status).toBe(404);
    const bot = await insertCharacter(t.db, creator);
    expect((await rate(bot.id, bob.headers, 4)).status).toBe(400);
  });
});
