import { CONVERSATION_IMAGE_MESSAGES, EXPLICIT_CONTENT_MESSAGE, UNDERAGE_CONTENT_MESSAGE, type ChatMessage } from '@fable/contracts';
import sharp from 'sharp';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { startTestApp, type TestApp } from '../../testing/testApp';
import type { CharacterRow } from '../characters/characterRow';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, newGuest, signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';

/**
 * Conversation images and image training through the API (issue 26): who may draw per tier and per chatbot, the
 * picture stored and listed as the bot's message, drawn again from an edited prompt, the NSFW rules, legacy mode and
 * the trained model, and training's limits (4 a day, also when four arrive at once; one pending per chatbot).
 */
describe.each(BOTH_BACKENDS)('conversation images on %s', (backend) => {
  let t: TestApp;
  let creator: TestMember;
  let bot: CharacterRow;

  beforeAll(async () => {
    t = await startTestApp(backend, { config: { backgroundJobsIntervalMs: 50 } });
    creator = await signUpMember(t, 'imgcreator');
    bot = await insertCharacter(t.db, creator, { name: 'Sera', title: 'Lighthouse keeper', greeting: 'The lamp is lit. Come in out of the storm.' });
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => t?.close());

  const member = async (name: string, tier: 'free' | 'minimal' | 'basic' | 'premium') => {
    const m = await signUpMember(t, name);
    if (tier !== 'free') await t.db.query('update users set tier = $2 where id = $1', [m.user_id, tier]);
    return m;
  };
  /** A conversation of the member's with the character's greeting as its first message. */
  const conversation = async (m: TestMember, character = bot) => {
    const { rows } = await t.db.query<{ id: string }>(
      'insert into conversations (user_id, character_id, created_at, updated_at) values ($1, $2, now(), now()) returning id',
      [m.user_id, character.id],
    );
    const id = rows[0]!.id;
    const { rows: greeting } = await t.db.query<{ id: string }>(
      `insert into messages (conversation_id, role, content, created_at, updated_at) values ($1, 'assistant', $2, now(), now()) returning id`,
      [id, character.greeting],
    );
    await t.db.query('update conversations set last_message_id = $2, message_count = 1 where id = $1', [id, greeting[0]!.id]);
    return id;
  };
  const draw = (headers: Record<string, string>, body: Record<string, unknown>) => call<ChatMessage & { error?: { code: string; message: string } }>(t, 'POST', '/conversation-image', headers, body);
  const train = (m: TestMember, characterId: string) => call<{ count: number; error?: { code: string; message: string } }>(t, 'POST', '/characters/train', m.headers, { character_id: characterId });
  const messagesOf = async (m: TestMember, conversationId: string) =>
    (await call<{ messages: ChatMessage[] }>(t, 'GET', `/conversations/${conversationId}/messages`, m.headers)).body.messages;
  const loraStatus = async (characterId: string) =>
    (await t.db.query<{ lora_status: string }>('select lora_status from characters where id = $1', [characterId])).rows[0]!.lora_status;
  async function until(condition: () => Promise<boolean>): Promise<void> {
    const end = Date.now() + 10_000;
    while (Date.now() < end && !(await condition())) await new Promise((r) => setTimeout(r, 25));
    expect(await condition()).toBe(true);
  }

  it('draws for a True Supporter as the bot’s next message, stored, served and listed; drawn again from an edited prompt', async () => {
    const m = await member('supporter', 'basic');
    const conversationId = await conversation(m);
    const first = await draw(m.headers, { conversation_id: conversationId, character_id: bot.id, image_prompt: 'a lighthouse in a storm at night' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ role: 'assistant', content: '', image_prompt: 'a lighthouse in a storm at night', image_is_nsfw: false, conversation_id: conversationId });
    expect(first.body.image_url).toMatch(/^\/api\/images\/[0-9a-f]{32}\/500x600\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: first.body.image_url! });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 500, height: 600 });

    const listed = await messagesOf(m, conversationId);
    expect(listed.map((x) => x.content)).toEqual([bot.greeting, '']);
    expect(listed[1]).toMatchObject({ id: first.body.id, prev_id: listed[0]!.id, image_url: first.body.image_url, image_prompt: 'a lighthouse in a storm at night' });
    const { rows: summary } = await t.db.query('select message_count, last_message_id from conversations where id = $1', [conversationId]);
    expect(summary).toEqual([{ message_count: 2, last_message_id: first.body.id }]);

    // Edit image prompt → Generate: the same message, a new picture and prompt, with the settings sent.
    const again = await draw(m.headers, {
      conversation_id: conversationId, character_id: bot.id, message_id: first.body.id, image_prompt: 'the lighthouse at dawn, calm sea',
      model_style: 'anime', lora_scale: 0.5, user_prompt_suffix: 'watercolour', user_negative_prompt: 'text',
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, image_prompt: 'the lighthouse at dawn, calm sea' });
    expect(again.body.image_url).not.toBe(first.body.image_url);
    expect((await messagesOf(m, conversationId)).at(-1)).toMatchObject({ id: first.body.id, image_url: again.body.image_url, image_prompt: 'the lighthouse at dawn, calm sea' });
    const hash = again.body.image_url!.split('/')[3]!;
    const { rows: stored } = await t.db.query('select prompt, negative_prompt, model_style, generator from images where hash = $1', [hash]);
    expect(stored).toEqual([{ prompt: 'the lighthouse at dawn, calm sea, watercolour', negative_prompt: 'text', model_style: 'anime', generator: 'demo' }]);

    // Without a prompt: the chatbot and what it said last.
    const derived = await draw(m.headers, { conversation_id: conversationId, character_id: bot.id });
    expect(derived.status).toBe(200);
    expect(derived.body.image_prompt).toBe(`Sera, Lighthouse keeper, ${bot.greeting}`);
    expect((await messagesOf(m, conversationId)).map((x) => x.id)).toEqual([listed[0]!.id, first.body.id, derived.body.id]);

    // A text message is no image message; someone else's conversation is not found; two at once are both kept, in line.
    expect((await draw(m.headers, { conversation_id: conversationId, character_id: bot.id, message_id: listed[0]!.id, image_prompt: 'x' })).body.error!.code).toBe('not_an_image_message');
    const stranger = await member('stranger', 'premium');
    expect((await draw(stranger.headers, { conversation_id: conversationId, character_id: bot.id, image_prompt: 'x' })).status).toBe(404);
    expect((await draw(m.headers, { conversation_id: conversationId, character_id: 'another-character', image_prompt: 'x' })).status).toBe(404);
    const both = await Promise.all([1, 2].map((i) => draw(m.headers, { conversation_id: conversationId, character_id: bot.id, image_prompt: `gulls, take ${i}` })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const chain = await messagesOf(m, conversationId);
    expect(chain).toHaveLength(5);
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.prev_id).toBe(chain[i - 1]!.id);
  });

  it('answers each tier with the image button’s rule: sign up, upgrade, I’m All In for private bots and V2 styles', async () => {
    const body = (conversationId: string, character = bot, extra: Record<string, unknown> = {}) => ({ conversation_id: conversationId, character_id: character.id, image_prompt: 'a red umbrella', ...extra });
    const guest = await draw(newGuest().headers, body('00000000-0000-0000-0000-000000000000'));
    expect(guest.status).toBe(403);
    expect(guest.body.error).toMatchObject({ code: 'conversation_images_sign_up', message: CONVERSATION_IMAGE_MESSAGES.signUp });
    for (const tier of ['free', 'minimal'] as const) {
      const m = await member(`tier${tier}`, tier);
      const r = await draw(m.headers, body(await conversation(m)));
      expect(r.status).toBe(403);
      expect(r.body.error).toMatchObject({ code: 'conversation_images_upgrade', message: CONVERSATION_IMAGE_MESSAGES.needsConversationImages });
    }
    const basic = await member('tierbasic', 'basic');
    const premium = await member('tierpremium', 'premium');
    const ownPrivate = await insertCharacter(t.db, basic, { name: 'Own', visibility: 'private', greeting: 'Hi.' });
    const premiumPrivate = await insertCharacter(t.db, premium, { name: 'Mine', visibility: 'private', greeting: 'Hi.' });
    const onPrivate = await draw(basic.headers, body(await conversation(basic, ownPrivate), ownPrivate));
    expect(onPrivate.status).toBe(403);
    expect(onPrivate.body.error).toMatchObject({ code: 'conversation_images_private_bots', message: CONVERSATION_IMAGE_MESSAGES.needsPrivateBots });
    expect((await draw(premium.headers, body(await conversation(premium, premiumPrivate), premiumPrivate))).status).toBe(200);
    // Someone else's private chatbot is not theirs to open.
    expect((await draw(premium.headers, body(await conversation(premium, ownPrivate), ownPrivate))).status).toBe(403);
    const v2 = await draw(basic.headers, body(await conversation(basic), bot, { model_style: 'anime_v2' }));
    expect(v2.body.error).toMatchObject({ code: 'conversation_images_v2', message: CONVERSATION_IMAGE_MESSAGES.needsV2 });
    expect((await draw(premium.headers, body(await conversation(premium), bot, { model_style: 'semi-realistic_v2' }))).status).toBe(200);
    // Legacy mode needs a trained model: I'm All In is offered training, True Supporter the top tier.
    for (const who of [basic, premium]) {
      const legacy = await draw(who.headers, body(await conversation(who), bot, { legacy_mode: true }));
      expect(legacy.status).toBe(409);
      expect(legacy.body.error).toMatchObject({ code: 'conversation_images_needs_training', details: { action: who === basic ? 'top_tier_prompt' : 'training' } });
    }
    // Training is I'm All In's; a guest is not a member.
    for (const who of [await member('trainfree', 'free'), basic]) {
      expect((await train(who, bot.id)).body.error).toMatchObject({ code: 'image_training_not_allowed', message: CONVERSATION_IMAGE_MESSAGES.trainingNotAllowed });
    }
    expect((await call(t, 'POST', '/characters/train', newGuest().headers, { character_id: bot.id })).status).toBe(401);
  });

  it('keeps the spec’s content rules: 6801 always, an adult prompt only in NSFW mode (then marked), bad input 400', async () => {
    const m = await member('nsfw', 'basic');
    const conversationId = await conversation(m);
    const body = (extra: Record<string, unknown>) => ({ conversation_id: conversationId, character_id: bot.id, ...extra });
    const off = await draw(m.headers, body({ image_prompt: 'explicit nude sex scene' }));
    expect(off.status).toBe(422);
    expect(off.body.error).toMatchObject({ code: 'image_nsfw_mode_off', message: CONVERSATION_IMAGE_MESSAGES.nsfwOff });
    const on = await draw(m.headers, body({ image_prompt: 'explicit nude sex scene', nsfw_mode: true }));
    expect(on.status).toBe(200);
    expect(on.body.image_is_nsfw).toBe(true);
    const underage = await draw(m.headers, body({ image_prompt: 'a nude 15 year old girl', nsfw_mode: true }));
    expect(underage.status).toBe(422);
    expect(underage.body.error).toMatchObject({ code: '6801', message: UNDERAGE_CONTENT_MESSAGE });
    expect(EXPLICIT_CONTENT_MESSAGE).toContain('Explicit Content Detected');
    for (const bad of [{ lora_scale: 1.5 }, { model_style: 'oil' }, { user_negative_prompt: 'x'.repeat(301) }, { user_prompt_suffix: 'x'.repeat(301) }, { image_prompt: 'x'.repeat(1001) }]) {
      expect((await draw(m.headers, body({ image_prompt: 'fine', ...bad }))).status).toBe(400);
    }
    expect((await messagesOf(m, conversationId)).length).toBe(2);
  });

  it('trains a chatbot in the background (pending, then ready), after which legacy mode draws with its model; one pending per chatbot', async () => {
    const premium = await member('trainer', 'premium');
    const other = await member('trainer2', 'premium');
    const target = await insertCharacter(t.db, creator, { name: 'Wren', greeting: 'Hello.' });
    // Two members at once on one chatbot: one request.
    const [a, b] = await Promise.all([train(premium, target.id), train(other, target.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).body.error).toMatchObject({ code: 'image_training_pending', message: CONVERSATION_IMAGE_MESSAGES.trainingPending });
    expect((a.status === 200 ? a : b).body.count).toBeGreaterThanOrEqual(1);
    await until(async () => (await loraStatus(target.id)) === 'ready');
    expect((await train(premium, target.id)).body.error).toMatchObject({ code: 'image_training_ready' });
    const { rows } = await t.db.query<{ lora_name: string }>('select lora_name from characters where id = $1', [target.id]);
    expect(rows[0]!.lora_name).toMatch(/^demo-/);
    const legacy = await draw(premium.headers, { conversation_id: await conversation(premium, target), character_id: target.id, image_prompt: 'a wren on a branch', legacy_mode: true });
    expect(legacy.status).toBe(200);
    // The character now reads ready: the image button generates.
    expect((await call<{ lora_status: string }>(t, 'GET', `/characters/${target.id}`, premium.headers)).body).toMatchObject({ lora_status: 'ready' });
  });

  it('allows at most 4 training requests a day, also when four arrive at once for the last one', async () => {
    const m = await member('busytrainer', 'premium');
    const bots = await Promise.all([...'abcdefg'].map((c) => insertCharacter(t.db, creator, { name: `Bot ${c}`, greeting: 'Hi.' })));
    for (const b of bots.slice(0, 3)) expect((await train(m, b.id)).status).toBe(200);
    const atOnce = await Promise.all(bots.slice(3).map((b) => train(m, b.id)));
    expect(atOnce.map((r) => r.status).sort()).toEqual([200, 429, 429, 429]);
    for (const r of atOnce.filter((x) => x.status === 429)) expect(r.body.error).toMatchObject({ code: 'image_training_limit', message: CONVERSATION_IMAGE_MESSAGES.trainingLimit });
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from image_training_requests where user_id = $1', [m.user_id]);
    expect(rows[0]!.n).toBe(4);
    const refused = bots.slice(3).filter((_, i) => atOnce[i]!.status === 429);
    for (const b of refused) expect(await loraStatus(b.id)).toBe('none');
    // A day later the count starts again (the requests are moved a day back: the member's token would not last a day).
    await t.db.query(`update image_training_requests set created_at = created_at - interval '1 day 1 second' where user_id = $1`, [m.user_id]);
    expect((await train(m, refused[0]!.id)).status).toBe(200);
  });
});
