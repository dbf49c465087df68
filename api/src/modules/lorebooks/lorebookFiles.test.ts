import {
  CONTEXT_SIZES,
  LorebookImportResultSchema,
  LorebookTestResultSchema,
  contextSizeFor,
  permissionsFor,
  type LorebookImportResult,
} from '@fable/contracts';
import { BACKENDS } from '../../testing/testDatabases';
import type { TestApp } from '../../testing/testApp';
import { LorebookV3FileSchema } from '../cards/cardTypes';
import { cardFixture, describeWithCardFixtures } from '../cards/testing/cardFixtures';
import { lorebookV3Json, worldInfoJson } from '../cards/testing/generatedCardFiles';
import { withoutWorldInfoKeys } from '../cards/testing/worldInfoKeys';
import { loreBudgetForContext } from '@fable/rules/lore';
import { call, guestHeaders, type Member } from '../moderation/testing/chatbotTestKit';
import { countRows, createLorebook, entryForm, issueMessages, lorebookTestApp } from './testing/lorebookTestKit';

type Book = Record<string, unknown> & { name?: string; entries: Array<Record<string, unknown>> };

describe.each(BACKENDS)('lorebook files and the test view on %s', (backend) => {
  const kit = lorebookTestApp(backend);
  let t: TestApp;
  let owner: Member;
  let other: Member;
  let admin: Member;
  beforeAll(() => ({ t, owner, other, admin } = kit));

  /** A file through the card import (POST /characters/import), as the lorebook form sends it: its V3 lorebook. */
  async function importedBook(bytes: Buffer | string, filename: string): Promise<Book> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/characters/import?filename=${encodeURIComponent(filename)}`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: bytes,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().kind).toBe('lorebook');
    return res.json().lorebook;
  }

  const form = (name: string, book: unknown, over: Record<string, unknown> = {}) => ({
    name,
    description: 'Imported from a file',
    avatar_url: '/api/avatars/world.svg',
    tags: ['Fantasy', 'World'],
    guidelines: true,
    book,
    ...over,
  });

  async function importLorebook(name: string, book: unknown, over: Record<string, unknown> = {}): Promise<LorebookImportResult> {
    const res = await call(t, 'POST', '/lorebooks/import', owner.headers, form(name, book, over));
    if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(res.body)}`);
    return LorebookImportResultSchema.parse(res.body);
  }

  async function exported(member: Member, lorebookId: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/lorebooks/${lorebookId}/export`, headers: member.headers });
    return { status: res.statusCode, headers: res.headers, text: res.body };
  }

  /** A World Info or lorebook file imported, made a lorebook, exported: the file imports again to the same book. */
  async function importsAndExportsBack(bytes: Buffer, file: string) {
    const book = await importedBook(bytes, file);
    const lorebook = await importLorebook(book.name!, book);
    expect(lorebook.num_entries).toBe(book.entries.length);
    expect(lorebook.entries.every((e) => e.content.length <= 1000 && e.name.length >= 3)).toBe(true);

    const file1 = await exported(owner, lorebook.id);
    expect(file1.status).toBe(200);
    expect(file1.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(file1.headers['content-disposition']).toBe(`attachment; filename="${book.name}.json"; filename*=UTF-8''${book.name}.json`);
    expect(file1.headers['cache-control']).toBe('private, no-store');
    const parsed = LorebookV3FileSchema.parse(JSON.parse(file1.text));
    // The records of a World Info file's keys are for the World Info export only.
    expect(parsed.data).toEqual(withoutWorldInfoKeys(book));
    // The exported file imports again to the same lorebook.
    const again = await importedBook(file1.text, `${book.name}.json`);
    expect(again).toEqual(withoutWorldInfoKeys(book));
    return lorebook;
  }

  /** A World Info file imported, made a lorebook and exported as World Info: the file as it came, key for key. */
  async function worldInfoGoesBack(bytes: Buffer, file: string) {
    const lorebook = await importsAndExportsBack(bytes, file);
    const res = await t.app.inject({ method: 'GET', url: `/api/lorebooks/${lorebook.id}/export?format=world_info`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${lorebook.name}.json"; filename*=UTF-8''${lorebook.name}.json`);
    expect(JSON.parse(res.body)).toStrictEqual(JSON.parse(bytes.toString('utf8')));
    // In the file's own key order, too.
    expect(res.body).toBe(JSON.stringify(JSON.parse(bytes.toString('utf8')), null, 4));
  }

  /** A World Info file with content over 1000 characters, and one with entries of a single keyword: kept, with warnings. */
  async function keepsWhatAFormRefuses(long: [Buffer, string], fewKeywords: [Buffer, string], singles: string[][]) {
    const longBook = await importedBook(...long);
    const lorebook = await importLorebook(longBook.name!, longBook);
    expect(lorebook.warnings).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\d+ entr(y|ies): content longer than 1000 characters was cut \(the export writes it back whole\)\.$/)]),
    );
    const fewBook = await importedBook(...fewKeywords);
    const imported = await importLorebook(fewBook.name!, fewBook);
    expect(imported.entries.filter((e) => e.keywords.length < 2).map((e) => e.keywords)).toEqual(singles);
    expect(imported.warnings).toContain(`${singles.length} entries: have fewer than 2 keywords and were kept as they are.`);
  }

  describe('import and export', () => {
    it.each<[string, () => Buffer]>([
      ['Brightwater.json', () => worldInfoJson()],
      ['Saltmarsh.json', () => worldInfoJson('old')],
      ['Atlas.json', () => lorebookV3Json()],
    ])('imports %s (World Info, current and old, and lorebook_v3) and exports it back as it came (lorebook_v3)', (file, bytes) =>
      importsAndExportsBack(bytes(), file),
    );

    it('keeps the entries a form would refuse, and says what it fitted', () =>
      keepsWhatAFormRefuses([worldInfoJson(), 'Brightwater.json'], [worldInfoJson('old'), 'Saltmarsh.json'], [['Lighthouse'], ['Tide Tables']]));

    it.each<[string, () => Buffer]>([
      ['Brightwater.json', () => worldInfoJson()],
      ['Saltmarsh.json', () => worldInfoJson('old')],
    ])('imports %s (World Info) and exports it back as World Info, key for key', (file, bytes) => worldInfoGoesBack(bytes(), file));

    it('exports a lorebook made in the form as World Info in the shape of SillyTavern’s files; refuses an unknown format', async () => {
      const made = await createLorebook(t, owner, 'Plain Book');
      const res = await t.app.inject({ method: 'GET', url: `/api/lorebooks/${made.id}/export?format=world_info`, headers: owner.headers });
      expect(res.statusCode).toBe(200);
      const file = JSON.parse(res.body) as { entries: Record<string, Record<string, unknown>> };
      expect(Object.keys(file)).toEqual(['entries']);
      expect(Object.values(file.entries)).toEqual(
        made.entries.map((entry, uid) => ({
          uid,
          key: entry.keywords,
          keysecondary: [],
          comment: entry.name,
          content: entry.content,
          constant: false,
          selective: false,
          order: uid,
          position: 1,
          disable: false,
        })),
      );
      expect((await t.app.inject({ method: 'GET', url: `/api/lorebooks/${made.id}/export?format=world_info`, headers: other.headers })).statusCode).toBe(403);
      const bad = await t.app.inject({ method: 'GET', url: `/api/lorebooks/${made.id}/export?format=yaml`, headers: owner.headers });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('format must be one of lorebook_v3, world_info');
    });

    describeWithCardFixtures('SillyTavern’s World Info files (the real ones)', () => {
      it.each(['Eldoria.json', 'Toaru.json'])('imports %s and exports it back as World Info, key for key', (file) =>
        worldInfoGoesBack(cardFixture(`sillytavern-worlds/${file}`), file),
      );

      it.each(['Eldoria.json', 'Toaru.json'])('imports %s and exports it back as it came (lorebook_v3)', (file) =>
        importsAndExportsBack(cardFixture(`sillytavern-worlds/${file}`), file),
      );

      it('keeps the entries a form would refuse, and says what it fitted', () =>
        keepsWhatAFormRefuses(
          [cardFixture('sillytavern-worlds/Eldoria.json'), 'Eldoria.json'],
          [cardFixture('sillytavern-worlds/Toaru.json'), 'Toaru.json'],
          [['Judgement'], ['Personal Reality']],
        ));
    });

    it('refuses an import without entries or with more than 100, and the form’s own rules, writing nothing', async () => {
      const before = await countRows(t, 'lorebooks');
      const empty = await call(t, 'POST', '/lorebooks/import', owner.headers, form('Empty Book', { entries: [] }));
      expect(empty.status).toBe(400);
      expect(issueMessages(empty.body)).toEqual(['At least 1 entry is required']);
      const many = { entries: Array.from({ length: 101 }, (_, i) => ({ keys: [`k${i}`], content: `c${i}` })) };
      expect(issueMessages((await call(t, 'POST', '/lorebooks/import', owner.headers, form('Huge Book', many))).body)).toEqual([
        'A lorebook can hold at most 100 entries',
      ]);
      const bad = await call(t, 'POST', '/lorebooks/import', owner.headers, form('', { entries: [{ keys: ['a'], content: 'b' }] }, { tags: ['One'], guidelines: false }));
      expect(issueMessages(bad.body)).toEqual(['This field is required', 'At least 2 tags are required', 'You must agree to the community guidelines']);
      const hostile = await call(t, 'POST', '/lorebooks/import', owner.headers, form('Hostile', { entries: [{ keys: ['a\u0000'], content: 'b' }] }));
      expect(hostile.status).toBe(400);
      expect(await countRows(t, 'lorebooks')).toBe(before);
    });

    it('exports a lorebook made in the form with the fields V3 requires; importing that file gives the same entries', async () => {
      const made = await createLorebook(t, owner, 'Élan Vital', { entries: [entryForm('Spark'), entryForm('Flame')] });
      const file = await exported(owner, made.id);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="Elan Vital.json"; filename*=UTF-8''%C3%89lan%20Vital.json`);
      const parsed = LorebookV3FileSchema.parse(JSON.parse(file.text));
      expect(parsed.data).toMatchObject({ name: 'Élan Vital', description: 'Lore of Élan Vital', extensions: {} });
      expect(parsed.data.entries[0]).toEqual({
        extensions: {},
        enabled: true,
        insertion_order: 0,
        use_regex: false,
        comment: 'Spark',
        name: 'Spark',
        keys: ['spark', 'sparks'],
        content: 'What everyone knows about Spark.',
      });
      const again = await importLorebook('Élan Vital', await importedBook(file.text, 'Élan Vital.json'), { description: 'Lore of Élan Vital' });
      expect(again.entries.map(({ name, keywords, content }) => ({ name, keywords, content }))).toEqual(
        made.entries.map(({ name, keywords, content }) => ({ name, keywords, content })),
      );
      expect(JSON.parse((await exported(owner, again.id)).text)).toEqual(JSON.parse(file.text));
    });

    it('takes a book of 100 long entries in one body past the default 1 MB, and writes every content back whole', async () => {
      const entries = Array.from({ length: 100 }, (_, i) => ({ keys: [`place${i}`, `site${i}`], content: `${i} `.padEnd(12_000, 'lore ') }));
      const lorebook = await importLorebook('Vast Atlas', { name: 'Vast Atlas', entries });
      expect(lorebook.num_entries).toBe(100);
      expect(lorebook.entries.every((e) => e.content.length === 1000)).toBe(true);
      const written = JSON.parse((await exported(owner, lorebook.id)).text).data.entries as Array<{ content: string }>;
      expect(written.map((e) => e.content)).toEqual(entries.map((e) => e.content));
    });

    it('exports for its creator only', async () => {
      const book = await createLorebook(t, owner, 'Private Export');
      for (const someone of [other, admin]) expect((await exported(someone, book.id)).status).toBe(403);
      expect((await exported(owner, 'no-such-lorebook')).status).toBe(404);
    });
  });

  describe('the test view', () => {
    it('shows which entries the messages activate, by which keyword, and the budget of the member’s tier', async () => {
      const book = await createLorebook(t, owner, 'Tested Lore', {
        entries: [entryForm('Keep'), entryForm('River', { content: 'The river runs past the tower.' }), entryForm('Tower')],
      });
      const res = await call(t, 'POST', `/lorebooks/${book.id}/test`, owner.headers, { messages: ['We walk to the old keep.', 'Is the river near?'] });
      expect(res.status).toBe(200);
      const result = LorebookTestResultSchema.parse(res.body);
      // A free member's context (the largest their tier allows) gives the lore budget.
      expect(result.budget_tokens).toBe(loreBudgetForContext(contextSizeFor(permissionsFor('free'), CONTEXT_SIZES['16k'])));
      const byName = Object.fromEntries(result.activated.map((a) => [a.name, a]));
      expect(byName.Keep).toMatchObject({ entry_id: book.entries[0]!.id, step: 0, matched: 'keep' });
      expect(byName.River).toMatchObject({ step: 0, matched: 'river' });
      // Recursion: the river's content names the tower.
      expect(byName.Tower).toMatchObject({ step: 1, matched: 'tower' });
      expect(result.used_tokens).toBe(result.activated.reduce((sum, a) => sum + a.tokens, 0));
      expect(result.left_out).toEqual([]);
    });

    it('says what a small budget leaves out', async () => {
      const book = await createLorebook(t, owner, 'Budget Lore', { entries: [entryForm('Keep', { content: 'word '.repeat(200).trim() }), entryForm('Gate')] });
      const res = await call(t, 'POST', `/lorebooks/${book.id}/test`, owner.headers, { messages: ['keep and gate'], budget_tokens: 20 });
      const result = LorebookTestResultSchema.parse(res.body);
      expect(result.budget_tokens).toBe(20);
      expect(result.activated.map((a) => a.name)).toEqual(['Gate']);
      expect(result.left_out).toEqual([{ entry_id: book.entries[0]!.id, name: 'Keep', tokens: expect.any(Number), reason: 'budget' }]);
    });

    it('is its creator’s: others 403, guests 401; the messages follow the contract', async () => {
      const book = await createLorebook(t, owner, 'Secret Lore');
      for (const someone of [other, admin]) {
        expect((await call(t, 'POST', `/lorebooks/${book.id}/test`, someone.headers, { messages: ['keep'] })).status).toBe(403);
      }
      expect((await call(t, 'POST', `/lorebooks/${book.id}/test`, guestHeaders(), { messages: ['keep'] })).status).toBe(401);
      expect((await call(t, 'POST', `/lorebooks/${book.id}/test`, owner.headers, { messages: [] })).status).toBe(400);
    });
  });
});
