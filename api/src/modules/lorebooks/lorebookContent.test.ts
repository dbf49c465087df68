import { EXPLICIT_CONTENT_MESSAGE, UNDERAGE_CONTENT_MESSAGE } from '@fable/contracts';
import { BACKENDS } from '../../testing/testDatabases';
import type { TestApp } from '../../testing/testApp';
import { call, signUpMember, type Member } from '../moderation/testing/chatbotTestKit';
import { countRows, createLorebook, entryForm, lorebookForm, lorebookTestApp } from './testing/lorebookTestKit';

const LEWD = 'A lewd and flirty barmaid works here.';

describe.each(BACKENDS)('the automatic content checks of lorebooks on %s', (backend) => {
  const kit = lorebookTestApp(backend);
  let t: TestApp;
  let owner: Member;
  let other: Member;
  let partner: Member;
  beforeAll(async () => {
    ({ t, owner, other } = kit);
    partner = await signUpMember(t, 'partnerlore', { applicationId: 'storynest' });
  });

  it('refuses sexualised minors in any text on create, with the code, the text and the field; nothing is written', async () => {
    const before = await countRows(t, 'lorebooks');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'Loli Club' }, 'name'],
      [{ description: 'A realm full of loli slaves.' }, 'description'],
      [{ entries: [entryForm('Keep'), entryForm('River', { content: 'The loli house by the river.' })] }, 'entries.1.content'],
      [{ entries: [entryForm('Keep', { keywords: ['keep', 'loli'] })] }, 'entries.0.keywords'],
    ];
    for (const [over, field] of cases) {
      const res = await call(t, 'POST', '/lorebooks', owner.headers, lorebookForm('Refused', over));
      expect([field, res.status]).toEqual([field, 422]);
      expect(res.body.error).toMatchObject({ code: '1213', message: UNDERAGE_CONTENT_MESSAGE, details: { field } });
    }
    expect(await countRows(t, 'lorebooks')).toBe(before);
  });

  it('reads the lorebook as sexual once explicit text is in it: then a minor or a stated age under 18 is refused too', async () => {
    const kids = entryForm('Nursery', { content: 'Babysitting the kids.' });
    // A child alone is lore like any other.
    expect((await createLorebook(t, owner, 'Family Saga', { entries: [kids] })).entries[0]!.content).toBe('Babysitting the kids.');
    const minor = await call(t, 'POST', '/lorebooks', owner.headers, lorebookForm('Mixed', { entries: [entryForm('Tavern', { content: LEWD }), kids] }));
    expect(minor.body.error).toMatchObject({ code: '1215', details: { field: 'entries.1.content' } });
    const age = await call(t, 'POST', '/lorebooks', owner.headers, lorebookForm('Mixed', { description: 'She is 16 years old.', entries: [entryForm('Tavern', { content: LEWD })] }));
    expect(age.body.error).toMatchObject({ code: '1214', details: { field: 'description' } });
  });

  it('allows explicit lore where NSFW is allowed and refuses it (1212) on a partner application', async () => {
    expect((await createLorebook(t, owner, 'Red Lamps', { entries: [entryForm('Tavern', { content: LEWD })] })).entries[0]!.content).toBe(LEWD);
    const refused = await call(t, 'POST', '/lorebooks', partner.headers, lorebookForm('Red Lamps', { entries: [entryForm('Tavern', { content: LEWD })] }));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: '1212', message: EXPLICIT_CONTENT_MESSAGE, details: { field: 'entries.0.content' } });
    expect((await createLorebook(t, partner, 'Clean Lamps')).name).toBe('Clean Lamps');
  });

  it('checks what an update, an entry create and an entry update send, and leaves the stored lorebook as it was', async () => {
    const book = await createLorebook(t, owner, 'Harbour');
    const entryId = book.entries[0]!.id;
    const rename = await call(t, 'PATCH', `/lorebooks/${book.id}`, owner.headers, { name: 'Loli Docks' });
    expect(rename.body.error).toMatchObject({ code: '1213', details: { field: 'name' } });
    const add = await call(t, 'POST', `/lorebooks/${book.id}/entries`, owner.headers, entryForm('Cellar', { content: 'Where the loli girls are kept.' }));
    expect(add.body.error).toMatchObject({ code: '1213', details: { field: 'content' } });
    const change = await call(t, 'PATCH', `/lorebooks/${book.id}/entries/${entryId}`, owner.headers, { name: 'Loli corner' });
    expect(change.body.error).toMatchObject({ code: '1213', details: { field: 'name' } });
    expect((await call(t, 'GET', `/lorebooks/${book.id}`, owner.headers)).body).toEqual(book);
    // A change that passes is written; fields not sent are not read again.
    const ok = await call(t, 'PATCH', `/lorebooks/${book.id}/entries/${entryId}`, owner.headers, { content: 'Nets and gulls.' });
    expect([ok.status, ok.body.content]).toEqual([200, 'Nets and gulls.']);
  });

  it('answers someone else’s lorebook 403 before reading the text', async () => {
    const book = await createLorebook(t, owner, 'Private Lore');
    const entryId = book.entries[0]!.id;
    expect((await call(t, 'PATCH', `/lorebooks/${book.id}`, other.headers, { name: 'Loli Club' })).body.error.code).toBe('not_owner');
    expect((await call(t, 'POST', `/lorebooks/${book.id}/entries`, other.headers, entryForm('Loli'))).body.error.code).toBe('not_owner');
    expect((await call(t, 'PATCH', `/lorebooks/${book.id}/entries/${entryId}`, other.headers, { content: 'loli' })).body.error.code).toBe('not_owner');
  });

  it('checks an imported book’s entries as they are stored', async () => {
    const fields = { ...lorebookForm('Imported Lore'), entries: undefined };
    const book = { entries: [{ keys: ['docks', 'harbour'], content: 'Fog and cranes.' }, { keys: ['cellar'], comment: 'Cellar', content: 'The loli den.' }] };
    const res = await call(t, 'POST', '/lorebooks/import', owner.headers, { ...fields, book });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: '1213', details: { field: 'book.entries.1.content' } });
    const clean = await call(t, 'POST', '/lorebooks/import', owner.headers, { ...fields, book: { entries: [book.entries[0]] } });
    expect(clean.status).toBe(200);
  });
});
