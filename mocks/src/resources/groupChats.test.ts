import { MOCK_ACCESS_PREFIX } from '../contractRoute';
import { mockApi } from '../testing/mockApi';

const as = (userId: string) => ({ authorization: `Bearer ${MOCK_ACCESS_PREFIX}${userId}`, 'content-type': 'application/json' });
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = as('u1')) =>
  fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });

describe('the mock API’s group chats keep the rules of the API', () => {
  it('offers the member’s own chatbots first, then public matches of the query', async () => {
    mockApi();
    const all = await (await send('GET', '/groupchats/member-options')).json();
    expect(all.options.map((o: { id: string; own: boolean }) => [o.id, o.own])).toEqual([['bot3', true]]);
    const found = await (await send('GET', '/groupchats/member-options?query=a')).json();
    expect(found.options.map((o: { id: string }) => o.id)).toEqual(['bot3', 'bot1', 'bot2']);
    expect((await send('GET', '/groupchats/member-options', undefined, {})).status).toBe(401);
  });

  it('creates, reads, lists and updates a group; a public group holds only public members; only its creator changes it', async () => {
    mockApi();
    const refused = await send('POST', '/groupchats', { name: 'Night Shift', visibility: 'public', sub_character_ids: ['bot3', 'bot1'] });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ code: 'group_member_not_public', details: { character_id: 'bot3', index: 0 } });
    const tooMany = await send('POST', '/groupchats', { name: 'Crowd', visibility: 'private', sub_character_ids: Array.from({ length: 11 }, (_, i) => `b${i}`) });
    expect((await tooMany.json()).error.message).toContain("You can't add more than 10 chatbots.");

    const created = await (await send('POST', '/groupchats', { name: 'Night Shift', visibility: 'private', sub_character_ids: ['bot3', 'bot1'], tags: ['Noir'] })).json();
    expect(created).toMatchObject({ name: 'Night Shift', visibility: 'private', sub_character_ids: ['bot3', 'bot1'], creator_username: 'ada', worst_member_status: null });
    expect(created.sub_characters.map((s: { name: string }) => s.name)).toEqual(['Detective Vale', 'Captain Mira']);

    const { data } = await (await send('GET', '/users/characters?type=group')).json();
    expect(data.map((g: { id: string; sub_characters: unknown[] }) => [g.id, g.sub_characters.length])).toEqual([[created.id, 2]]);
    const bots = await (await send('GET', '/users/characters')).json();
    expect(bots.data.map((b: { id: string }) => b.id)).toEqual(['bot3']);
    expect((await (await send('GET', `/characters/${created.id}`)).json()).sub_characters).toHaveLength(2);

    expect((await send('GET', `/groupchats/${created.id}`, undefined, {})).status).toBe(404);
    expect((await send('PATCH', `/groupchats/${created.id}`, { name: 'Mine Now' }, as('u2'))).status).toBe(403);
    const renamed = await (await send('PATCH', `/groupchats/${created.id}`, { name: 'Day Shift' })).json();
    expect(renamed).toMatchObject({ name: 'Day Shift', tags: ['Noir'], sub_character_ids: ['bot3', 'bot1'] });
    expect((await send('DELETE', `/characters/${created.id}`)).status).toBe(200);
    expect((await send('GET', `/groupchats/${created.id}`)).status).toBe(404);
  });

  it('an update that sends no members keeps the stored ones still shown to the creator, checked again (the API’s planMembers)', async () => {
    mockApi();
    const created = await (await send('POST', '/groupchats', { name: 'Night Shift', visibility: 'private', sub_character_ids: ['bot3', 'bot1'] })).json();
    const madePublic = await send('PATCH', `/groupchats/${created.id}`, { visibility: 'public' });
    expect(madePublic.status).toBe(400);
    expect((await madePublic.json()).error).toMatchObject({ code: 'group_member_not_public', details: { character_id: 'bot3', index: 0 } });
    const others = await (await send('GET', `/groupchats/${created.id}`, undefined, as('u2'))).json();
    expect(others.error.code).toBe('group_chat_not_found');
  });
});
