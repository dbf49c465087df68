import { LorebookEntrySchema } from '@fable/contracts';
import { BACKENDS } from '../../testing/testDatabases';
import type { TestApp } from '../../testing/testApp';
import { call, type Member } from '../moderation/testing/chatbotTestKit';
import { createLorebook, entryForm, issueMessages, lorebookTestApp, storedPositions } from './testing/lorebookTestKit';

const FULL = { code: 'lorebook_full', message: 'A lorebook can hold at most 100 entries', details: { limit: 100 } };
const LAST = { code: 'lorebook_last_entry', message: 'A lorebook needs at least 1 entry: add another entry before deleting this one.' };

describe.each(BACKENDS)('lorebook entries on %s', (backend) => {
  const kit = lorebookTestApp(backend);
  let t: TestApp;
  let owner: Member;
  beforeAll(() => ({ t, owner } = kit));

  const entries = (n: number) => Array.from({ length: n }, (_, i) => entryForm(`Entry ${i + 1}`));

  it('adds an entry at the end, changes the fields sent, and answers the form’s messages', async () => {
    const book = await createLorebook(t, owner, 'Entry Lore');
    const added = await call(t, 'POST', `/lorebooks/${book.id}/entries`, owner.headers, entryForm('Bridge'));
    expect(added.status).toBe(200);
    const entry = LorebookEntrySchema.parse(added.body);
    expect(entry).toEqual({ id: entry.id, name: 'Bridge', keywords: ['bridge', 'bridges'], content: 'What everyone knows about Bridge.' });
    expect(await storedPositions(t, book.id)).toEqual([
      [0, 'Keep'],
      [1, 'River'],
      [2, 'Tower'],
      [3, 'Bridge'],
    ]);

    const changed = await call(t, 'PATCH', `/lorebooks/${book.id}/entries/${entry.id}`, owner.headers, { keywords: ['bridge', 'crossing', 'bridge'] });
    expect(changed.body).toEqual({ ...entry, keywords: ['bridge', 'crossing'] });
    const refused = await call(t, 'PATCH', `/lorebooks/${book.id}/entries/${entry.id}`, owner.headers, { keywords: ['bridge'], content: 'x'.repeat(1001) });
    expect(refused.status).toBe(400);
    expect(issueMessages(refused.body)).toEqual(['At least 2 keyword is required', 'Content must be 1000 characters or less']);
    const short = await call(t, 'POST', `/lorebooks/${book.id}/entries`, owner.headers, entryForm('ab'));
    expect(issueMessages(short.body)).toEqual(['At least 3 characters required']);
    const detail = await call(t, 'GET', `/lorebooks/${book.id}`, owner.headers);
    expect(detail.body.num_entries).toBe(4);
    expect(detail.body.entries[3]).toEqual({ ...entry, keywords: ['bridge', 'crossing'] });
  });

  it('answers 404 for an unknown entry and for an entry of another lorebook', async () => {
    const a = await createLorebook(t, owner, 'Lore A');
    const b = await createLorebook(t, owner, 'Lore B');
    const foreign = b.entries[0]!.id;
    for (const [method, payload] of [['PATCH', { name: 'Moved' }], ['DELETE']] as const) {
      for (const id of ['no-such-entry', foreign]) {
        const res = await call(t, method, `/lorebooks/${a.id}/entries/${id}`, owner.headers, payload);
        expect(res.status).toBe(404);
        expect(res.body.error).toEqual({ code: 'lorebook_entry_not_found', message: 'This entry does not exist.' });
      }
    }
    expect((await call(t, 'GET', `/lorebooks/${b.id}`, owner.headers)).body).toEqual(b);
  });

  it('keeps positions dense when entries are deleted, and never deletes the last entry', async () => {
    const book = await createLorebook(t, owner, 'Shrinking Lore', { entries: entries(4) });
    const [first, second, third, fourth] = book.entries;
    expect((await call(t, 'DELETE', `/lorebooks/${book.id}/entries/${second!.id}`, owner.headers)).body).toEqual({ ok: true });
    expect(await storedPositions(t, book.id)).toEqual([
      [0, 'Entry 1'],
      [1, 'Entry 3'],
      [2, 'Entry 4'],
    ]);
    await call(t, 'DELETE', `/lorebooks/${book.id}/entries/${first!.id}`, owner.headers);
    await call(t, 'DELETE', `/lorebooks/${book.id}/entries/${fourth!.id}`, owner.headers);
    expect(await storedPositions(t, book.id)).toEqual([[0, 'Entry 3']]);
    const last = await call(t, 'DELETE', `/lorebooks/${book.id}/entries/${third!.id}`, owner.headers);
    expect(last.status).toBe(409);
    expect(last.body.error).toEqual(LAST);
    // A new entry goes after the last one.
    await call(t, 'POST', `/lorebooks/${book.id}/entries`, owner.headers, entryForm('Fresh'));
    expect(await storedPositions(t, book.id)).toEqual([
      [0, 'Entry 3'],
      [1, 'Fresh'],
    ]);
  });

  it('holds at most 100 entries: an entry create at 100 answers 409 lorebook_full', async () => {
    const book = await createLorebook(t, owner, 'Full Lore', { entries: entries(100) });
    expect(book.num_entries).toBe(100);
    const res = await call(t, 'POST', `/lorebooks/${book.id}/entries`, owner.headers, entryForm('One Too Many'));
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual(FULL);
    expect((await storedPositions(t, book.id)).map(([p]) => p)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('leaves at most 100 entries when entry creates race at 99, with dense positions', async () => {
    const book = await createLorebook(t, owner, 'Racing Lore', { entries: entries(99) });
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => call(t, 'POST', `/lorebooks/${book.id}/entries`, owner.headers, entryForm(`Racer ${i}`))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'lorebook_full')).toBe(true);
    expect((await storedPositions(t, book.id)).map(([p]) => p)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('never deletes the last entry when two deletes race at 2 entries', async () => {
    const book = await createLorebook(t, owner, 'Racing Deletes', { entries: entries(2) });
    const results = await Promise.all(book.entries.map((e) => call(t, 'DELETE', `/lorebooks/${book.id}/entries/${e.id}`, owner.headers)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await storedPositions(t, book.id)).toHaveLength(1);
    expect((await storedPositions(t, book.id))[0]![0]).toBe(0);
  });

  it('keeps an entry’s extensions, bounded in size, and lets a renamed imported entry’s title follow its name', async () => {
    const book = await createLorebook(t, owner, 'Extended Lore');
    const extensions = { comment: 'Glade', enabled: true, insertion_order: 5, extensions: { depth: 4, probability: 80 } };
    const added = await call(t, 'POST', `/lorebooks/${book.id}/entries`, owner.headers, entryForm('Glade', { extensions }));
    expect(added.body.extensions).toEqual(extensions);
    const renamed = await call(t, 'PATCH', `/lorebooks/${book.id}/entries/${added.body.id}`, owner.headers, { name: 'Sunlit Glade' });
    expect(renamed.body).toMatchObject({ name: 'Sunlit Glade', extensions: { ...extensions, comment: 'Sunlit Glade' } });
    const huge = await call(t, 'POST', `/lorebooks/${book.id}/entries`, owner.headers, entryForm('Huge', { extensions: { blob: 'x'.repeat(70_000) } }));
    expect(huge.status).toBe(400);
    expect(huge.body.error).toMatchObject({ code: 'lorebook_extensions_too_large', message: 'An entry can keep at most 64 KB of imported data.' });
  });
});
