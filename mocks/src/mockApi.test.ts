import { discoveryCalls, readSseEvents } from '@fable/contracts';
import { contractRoute, MOCK_ACCESS_PREFIX, mockReply } from '.';
import { mockApi, mockServer } from './testing/mockApi';

const member = { authorization: `Bearer ${MOCK_ACCESS_PREFIX}u1`, 'content-type': 'application/json' };
const get = (path: string, headers: Record<string, string> = member) => fetch(`/api${path}`, { headers });
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = member) =>
  fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });

describe('the mock API answers as the contracts say', () => {
  it('refuses a body outside the call schema with 400 validation_error, as the API does', async () => {
    mockApi();
    const response = await send('POST', '/personas', { name: 'x'.repeat(500) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'validation_error' } });
  });

  it('answers 401 to a guest on a members-only call', async () => {
    mockApi();
    const response = await get('/conversations', {});
    expect(response.status).toBe(401);
  });

  it('fails the request when a handler answers outside the call response schema', async () => {
    mockApi();
    mockServer.use(contractRoute(discoveryCalls.profile, () => ({ id: 'bot1' }) as never));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await get('/characters/bot1');
    expect(response.status).toBe(500);
    expect(String(logged.mock.calls[0]?.[0])).toContain('mock GET /characters/:characterId answered outside its contract');
    logged.mockRestore();
  });
});

describe('the resources keep state between requests', () => {
  it('a favourite shows on the profile, in the count and in the favourites list', async () => {
    mockApi();
    const before = await (await get('/characters/bot2')).json();
    expect(before.viewer.is_favorite).toBe(false);
    expect((await send('PUT', '/characters/bot2/favorite')).status).toBe(200);
    const after = await (await get('/characters/bot2')).json();
    expect(after.viewer.is_favorite).toBe(true);
    expect(after.num_favorites).toBe(before.num_favorites + 1);
    const favorites = await (await get('/users/favorites')).json();
    expect(favorites.hits.map((h: { id: string }) => h.id)).toEqual(['bot2']);
  });

  it('hides a private chatbot from others and the definition the creator withheld', async () => {
    mockApi({ seed: { member: { id: 'u9', username: 'zed' } } });
    expect((await get('/characters/bot3', { authorization: `Bearer ${MOCK_ACCESS_PREFIX}u9` })).status).toBe(404);
  });

  it('streams a chat reply as Server-Sent Events and keeps the conversation', async () => {
    mockApi();
    const response = await send('POST', '/chat', { character_id: 'bot1', message: 'Hello there' });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = [];
    for await (const event of readSseEvents(response.body!)) events.push(event);
    expect(events[0]!.event).toBe('start');
    expect(events.at(-1)!.event).toBe('done');
    const tokens = events.filter((e) => e.event === 'token').map((e) => (JSON.parse(e.data) as { text: string }).text);
    expect(tokens.join('')).toBe(mockReply('Captain Mira', 'Hello there'));
    const { conversation_id } = JSON.parse(events[0]!.data) as { conversation_id: string };
    const saved = await (await get(`/conversations/${conversation_id}/messages`)).json();
    expect(saved.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  });

  it('refuses to delete the default persona with the spec text, and deletes another', async () => {
    mockApi();
    const refused = await send('DELETE', '/personas/persona-ada');
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(
      'You cannot delete the default persona, please set another persona as the default or create a new one first.',
    );
    const created = await (await send('POST', '/personas', { name: 'Wanderer', highlights: 'Quiet and kind.', avatar_url: '/a.png' })).json();
    expect((await send('DELETE', `/personas/${created.id}`)).status).toBe(200);
    expect((await (await get('/personas')).json()).personas.map((p: { name: string }) => p.name)).toEqual(['Ada']);
  });

  it('records every call, and an override answers before the resources', async () => {
    const api = mockApi({ overrides: { 'GET /characters/bot1': { status: 503, body: { error: { code: 'x', message: 'down' } } } } });
    expect((await get('/characters/bot1')).status).toBe(503);
    expect((await get('/characters/bot2')).status).toBe(200);
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /characters/bot1', 'GET /characters/bot2']);
  });

  it('fails a request nobody answers as a network error, without reaching the network', async () => {
    mockApi();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(get('/no/such/resource')).rejects.toThrow('Failed to fetch');
    expect(warn).toHaveBeenCalledWith('[mockApi] no handler for GET /api/no/such/resource');
    warn.mockRestore();
  });
});
