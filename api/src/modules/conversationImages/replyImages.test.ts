import type { AddressInfo } from 'node:net';
import { CONVERSATION_IMAGE_MESSAGES, type ChatMessage } from '@fable/contracts';
import { startFakeOpenAiEngine, type FakeOpenAiEngine } from '../../testing/fakeOpenAiEngine';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { startTestApp, type TestApp } from '../../testing/testApp';
import type { CharacterRow } from '../characters/characterRow';
import { eventOf, postSse } from '../../testing/sseClient';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, newGuest, signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';

/**
 * POST chat with image_prompt (document 1 §7): the reply comes with a picture drawn from the prompt, for the members
 * the image button's rule allows; others are refused before anything is written; a picture that cannot be drawn
 * leaves the reply, saved, and says why in `errorMessage`.
 */
describe.each(BOTH_BACKENDS)('a chat reply with a picture on %s', (backend) => {
  let t: TestApp;
  let engine: FakeOpenAiEngine;
  let base: string;
  let bot: CharacterRow;

  beforeAll(async () => {
    engine = await startFakeOpenAiEngine();
    t = await startTestApp(backend, {
      config: { inferenceModels: [{ id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, model: 'fake-model', hide_unauthorized: false }] },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    const creator = await signUpMember(t, 'replycreator');
    bot = await insertCharacter(t.db, creator, { name: 'Juno', greeting: 'The market is busy today.' });
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });

  const member = async (name: string, tier: 'free' | 'basic') => {
    const m = await signUpMember(t, name);
    if (tier !== 'free') await t.db.query('update users set tier = $2 where id = $1', [m.user_id, tier]);
    return m;
  };
  const turn = (headers: Record<string, string>, body: Record<string, unknown>) =>
    postSse(`${base}/chat`, headers, { character_id: bot.id, conversation_id: 'new', message: 'Show me the stalls.', ...body });
  const conversationsOf = async (m: TestMember) =>
    (await t.db.query('select id from conversations where user_id = $1', [m.user_id])).rows.length;

  it('draws the picture of a True Supporter’s reply: the saved reply carries it, and the listing too', async () => {
    const m = await member('replysupporter', 'basic');
    const r = await turn(m.headers, { image_prompt: 'a busy market stall with lanterns' });
    const done = eventOf(r, 'done') as { message: ChatMessage; conversation_id: string; errorMessage?: string };
    expect(done.errorMessage).toBeUndefined();
    expect(done.message.content).toContain('You said');
    expect(done.message).toMatchObject({ role: 'assistant', image_prompt: 'a busy market stall with lanterns', image_is_nsfw: false });
    expect(done.message.image_url).toMatch(/^\/api\/images\/[0-9a-f]{32}\/500x600\.webp$/);
    const listed = (await call<{ messages: ChatMessage[] }>(t, 'GET', `/conversations/${done.conversation_id}/messages`, m.headers)).body.messages;
    expect(listed.at(-1)).toMatchObject({ id: done.message.id, image_url: done.message.image_url, content: done.message.content });
    expect((await t.app.inject({ method: 'GET', url: done.message.image_url! })).statusCode).toBe(200);
  });

  it('refuses guests and members without conversation images before anything is written', async () => {
    const guest = await turn(newGuest().headers, { image_prompt: 'a lantern' });
    expect(guest.status).toBe(403);
    expect(guest.json.error).toMatchObject({ code: 'conversation_images_sign_up', message: CONVERSATION_IMAGE_MESSAGES.signUp });
    const free = await member('replyfree', 'free');
    const refused = await turn(free.headers, { image_prompt: 'a lantern' });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: 'conversation_images_upgrade' });
    expect(await conversationsOf(free)).toBe(0);
    const supporter = await member('replybad', 'basic');
    expect((await turn(supporter.headers, { image_prompt: 'x'.repeat(1001) })).status).toBe(400);
    expect((await turn(supporter.headers, { image_prompt: 'a lantern', autopilot: true, message: undefined })).status).toBe(400);
    expect((await turn(supporter.headers, { image_prompt: 'a lantern', alt_message_id: 'some-alternate' })).json.error.message).toBe('image_prompt goes with a reply, not with alt_message_id');
    expect(await conversationsOf(supporter)).toBe(0);
  });

  it('keeps the reply when the picture cannot be drawn, and says why', async () => {
    const m = await member('replynsfw', 'basic');
    const r = await turn(m.headers, { image_prompt: 'explicit nude sex scene' });
    const done = eventOf(r, 'done') as { message: ChatMessage; conversation_id: string; errorMessage?: string };
    expect(done.errorMessage).toBe(CONVERSATION_IMAGE_MESSAGES.nsfwOff);
    expect(done.message.image_url).toBeUndefined();
    const listed = (await call<{ messages: ChatMessage[] }>(t, 'GET', `/conversations/${done.conversation_id}/messages`, m.headers)).body.messages;
    expect(listed.at(-1)).toMatchObject({ id: done.message.id, content: done.message.content });
    expect(listed.at(-1)!.image_url).toBeUndefined();
  });
});
