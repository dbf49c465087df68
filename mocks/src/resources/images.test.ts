import { readSseEvents } from '@fable/contracts';
import { MOCK_ACCESS_PREFIX } from '../contractRoute';
import { mockApi } from '../testing/mockApi';

const member = { authorization: `Bearer ${MOCK_ACCESS_PREFIX}u1`, 'content-type': 'application/json' };
const post = (path: string, body: unknown) => fetch(`/api${path}`, { method: 'POST', headers: member, body: JSON.stringify(body) });

describe('the mock API’s conversation images, as the API’s', () => {
  it('adds the picture as the bot’s next message, draws it again in place, and queues training', async () => {
    mockApi();
    const turn = await post('/chat', { character_id: 'bot1', message: 'Hello' });
    let conversationId = '';
    for await (const { event, data } of readSseEvents(turn.body!)) if (event === 'start') conversationId = (JSON.parse(data) as { conversation_id: string }).conversation_id;
    const drawn = (await (await post('/conversation-image', { conversation_id: conversationId, character_id: 'bot1', image_prompt: 'a harbour' })).json()) as { id: string; image_url: string };
    expect(drawn.image_url).toMatch(/^\/api\/images\/[0-9a-f]{32}\/500x600\.webp$/);
    const again = (await (await post('/conversation-image', { conversation_id: conversationId, character_id: 'bot1', image_prompt: 'a storm', message_id: drawn.id })).json()) as { id: string; image_prompt: string };
    expect(again).toMatchObject({ id: drawn.id, image_prompt: 'a storm' });
    const listed = (await (await fetch(`/api/conversations/${conversationId}/messages`, { headers: member })).json()) as { messages: Array<{ id: string; image_prompt?: string }> };
    expect(listed.messages.at(-1)).toMatchObject({ id: drawn.id, image_prompt: 'a storm' });
    expect((await post('/conversation-image', { conversation_id: 'nope', character_id: 'bot1' })).status).toBe(404);
    expect(await (await post('/characters/train', { character_id: 'bot1' })).json()).toEqual({ count: 1 });
  });
});
