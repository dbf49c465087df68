import type { AddressInfo } from 'node:net';
import { eventOf, postSse } from '../../testing/sseClient';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import type { CharacterRow } from '../characters/characterRow';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';

/**
 * The cart addition (document 1 §4 "Three user messages in a public chat trigger a cart-addition interaction with
 * amount 3"): recorded by the chat from the saved user messages, once per conversation, for public chatbots only.
 */
describe.each(BOTH_BACKENDS)('cart additions on %s', (backend) => {
  let t: TestApp;
  let base: string;
  let creator: TestMember;
  let reader: TestMember;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    creator = await signUpMember(t, 'cartcreator');
    reader = await signUpMember(t, 'cartreader');
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  /** Sends `n` user messages in one conversation (a new one unless given); answers the conversation's id. */
  const say = async (who: TestMember, bot: CharacterRow, n: number, conversationId = 'new') => {
    let id = conversationId;
    for (let i = 0; i < n; i += 1) {
      const r = await postSse(`${base}/chat`, who.headers, { character_id: bot.id, conversation_id: id, message: `Line ${i + 1}` });
      expect(eventOf(r, 'done')).toBeDefined();
      id = eventOf(r, 'start').conversation_id as string;
    }
    return id;
  };
  const additions = async (bot: CharacterRow) =>
    (
      await t.db.query<{ subject: string; weight: number }>(`select subject, weight from interactions where character_id = $1 and kind = 'cart_addition' order by id`, [
        bot.id,
      ])
    ).rows;
  /** The additions once `n` are there (the chat records one after `done`, off the reply's path), or after 2 s. */
  const additionsWhen = async (bot: CharacterRow, n: number) => {
    const end = Date.now() + 2000;
    let rows = await additions(bot);
    while (rows.length < n && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
      rows = await additions(bot);
    }
    return rows;
  };

  it('records one addition of amount 3 at the third user message of a conversation with a public chatbot', async () => {
    const bot = await insertCharacter(t.db, creator, { name: 'Cart Public' });
    const conversation = await say(reader, bot, 2);
    expect(await additions(bot)).toEqual([]);
    await say(reader, bot, 1, conversation);
    // Amount 3 at a tenth a unit (interactionWeights.ts).
    expect(await additionsWhen(bot, 1)).toEqual([{ subject: reader.user_id, weight: expect.closeTo(0.3) }]);
    await say(reader, bot, 2, conversation);
    expect(await additionsWhen(bot, 2)).toHaveLength(1);
    // Another conversation counts on its own.
    await say(reader, bot, 3);
    expect(await additionsWhen(bot, 2)).toHaveLength(2);
  });

  it('records none for an unlisted chatbot, nor for the chatbot’s own creator', async () => {
    const unlisted = await insertCharacter(t.db, creator, { name: 'Cart Unlisted', visibility: 'hidden' });
    await say(reader, unlisted, 3);
    expect(await additionsWhen(unlisted, 1)).toEqual([]);
    const own = await insertCharacter(t.db, creator, { name: 'Cart Own' });
    await say(creator, own, 3);
    expect(await additionsWhen(own, 1)).toEqual([]);
  });

  it('takes no cart addition from a client: POST /interactions answers 400', async () => {
    const bot = await insertCharacter(t.db, creator, { name: 'Cart Faked' });
    for (let i = 0; i < 3; i += 1) {
      const res = await call(t, 'POST', '/interactions', reader.headers, { kind: 'cart_addition', character_id: bot.id, amount: 3 });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/cart additions are recorded by the chat/);
    }
    expect(await additions(bot)).toEqual([]);
  });
});
