import { MOCK_ACCESS_PREFIX } from '../contractRoute';
import { mockApi } from '../testing/mockApi';

const as = (userId: string) => ({ authorization: `Bearer ${MOCK_ACCESS_PREFIX}${userId}`, 'content-type': 'application/json' });
const send = (method: string, path: string, body?: unknown, headers = as('u1')) =>
  fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
const entry = (n: number) => ({ name: `Entry ${n}`, keywords: ['one', 'two'], content: 'Some lore.' });

describe('the mock API’s lorebooks keep the rules of the API', () => {
  it('lets anyone read a lorebook and only its creator change or remove it', async () => {
    mockApi();
    expect((await fetch('/api/lorebooks/lb1')).status).toBe(200);
    expect((await send('PATCH', '/lorebooks/lb1', { name: 'Mine now' })).status).toBe(403);
    expect((await send('DELETE', '/lorebooks/lb1')).status).toBe(403);
    expect((await send('POST', '/lorebooks/lb1/entries', entry(1))).status).toBe(403);
    expect((await send('PATCH', '/lorebooks/lb-ada', { name: 'Rain Town' })).status).toBe(200);
    expect((await fetch('/api/lorebooks/missing')).status).toBe(404);
  });

  it('lists the member’s own lorebooks, newest first, without entries', async () => {
    const fake = mockApi();
    const created = await (await send('POST', '/lorebooks', { name: 'Sea Atlas', description: 'Islands.', avatar_url: '/a.webp', tags: ['A', 'B'], entries: [entry(1)], guidelines: true })).json();
    expect(created).toMatchObject({ creator_username: 'ada', num_entries: 1, entries: [{ name: 'Entry 1' }] });
    const { lorebooks } = await (await send('GET', '/users/lorebooks')).json();
    expect(lorebooks.map((l: { id: string }) => l.id)).toEqual([created.id, 'lb-ada']);
    expect(lorebooks[0].entries).toBeUndefined();
    expect(fake.db.lorebooks.get(created.id)!.user_id).toBe('u1');
  });

  it('holds at most 100 entries and never deletes the last one', async () => {
    const fake = mockApi();
    const lorebook = fake.db.lorebooks.get('lb-ada')!;
    lorebook.entries = Array.from({ length: 100 }, (_, i) => ({ id: `e${i}`, ...entry(i) }));
    expect((await send('POST', '/lorebooks/lb-ada/entries', entry(101))).status).toBe(409);
    lorebook.entries = [{ id: 'only', ...entry(0) }];
    const last = await send('DELETE', '/lorebooks/lb-ada/entries/only');
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ error: { code: 'lorebook_last_entry' } });
  });

  it('attaches only the member’s own lorebooks to their own chatbots', async () => {
    const fake = mockApi();
    expect((await send('PUT', '/characters/bot3/lorebooks/lb1')).status).toBe(403);
    expect((await send('PUT', '/characters/bot1/lorebooks/lb-ada')).status).toBe(403);
    expect((await send('PUT', '/characters/bot3/lorebooks/lb-ada')).status).toBe(200);
    expect((await send('PUT', '/characters/bot3/lorebooks/lb-ada')).status).toBe(200);
    expect(fake.db.characters.get('bot3')!.lorebooks).toEqual([{ id: 'lb-ada', name: 'Rain City' }]);
    fake.db.characters.get('bot3')!.lorebooks = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, name: id }));
    expect((await send('PUT', '/characters/bot3/lorebooks/lb-ada')).status).toBe(409);
    fake.db.characters.get('bot3')!.lorebooks = [{ id: 'lb-ada', name: 'Rain City' }];
    await send('DELETE', '/lorebooks/lb-ada');
    expect(fake.db.characters.get('bot3')!.lorebooks).toEqual([]);
  });

  it('exports a lorebook_v3 file whose entries carry their extensions back', async () => {
    const fake = mockApi();
    fake.db.lorebooks.get('lb-ada')!.entries[0]!.extensions = { enabled: false, insertion_order: 4, extensions: { depth: 2 } };
    const file = await (await send('GET', '/lorebooks/lb-ada/export')).json();
    expect(file.spec).toBe('lorebook_v3');
    expect(file.data.entries[0]).toEqual({ name: 'The Docks', keys: ['docks', 'harbour'], content: 'Fog, cranes and smugglers; the police come here in pairs.', enabled: false, insertion_order: 4, use_regex: false, extensions: { depth: 2 } });
  });

  it('makes an imported book a lorebook, fitting its entries and keeping the rest as their extensions', async () => {
    mockApi();
    const book = { name: 'W', entries: [{ comment: 'Moonlight', keys: ['moon', 'm'.repeat(120)], content: 'x'.repeat(1200), enabled: false, extensions: { depth: 2 } }] };
    const fields = { name: 'World', description: 'A world.', avatar_url: '/a.webp', tags: ['A', 'B'], guidelines: true };
    const answer = await (await send('POST', '/lorebooks/import', { ...fields, book })).json();
    expect(answer.entries[0]).toMatchObject({ name: 'Moonlight', keywords: ['moon', 'm'.repeat(100)], extensions: { comment: 'Moonlight', enabled: false, extensions: { depth: 2 } } });
    expect(answer.entries[0].content).toHaveLength(1000);
    expect(answer.warnings).toEqual([
      '1 entry: content longer than 1000 characters was cut (the export writes it back whole).',
      '1 entry: keywords were trimmed, cut to 100 characters or to 12 keywords.',
      '1 entry: had no name of 3 to 50 characters and got one from its comment or keywords.',
    ]);
    expect((await send('POST', '/lorebooks/import', { ...fields, book: { entries: [] } })).status).toBe(400);
  });

  it('keeps the originals of fitted entries as the API does, and the export writes them back until the creator changes them', async () => {
    mockApi();
    const long = 'x'.repeat(1200);
    const keys = [' moon ', 'moon', 'm'.repeat(120)];
    const stale = { content: { stored: 'forged', original: 'forged' } };
    const book = {
      entries: [
        { keys, content: long, comment: 'Moonlight', fable_fitted: stale },
        { name: 'Tidy entry', keys: ['a', 'b'], content: 'Fine as it is.' },
      ],
    };
    const fields = { name: 'World', description: 'A world.', avatar_url: '/a.webp', tags: ['A', 'B'], guidelines: true };
    const made = await (await send('POST', '/lorebooks/import', { ...fields, book })).json();
    const [fitted, tidy] = made.entries;
    expect(fitted.extensions).toEqual({
      comment: 'Moonlight',
      fable_fitted: {
        name: { stored: 'Moonlight' },
        keys: { stored: ['moon', 'm'.repeat(100)], original: keys },
        content: { stored: 'x'.repeat(1000), original: long },
      },
    });
    expect(tidy.extensions).toEqual({});

    let file = await (await send('GET', `/lorebooks/${made.id}/export`)).json();
    expect(file.data.entries[0]).toMatchObject({ keys, content: long, comment: 'Moonlight' });
    expect(file.data.entries[0]).not.toHaveProperty('name');
    expect(file.data.entries[0]).not.toHaveProperty('fable_fitted');
    expect(file.data.entries[1]).toMatchObject({ name: 'Tidy entry', keys: ['a', 'b'], content: 'Fine as it is.' });

    await send('PATCH', `/lorebooks/${made.id}/entries/${fitted.id}`, { content: 'Rewritten by the creator.', name: 'Moon' });
    file = await (await send('GET', `/lorebooks/${made.id}/export`)).json();
    expect(file.data.entries[0]).toMatchObject({ name: 'Moon', keys, content: 'Rewritten by the creator.' });
  });

  it('answers the test view with the API’s lore engine: whole-word keys in the last 4 messages, recursion to step 3, disabled and budget left out', async () => {
    const fake = mockApi();
    const lorebook = fake.db.lorebooks.get('lb-ada')!;
    const e = (id: string, keywords: string[], content: string, extensions?: Record<string, unknown>) => ({ id, name: id, keywords, content, ...(extensions ? { extensions } : {}) });
    lorebook.entries = [
      e('docks', ['docks', 'harbour'], 'The docks are run by Hale.'),
      e('hale', ['Hale'], 'Hale drinks at the lantern.'),
      e('lantern', ['lantern'], 'The lantern sells rum.'),
      e('rum', ['rum'], 'Rum comes by boat.'),
      e('boat', ['boat'], 'Boats.'),
      e('shelf', ['elf'], 'Never: "shelf" is not "elf".'),
      e('off', ['docks'], 'Switched off.', { enabled: false }),
      e('always', [], 'Always here.', { constant: true }),
      e('big', ['/dock(s|yard)/i'], 'y'.repeat(4000)),
    ];
    const test = async (messages: string[], budget_tokens?: number) => (await send('POST', '/lorebooks/lb-ada/test', { messages, budget_tokens })).json();
    const result = await test(['Docks?', 'old message', 'x', 'y', 'Meet me at the DOCKS by the shelf.'], 200);
    expect(result.activated.map((a: { entry_id: string; step: number; matched: string }) => [a.entry_id, a.step, a.matched])).toEqual([
      // In prompt order: one place and one insertion_order for all of them, so lorebook order.
      ['docks', 0, 'docks'],
      ['hale', 1, 'Hale'],
      ['lantern', 2, 'lantern'],
      ['rum', 3, 'rum'],
      ['always', 0, '(constant)'],
    ]);
    expect(result.left_out.map((l: { entry_id: string; reason: string }) => [l.entry_id, l.reason])).toEqual([
      ['off', 'disabled'],
      ['big', 'budget'],
      ['boat', 'depth'],
    ]);
    expect(result).toMatchObject({ budget_tokens: 200, used_tokens: result.activated.reduce((n: number, a: { tokens: number }) => n + a.tokens, 0) });
    expect((await test(['Nothing here.'])).activated.map((a: { entry_id: string }) => a.entry_id)).toEqual(['always']);
    expect((await test(['the docks'])).budget_tokens).toBe(1024);
    expect((await send('POST', '/lorebooks/lb1/test', { messages: ['docks'] })).status).toBe(403);
  });

  it('reads a lorebook file sent to the card import, and leaves character cards to the cards', async () => {
    mockApi();
    const lorebook = await (await send('POST', '/characters/import', { spec: 'lorebook_v3', data: { name: 'W', entries: [{ keys: ['a'], content: 'A.' }] } })).json();
    expect(lorebook).toMatchObject({ kind: 'lorebook', entry_count: 1, lorebook: { name: 'W' } });
    const card = await (await send('POST', '/characters/import', { spec: 'chara_card_v2', data: { name: 'Mira', description: 'd', first_mes: 'hi' } })).json();
    expect(card.kind).toBe('character');
  });
});
