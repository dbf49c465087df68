import { LorebookDetailSchema, LorebookSummarySchema, type LorebookSummary } from '@fable/contracts';
import { BACKENDS } from '../../testing/testDatabases';
import type { TestApp } from '../../testing/testApp';
import { call, guestHeaders, signInWithoutUsername, signUpMember, uniqueWord, type Member } from '../moderation/testing/chatbotTestKit';
import { countRows, createLorebook, entryForm, issueMessages, lorebookForm, lorebookTestApp } from './testing/lorebookTestKit';

const NOT_OWNER = { code: 'not_owner', message: 'You are not allowed to access this page' };

describe.each(BACKENDS)('lorebooks on %s', (backend) => {
  const kit = lorebookTestApp(backend);
  let t: TestApp;
  let owner: Member;
  let other: Member;
  let admin: Member;
  beforeAll(() => ({ t, owner, other, admin } = kit));

  describe('who may do what', () => {
    it('lets anyone of the application read a lorebook, guests included; 404 for unknown ids and other applications', async () => {
      const book = await createLorebook(t, owner, 'Old Kingdom');
      for (const headers of [owner.headers, other.headers, admin.headers, guestHeaders()]) {
        const res = await call(t, 'GET', `/lorebooks/${book.id}`, headers);
        expect(res.status).toBe(200);
        expect(LorebookDetailSchema.parse(res.body)).toEqual(book);
      }
      expect((await call(t, 'GET', `/lorebooks/${book.id}`, {})).status).toBe(401);
      const unknown = await call(t, 'GET', '/lorebooks/no-such-lorebook', guestHeaders());
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toEqual({ code: 'lorebook_not_found', message: 'This lorebook does not exist.' });
      const tales = await signUpMember(t, 'tales', { applicationId: 'tales' });
      expect((await call(t, 'GET', `/lorebooks/${book.id}`, tales.headers)).status).toBe(404);
      expect((await call(t, 'GET', `/lorebooks/${book.id}`, guestHeaders('tales'))).status).toBe(404);
      const theirs = await createLorebook(t, tales, 'Tales Lore');
      expect((await call(t, 'GET', `/lorebooks/${theirs.id}`, owner.headers)).status).toBe(404);
      expect((await call(t, 'PATCH', `/lorebooks/${theirs.id}`, owner.headers, { name: 'Taken' })).status).toBe(404);
      expect((await call(t, 'DELETE', `/lorebooks/${theirs.id}`, owner.headers)).status).toBe(404);
    });

    it('refuses guests and anonymous callers on every member call (401)', async () => {
      const book = await createLorebook(t, owner, 'Guarded');
      const entryId = book.entries[0]!.id;
      const calls: Array<[Parameters<typeof call>[1], string, unknown?]> = [
        ['GET', '/users/lorebooks'],
        ['POST', '/lorebooks', lorebookForm('By a guest')],
        ['POST', '/lorebooks/import', { ...lorebookForm('By a guest'), entries: undefined, book: { entries: [] } }],
        ['PATCH', `/lorebooks/${book.id}`, { name: 'Guest name' }],
        ['DELETE', `/lorebooks/${book.id}`],
        ['POST', `/lorebooks/${book.id}/entries`, entryForm('Guest')],
        ['PATCH', `/lorebooks/${book.id}/entries/${entryId}`, { name: 'Guest entry' }],
        ['DELETE', `/lorebooks/${book.id}/entries/${entryId}`],
        ['PUT', `/characters/any/lorebooks/${book.id}`],
        ['DELETE', `/characters/any/lorebooks/${book.id}`],
        ['GET', `/lorebooks/${book.id}/export`],
      ];
      for (const [method, url, payload] of calls) {
        expect([method, url, (await call(t, method, url, {}, payload)).status]).toEqual([method, url, 401]);
        expect([method, url, (await call(t, method, url, guestHeaders(), payload)).status]).toEqual([method, url, 401]);
      }
      expect((await call(t, 'GET', `/lorebooks/${book.id}`, owner.headers)).body).toEqual(book);
    });

    it('lets only its creator change, delete, add to or export it: another member and an admin get 403 not_owner', async () => {
      const book = await createLorebook(t, owner, 'Owned Lore');
      const entryId = book.entries[0]!.id;
      const calls: Array<[Parameters<typeof call>[1], string, unknown?]> = [
        ['PATCH', `/lorebooks/${book.id}`, { name: 'Not yours' }],
        ['DELETE', `/lorebooks/${book.id}`],
        ['POST', `/lorebooks/${book.id}/entries`, entryForm('Intruder')],
        ['PATCH', `/lorebooks/${book.id}/entries/${entryId}`, { content: 'Changed by someone else' }],
        ['DELETE', `/lorebooks/${book.id}/entries/${entryId}`],
        ['GET', `/lorebooks/${book.id}/export`],
      ];
      for (const someone of [other, admin]) {
        for (const [method, url, payload] of calls) {
          const res = await call(t, method, url, someone.headers, payload);
          expect([method, url, res.status, res.body.error]).toEqual([method, url, 403, NOT_OWNER]);
        }
      }
      expect((await call(t, 'GET', `/lorebooks/${book.id}`, owner.headers)).body).toEqual(book);
    });

    it('refuses a member without create_character ("Restricted!") on writes that add or change content; removal still works', async () => {
      const limited = await signUpMember(t, 'limited');
      const book = await createLorebook(t, limited, 'Before Limits', { entries: [entryForm('One'), entryForm('Two')] });
      await t.db.query(`insert into user_restrictions (id, user_id, kind, created_at) values (gen_random_uuid(), $1, 'limited', now())`, [limited.id]);
      const before = await countRows(t, 'lorebooks');
      const created = await call(t, 'POST', '/lorebooks', limited.headers, lorebookForm('Limited Lore'));
      expect(created.status).toBe(403);
      expect(created.body.error).toEqual({ code: 'restricted', message: 'Restricted!', details: { permission: 'create_character' } });
      expect((await call(t, 'PATCH', `/lorebooks/${book.id}`, limited.headers, { name: 'Renamed' })).body.error.code).toBe('restricted');
      expect((await call(t, 'POST', `/lorebooks/${book.id}/entries`, limited.headers, entryForm('Three'))).body.error.code).toBe('restricted');
      expect(await countRows(t, 'lorebooks')).toBe(before);
      expect((await call(t, 'DELETE', `/lorebooks/${book.id}/entries/${book.entries[0]!.id}`, limited.headers)).status).toBe(200);
      expect((await call(t, 'DELETE', `/lorebooks/${book.id}`, limited.headers)).status).toBe(200);
    });

    it('asks for a username before the first lorebook', async () => {
      const nameless = await signInWithoutUsername(t, `${uniqueWord().toLowerCase()}@example.com`);
      const res = await call(t, 'POST', '/lorebooks', nameless.headers, lorebookForm('Nameless'));
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'username_required', message: 'Choose a username before creating a lorebook.' });
    });
  });

  describe('create, list, update, delete', () => {
    it('creates a lorebook with its entries in order, by its creator’s username, and lists the member’s own newest first', async () => {
      const maker = await signUpMember(t, 'maker');
      const first = await createLorebook(t, maker, 'First Lore');
      expect(first).toMatchObject({
        name: 'First Lore',
        description: 'Lore of First Lore',
        avatar_url: '/api/avatars/lore.svg',
        tags: ['Fantasy', 'History'],
        creator_username: maker.username,
        num_entries: 3,
      });
      expect(first.entries.map((e) => [e.name, e.keywords, e.content])).toEqual([
        ['Keep', ['keep', 'keeps'], 'What everyone knows about Keep.'],
        ['River', ['river', 'rivers'], 'What everyone knows about River.'],
        ['Tower', ['tower', 'towers'], 'What everyone knows about Tower.'],
      ]);
      expect(first.entries.every((e) => e.extensions === undefined)).toBe(true);
      t.clock.advance(1000);
      const second = await createLorebook(t, maker, 'Second Lore', { entries: [entryForm('Only')] });
      await createLorebook(t, other, 'Not Mine');
      const mine = await call(t, 'GET', '/users/lorebooks', maker.headers);
      expect(mine.status).toBe(200);
      const list: LorebookSummary[] = mine.body.lorebooks.map((l: unknown) => LorebookSummarySchema.strict().parse(l));
      expect(list.map((l) => [l.id, l.num_entries])).toEqual([
        [second.id, 1],
        [first.id, 3],
      ]);
    });

    it('trims the fields, keeps each tag once (the first spelling) and each keyword once', async () => {
      const book = await createLorebook(t, owner, '  Spaced Lore  ', {
        description: '  Lore with spaces  ',
        tags: ['Fantasy', 'fantasy', 'Sci-Fi'],
        entries: [{ name: '  Elves ', keywords: [' elf ', 'elf', 'elves'], content: ' Tall. ' }],
      });
      expect(book).toMatchObject({ name: 'Spaced Lore', description: 'Lore with spaces', tags: ['Fantasy', 'Sci-Fi'] });
      expect(book.entries[0]).toMatchObject({ name: 'Elves', keywords: ['elf', 'elves'], content: 'Tall.' });
    });

    it('answers the form’s messages verbatim and writes nothing on any refusal', async () => {
      const lorebooks = await countRows(t, 'lorebooks');
      const entries = await countRows(t, 'lorebook_entries');
      const refused = async (over: Record<string, unknown>) => {
        const res = await call(t, 'POST', '/lorebooks', owner.headers, lorebookForm('Refused Lore', over));
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
        return issueMessages(res.body);
      };
      expect(await refused({ name: '' })).toEqual(['This field is required']);
      expect(await refused({ name: 'ab' })).toEqual(['At least 3 characters required']);
      expect(await refused({ name: 'x'.repeat(26) })).toEqual(['Name must be 25 characters or less']);
      expect(await refused({ description: '   ' })).toEqual(['This field is required']);
      expect(await refused({ description: 'x'.repeat(101) })).toEqual(['Description must be 100 characters or less']);
      expect(await refused({ avatar_url: '' })).toEqual(['This field is required']);
      expect(await refused({ avatar_url: 'javascript:alert(1)' })).toEqual(['must be an http(s) URL or an absolute path']);
      expect(await refused({ tags: ['Fantasy'] })).toEqual(['At least 2 tags are required']);
      expect(await refused({ tags: ['Fantasy', 'FANTASY'] })).toEqual(['At least 2 tags are required']);
      expect(await refused({ entries: [] })).toEqual(['At least 1 entry is required']);
      expect(await refused({ entries: Array.from({ length: 101 }, (_, i) => entryForm(`Entry${i}`)) })).toEqual([
        'A lorebook can hold at most 100 entries',
      ]);
      expect(await refused({ guidelines: false })).toEqual(['You must agree to the community guidelines']);
      expect(await refused({ guidelines: undefined })).toEqual(['You must agree to the community guidelines']);
      const entry = async (over: Record<string, unknown>) => refused({ entries: [entryForm('Fine'), entryForm('Bad', over)] });
      expect(await entry({ name: 'x'.repeat(51) })).toEqual(['Name must be 50 characters or less']);
      expect(await entry({ keywords: ['one'] })).toEqual(['At least 2 keyword is required']);
      expect(await entry({ keywords: ['same', ' same '] })).toEqual(['At least 2 keyword is required']);
      expect(await entry({ keywords: Array.from({ length: 13 }, (_, i) => `k${i}`) })).toEqual(['You can add at most 12 keywords']);
      expect(await entry({ keywords: ['fine', 'k'.repeat(101)] })).toEqual(['Keyword must be 100 characters or less']);
      expect(await entry({ content: '' })).toEqual(['This field is required']);
      expect(await entry({ content: 'x'.repeat(1001) })).toEqual(['Content must be 1000 characters or less']);
      expect(await countRows(t, 'lorebooks')).toBe(lorebooks);
      expect(await countRows(t, 'lorebook_entries')).toBe(entries);
      // The limits themselves pass: 25, 100, 12 keywords of 100, 50, 1000.
      await createLorebook(t, owner, 'x'.repeat(25), {
        description: 'd'.repeat(100),
        entries: [entryForm('n'.repeat(50), { keywords: Array.from({ length: 12 }, (_, i) => `${i}`.padEnd(100, 'k')), content: 'c'.repeat(1000) })],
      });
    });

    it('refuses NUL characters and unpaired surrogates like every other call, writing nothing', async () => {
      const before = await countRows(t, 'lorebook_entries');
      for (const over of [{ name: 'Bad\u0000Lore' }, { entries: [entryForm('Fine', { keywords: ['ok', 'bad\uD800'] })] }, { description: 'Broken \uDC00 text' }]) {
        const res = await call(t, 'POST', '/lorebooks', owner.headers, lorebookForm('Hostile Lore', over));
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
      }
      const book = await createLorebook(t, owner, 'Clean Lore');
      const res = await call(t, 'PATCH', `/lorebooks/${book.id}/entries/${book.entries[0]!.id}`, owner.headers, { content: 'NUL \u0000 here' });
      expect(res.status).toBe(400);
      expect(await countRows(t, 'lorebook_entries')).toBe(before + 3);
      expect((await call(t, 'GET', `/lorebooks/${book.id}`, owner.headers)).body).toEqual(book);
    });

    it('updates only the fields sent, under the same rules', async () => {
      const book = await createLorebook(t, owner, 'Changing Lore');
      const res = await call(t, 'PATCH', `/lorebooks/${book.id}`, owner.headers, { name: 'Changed Lore', tags: ['Horror', 'Mystery', 'horror'] });
      expect(res.status).toBe(200);
      expect(LorebookDetailSchema.parse(res.body)).toEqual({ ...book, name: 'Changed Lore', tags: ['Horror', 'Mystery'] });
      const refused = await call(t, 'PATCH', `/lorebooks/${book.id}`, owner.headers, { description: 'ab', tags: ['One'] });
      expect(refused.status).toBe(400);
      expect(issueMessages(refused.body)).toEqual(['At least 3 characters required', 'At least 2 tags are required']);
      expect((await call(t, 'PATCH', `/lorebooks/${book.id}`, owner.headers, { avatar_url: 'data:image/png;base64,AAAA' })).status).toBe(400);
      expect((await call(t, 'PATCH', '/lorebooks/no-such-lorebook', owner.headers, { name: 'Nothing here' })).status).toBe(404);
      expect((await call(t, 'GET', `/lorebooks/${book.id}`, guestHeaders())).body.name).toBe('Changed Lore');
    });

    it('deletes a lorebook with its entries; later calls answer 404', async () => {
      const book = await createLorebook(t, owner, 'Doomed Lore');
      const entries = await countRows(t, 'lorebook_entries');
      const res = await call(t, 'DELETE', `/lorebooks/${book.id}`, owner.headers);
      expect(res).toEqual({ status: 200, body: { ok: true } });
      expect(await countRows(t, 'lorebook_entries')).toBe(entries - 3);
      expect((await call(t, 'GET', `/lorebooks/${book.id}`, owner.headers)).status).toBe(404);
      expect((await call(t, 'DELETE', `/lorebooks/${book.id}`, owner.headers)).status).toBe(404);
      expect((await call(t, 'POST', `/lorebooks/${book.id}/entries`, owner.headers, entryForm('Late'))).status).toBe(404);
    });
  });
});
