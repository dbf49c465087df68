import { ChatAdSchema } from '@fable/contracts';
import type { TestApp } from '../../testing/testApp';
import { startTestApp } from '../../testing/testApp';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { call, guestHeaders, signUpMember, type Member } from '../moderation/testing/chatbotTestKit';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { HOUSE_ADS, pickHouseAd } from './houseAds';

describe('house ads', () => {
  it('picks the ad whose words the conversation uses most, and takes turns when none fits', () => {
    expect(pickHouseAd(['Will you sing me a song?', 'She laughs and starts to sing.'], 1).code).toBe('VOICE');
    expect(pickHouseAd(['Do you remember my name?', 'I could never forget it.'], 7).code).toBe('MEMORY');
    const turns = new Set([0, 1, 2, 3].map((turn) => pickHouseAd(['Zzz', 'Qqq'], turn).id));
    expect(turns.size).toBe(HOUSE_ADS.length);
  });
});

describe.each(BOTH_BACKENDS)('ads in chat on %s', (backend) => {
  let t: TestApp;
  let free: Member;
  let paid: Member;
  let characterId: string;
  beforeAll(async () => {
    t = await startTestApp(backend, { config: { adsMinMessages: 10 } });
    free = await signUpMember(t, 'freeads');
    paid = await signUpMember(t, 'paidads');
    await t.db.query(`update users set tier = 'basic' where id = $1`, [paid.id]);
    characterId = (await insertCharacter(t.db, { user_id: free.id, username: free.username }, { name: 'Ad Host' })).id;
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  /** A conversation of `count` messages, the last ones talking about singing; the ids of its messages, oldest first. */
  const conversation = async (who: Member, count: number) => {
    const { rows } = await t.db.query<{ id: string }>(
      'insert into conversations (user_id, character_id, created_at, updated_at) values ($1, $2, now(), now()) returning id',
      [who.id, characterId],
    );
    const id = rows[0]!.id;
    const messages: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const content = i < count - 3 ? `Line ${i}` : 'Sing me a song, and I will listen to your voice.';
      const res = await t.db.query<{ id: string }>(
        'insert into messages (conversation_id, role, content, created_at, updated_at) values ($1, $2, $3, now(), now()) returning id',
        [id, i % 2 ? 'user' : 'assistant', content],
      );
      messages.push(res.rows[0]!.id);
    }
    return { id, messages };
  };
  const adFor = (who: Member, conversationId: string, slot = 1) => call(t, 'GET', `/ads/chat?conversation_id=${conversationId}&slot=${slot}`, who.headers);

  it('shows a free member an ad after the latest message once there are more than 10, fitting what they talk about', async () => {
    const ten = await conversation(free, 10);
    expect((await adFor(free, ten.id)).body).toEqual({ ad: null, min_messages: 10 });
    const eleven = await conversation(free, 11);
    const res = await adFor(free, eleven.id);
    expect(res.status).toBe(200);
    expect(ChatAdSchema.parse(res.body.ad)).toMatchObject({ code: 'VOICE', message_id: eleven.messages.at(-1), cta: { to: '/subscribe' } });
  });

  it('never shows ads to a paying member, and only the member’s own conversations', async () => {
    const theirs = await conversation(paid, 15);
    expect((await adFor(paid, theirs.id)).body).toEqual({ ad: null, min_messages: 10 });
    expect((await adFor(free, theirs.id)).status).toBe(404);
    expect((await call(t, 'GET', `/ads/chat?conversation_id=${theirs.id}&slot=1`)).status).toBe(401);
    expect((await call(t, 'GET', '/ads/chat?conversation_id=nope&slot=1', free.headers)).status).toBe(400);
  });

  it('keeps a view and a click once each, for an ad of the member’s own conversation', async () => {
    const c = await conversation(free, 12);
    const ad = ChatAdSchema.parse((await adFor(free, c.id)).body.ad);
    const event = (event_name: string, over: object = {}, who = free) =>
      call(t, 'POST', '/event', who.headers, {
        event_name,
        character_id: characterId,
        conversation_id: c.id,
        ad_id: ad.ad_id,
        code: ad.code,
        message_id: ad.message_id,
        content: ad.content,
        ...over,
      });
    expect((await event('ads_megabrain_view')).body).toEqual({ counted: true });
    expect((await event('ads_megabrain_view')).body).toEqual({ counted: false });
    expect((await event('ads_megabrain_click')).body).toEqual({ counted: true });
    // A paying member is shown no ads, so has none to count.
    expect((await event('ads_megabrain_view', {}, paid)).body.error.code).toBe('ads_not_shown');
    // POST /event takes guests' analytics events, but guests are shown no ads.
    expect((await event('ads_megabrain_view', {}, { ...free, headers: guestHeaders() })).status).toBe(401);
    expect((await event('ads_megabrain_view', { ad_id: 'house-unknown' })).status).toBe(404);
    expect((await event('ads_megabrain_view', { message_id: 'not-a-message' })).status).toBe(404);
    const wrongName = await event('characterRating');
    expect(wrongName.status).toBe(400);
    expect(wrongName.body.error.message).toMatch(/event_name is one of .*ads_megabrain_view, ads_megabrain_click/);
    // The ad's own words are kept, whatever the page sent.
    expect((await event('ads_megabrain_click', { content: 'Something else entirely' })).body).toEqual({ counted: false });
    const { rows } = await t.db.query<{ event_name: string; content: string }>('select event_name, content from ad_events where conversation_id = $1 order by event_name', [c.id]);
    expect(rows).toEqual([
      { event_name: 'ads_megabrain_click', content: ad.content },
      { event_name: 'ads_megabrain_view', content: ad.content },
    ]);
  });
});
