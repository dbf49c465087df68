import { LorebookDetailSchema, OwnCharacterSchema, type CharacterCardImport } from '@fable/contracts';
import { BACKENDS } from '../../testing/testDatabases';
import type { TestApp } from '../../testing/testApp';
import { CardExtrasSchema, type CardExtras } from '../cards';
import { cardFixture, describeWithCardFixtures, SERAPHINA } from '../cards/testing/cardFixtures';
import { v2CardPng } from '../cards/testing/generatedCardFiles';
import { call, chatbotForm, createChatbot, guestHeaders, signUpMember, uniqueWord, type Member } from '../moderation/testing/chatbotTestKit';
import { cardExtrasWithLorebooks } from './characterBook';
import { countRows, createLorebook, lorebookTestApp } from './testing/lorebookTestKit';

const NOT_OWNER = { code: 'not_owner', message: 'You are not allowed to access this page' };
const LIMIT = {
  code: 'chatbot_lorebook_limit',
  message: 'A chatbot can use at most 5 lorebooks. Remove one before adding another.',
  details: { limit: 5 },
};

describe.each(BACKENDS)('lorebooks on chatbots on %s', (backend) => {
  const kit = lorebookTestApp(backend);
  let t: TestApp;
  let owner: Member;
  let other: Member;
  let admin: Member;
  beforeAll(() => ({ t, owner, other, admin } = kit));

  const attach = (member: Member, characterId: string, lorebookId: string) => call(t, 'PUT', `/characters/${characterId}/lorebooks/${lorebookId}`, member.headers);
  const detach = (member: Member, characterId: string, lorebookId: string) => call(t, 'DELETE', `/characters/${characterId}/lorebooks/${lorebookId}`, member.headers);
  const profileLorebooks = async (characterId: string) => (await call(t, 'GET', `/characters/${characterId}`, guestHeaders())).body.lorebooks;

  describe('attach and detach', () => {
    it('attaches the creator’s lorebook to their chatbot, idempotently; the profile lists it; detach is idempotent too', async () => {
      const bot = await createChatbot(t, owner, uniqueWord());
      const book = await createLorebook(t, owner, 'Attached Lore');
      expect(await attach(owner, bot.id, book.id)).toEqual({ status: 200, body: { ok: true } });
      expect(await attach(owner, bot.id, book.id)).toEqual({ status: 200, body: { ok: true } });
      expect(await profileLorebooks(bot.id)).toEqual([{ id: book.id, name: 'Attached Lore' }]);
      expect((await call(t, 'GET', `/users/characters/${bot.id}`, owner.headers)).body.lorebooks).toEqual([{ id: book.id, name: 'Attached Lore' }]);
      expect(await detach(owner, bot.id, book.id)).toEqual({ status: 200, body: { ok: true } });
      expect(await detach(owner, bot.id, book.id)).toEqual({ status: 200, body: { ok: true } });
      expect(await profileLorebooks(bot.id)).toEqual([]);
    });

    it('attaches own lorebooks to own chatbots only: someone else’s lorebook or chatbot answers 403 not_owner, admins included', async () => {
      const mine = await createChatbot(t, owner, uniqueWord());
      const theirs = await createChatbot(t, other, uniqueWord());
      const myBook = await createLorebook(t, owner, 'My Lore');
      const theirBook = await createLorebook(t, other, 'Their Lore');
      for (const [member, bot, book] of [
        [owner, mine, theirBook],
        [owner, theirs, myBook],
        [admin, mine, myBook],
      ] as const) {
        const res = await attach(member, bot.id, book.id);
        expect(res.status).toBe(403);
        expect(res.body.error).toEqual(NOT_OWNER);
      }
      await attach(owner, mine.id, myBook.id);
      const res = await detach(other, mine.id, myBook.id);
      expect(res.body.error).toEqual(NOT_OWNER);
      expect(await profileLorebooks(mine.id)).toEqual([{ id: myBook.id, name: 'My Lore' }]);
    });

    it('answers 404 for unknown or other applications’ chatbots and lorebooks', async () => {
      const bot = await createChatbot(t, owner, uniqueWord());
      const book = await createLorebook(t, owner, 'Found Lore');
      const unknownBot = await attach(owner, 'no-such-bot', book.id);
      expect(unknownBot.status).toBe(404);
      expect(unknownBot.body.error.code).toBe('character_not_found');
      expect((await attach(owner, bot.id, 'no-such-lorebook')).body.error.code).toBe('lorebook_not_found');
      expect((await detach(owner, bot.id, 'no-such-lorebook')).status).toBe(404);
      const tales = await signUpMember(t, 'tales', { applicationId: 'tales' });
      const talesBot = await createChatbot(t, tales, uniqueWord());
      const talesBook = await createLorebook(t, tales, 'Tales Lore');
      expect((await attach(owner, talesBot.id, book.id)).status).toBe(404);
      expect((await attach(owner, bot.id, talesBook.id)).status).toBe(404);
      expect((await attach(tales, talesBot.id, book.id)).status).toBe(404);
    });

    it('gives a chatbot at most 5 lorebooks (409 chatbot_lorebook_limit); an attached one may be attached again', async () => {
      const bot = await createChatbot(t, owner, uniqueWord());
      const books = [];
      for (let i = 0; i < 6; i++) books.push(await createLorebook(t, owner, `Stack Lore ${i}`));
      for (const book of books.slice(0, 5)) expect((await attach(owner, bot.id, book.id)).status).toBe(200);
      const sixth = await attach(owner, bot.id, books[5]!.id);
      expect(sixth.status).toBe(409);
      expect(sixth.body.error).toEqual(LIMIT);
      expect((await attach(owner, bot.id, books[0]!.id)).status).toBe(200);
      await detach(owner, bot.id, books[0]!.id);
      expect((await attach(owner, bot.id, books[5]!.id)).status).toBe(200);
      expect(await profileLorebooks(bot.id)).toHaveLength(5);
    });

    it('leaves at most 5 when attaches race at 4', async () => {
      const bot = await createChatbot(t, owner, uniqueWord());
      const books = [];
      for (let i = 0; i < 7; i++) books.push(await createLorebook(t, owner, `Race Lore ${i}`));
      for (const book of books.slice(0, 4)) await attach(owner, bot.id, book.id);
      const results = await Promise.all(books.slice(4).map((book) => attach(owner, bot.id, book.id)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect(await profileLorebooks(bot.id)).toHaveLength(5);
    });

    it('detaches a deleted lorebook from every chatbot', async () => {
      const a = await createChatbot(t, owner, uniqueWord());
      const b = await createChatbot(t, owner, uniqueWord());
      const book = await createLorebook(t, owner, 'Shared Lore');
      await attach(owner, a.id, book.id);
      await attach(owner, b.id, book.id);
      const links = await countRows(t, 'character_lorebooks');
      expect((await call(t, 'DELETE', `/lorebooks/${book.id}`, owner.headers)).status).toBe(200);
      expect(await countRows(t, 'character_lorebooks')).toBe(links - 2);
      expect(await profileLorebooks(a.id)).toEqual([]);
      expect(await profileLorebooks(b.id)).toEqual([]);
    });

    it('refuses attach without create_character; detach still works', async () => {
      const limited = await signUpMember(t, 'limited');
      const bot = await createChatbot(t, limited, uniqueWord());
      const [one, two] = [await createLorebook(t, limited, 'Limited One'), await createLorebook(t, limited, 'Limited Two')];
      await attach(limited, bot.id, one.id);
      await t.db.query(`insert into user_restrictions (id, user_id, kind, created_at) values (gen_random_uuid(), $1, 'limited', now())`, [limited.id]);
      expect((await attach(limited, bot.id, two.id)).body.error.code).toBe('restricted');
      expect((await detach(limited, bot.id, one.id)).status).toBe(200);
    });
  });

  describe('a card’s character book', () => {
    /** The import's answer for a PNG card (by default a generated V2 card with a book), its card_extras read as the cards module's CardExtras. */
    async function importedCard(png: Buffer = v2CardPng(), filename = 'Lyra.png'): Promise<{ card_extras: CardExtras }> {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/characters/import?filename=${filename}`,
        headers: { ...owner.headers, 'content-type': 'image/png' },
        payload: png,
      });
      expect(res.statusCode).toBe(200);
      return { card_extras: CardExtrasSchema.parse(res.json<CharacterCardImport>().card_extras) };
    }

    async function becomesTheChatbotsLorebook(card: { card_extras: CardExtras }) {
      const book = card.card_extras.data.character_book as { name: string; entries: unknown[] };
      expect(book.entries.length).toBeGreaterThan(0);
      const lorebooksBefore = await countRows(t, 'lorebooks');
      const bot = await createChatbot(t, owner, uniqueWord(), { card_extras: card.card_extras });
      expect(bot.lorebooks).toEqual([{ id: expect.any(String), name: book.name }]);
      expect(bot.card_extras.data).not.toHaveProperty('character_book');
      expect(await countRows(t, 'lorebooks')).toBe(lorebooksBefore + 1);

      const lorebook = LorebookDetailSchema.parse((await call(t, 'GET', `/lorebooks/${bot.lorebooks![0]!.id}`, owner.headers)).body);
      expect(lorebook).toMatchObject({ creator_username: owner.username, num_entries: book.entries.length, avatar_url: bot.avatar_url, tags: bot.tags });
      expect(lorebook.entries.every((e) => e.content.length <= 1000)).toBe(true);

      const extras = await cardExtrasWithLorebooks(t.db, bot.id, OwnCharacterSchema.parse(bot).card_extras as { data: Record<string, unknown> });
      expect(extras.data.character_book).toEqual(book);
    }

    it('becomes the chatbot’s lorebook when the chatbot is created, and is written back whole as its character book', async () =>
      becomesTheChatbotsLorebook(await importedCard()));

    describeWithCardFixtures('a real card (SillyTavern’s Seraphina)', () => {
      it('its character book becomes the chatbot’s lorebook, and is written back whole', async () =>
        becomesTheChatbotsLorebook(await importedCard(cardFixture(SERAPHINA), 'default_Seraphina.png')));
    });

    it('becomes a lorebook on an update too, unless the chatbot has 5 already: then it stays in card_extras', async () => {
      const card = await importedCard();
      // Private: a public chatbot is under review after its creation, and a review refuses edits.
      const bot = await createChatbot(t, owner, uniqueWord(), { visibility: 'private' });
      const updated = await call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { card_extras: card.card_extras });
      expect(updated.status).toBe(200);
      expect(updated.body.lorebooks).toHaveLength(1);
      expect(updated.body.card_extras.data).not.toHaveProperty('character_book');

      const full = await createChatbot(t, owner, uniqueWord(), { visibility: 'private' });
      for (let i = 0; i < 5; i++) await attach(owner, full.id, (await createLorebook(t, owner, `Full Lore ${i}`)).id);
      const kept = await call(t, 'PATCH', `/characters/${full.id}`, owner.headers, { card_extras: card.card_extras });
      expect(kept.status).toBe(200);
      expect(kept.body.lorebooks).toHaveLength(5);
      expect(kept.body.card_extras.data.character_book).toEqual(card.card_extras.data.character_book);
      // A card export writes the kept book as it came.
      expect((await cardExtrasWithLorebooks(t.db, full.id, kept.body.card_extras)).data.character_book).toEqual(card.card_extras.data.character_book);
    });

    it('leaves out nothing when the chatbot has several lorebooks: every entry goes into the card, the first book’s fields on top', async () => {
      const bot = await createChatbot(t, owner, uniqueWord());
      const first = await createLorebook(t, owner, 'First Book');
      t.clock.advance(1000);
      const second = await createLorebook(t, owner, 'Second Book');
      await attach(owner, bot.id, second.id);
      await attach(owner, bot.id, first.id);
      const { data } = await cardExtrasWithLorebooks(t.db, bot.id, { data: {} as Record<string, unknown> });
      const written = data.character_book as { name: string; entries: Array<{ name: string }> };
      expect(written.name).toBe('First Book');
      expect(written.entries.map((e) => e.name)).toEqual([...first.entries, ...second.entries].map((e) => e.name));
    });

    it('creates nothing when the chatbot save is refused', async () => {
      const card = await importedCard();
      const before = await countRows(t, 'lorebooks');
      const res = await call(t, 'POST', '/characters', owner.headers, chatbotForm(uniqueWord(), { card_extras: card.card_extras, tags: ['Only'] }));
      expect(res.status).toBe(400);
      expect(await countRows(t, 'lorebooks')).toBe(before);
    });
  });
});
