import { readSseEvents } from '@fable/contracts';
import { MOCK_ACCESS_PREFIX } from '../contractRoute';
import { mockApi } from '../testing/mockApi';

const member = { authorization: `Bearer ${MOCK_ACCESS_PREFIX}u1`, 'content-type': 'application/json' };
const guest = { 'content-type': 'application/json' };
const send = (path: string, body: unknown, headers: Record<string, string> = member) => fetch(`/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

type Event = { event: string; data: Record<string, unknown> };
async function chat(body: Record<string, unknown>, headers: Record<string, string> = member): Promise<Event[]> {
  const response = await send('/chat', body, headers);
  expect(response.status).toBe(200);
  const events: Event[] = [];
  for await (const { event, data } of readSseEvents(response.body!)) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
  return events;
}
const startOf = (events: Event[]) => events.find((e) => e.event === 'start')!.data;
const replyOf = (events: Event[]) => events.find((e) => e.event === 'done')!.data.message as { character_id?: string | null };

describe('the mock API’s chat stream, as the API’s', () => {
  /** A public group of two of the seed's public chatbots, bot1 then bot2. */
  async function newGroup(): Promise<string> {
    const created = await send('/groupchats', { name: 'Night Shift', visibility: 'public', sub_character_ids: ['bot1', 'bot2'] });
    expect(created.status).toBe(200);
    return ((await created.json()) as { id: string }).id;
  }

  it('a group chat’s start event names the member who speaks (AUTO and asked), before the first token', async () => {
    mockApi();
    const group = await newGroup();
    const first = await chat({ character_id: group, message: 'Hello crew' });
    expect(first.map((e) => e.event)[0]).toBe('start');
    expect(startOf(first).character_id).toBeTruthy();
    expect(startOf(first).character_id).toBe(replyOf(first).character_id);
    const conversation = startOf(first).conversation_id as string;
    const next = await chat({ character_id: group, conversation_id: conversation, sub_character_id: 'AUTO' });
    expect(startOf(next).character_id).toBe(replyOf(next).character_id);
    expect(startOf(next).character_id).not.toBe(startOf(first).character_id);
    const asked = await chat({ character_id: group, conversation_id: conversation, sub_character_id: 'bot2' });
    expect(startOf(asked).character_id).toBe('bot2');
  });

  it('chooses as the API does (@fable/rules/group): the earliest member named speaks; one who is no member is refused', async () => {
    mockApi();
    const group = await newGroup();
    expect(startOf(await chat({ character_id: group, message: 'Brother Aldric, then you, Captain Mira?' })).character_id).toBe('bot2');
    const refused = await send('/chat', { character_id: group, sub_character_id: 'bot3' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.code).toBe('sub_character_not_member');
  });

  it('a chatbot’s start event names no member', async () => {
    mockApi();
    expect(startOf(await chat({ character_id: 'bot1', message: 'Hello' }))).not.toHaveProperty('character_id');
  });

  it('a guest’s history names each reply’s member: AUTO goes on after the last one who spoke', async () => {
    mockApi();
    const group = await newGroup();
    const after = async (speaker: string) =>
      startOf(
        await chat(
          { character_id: group, sub_character_id: 'AUTO', history: [{ role: 'user', content: 'Hello crew' }, { role: 'assistant', content: 'Aye.', character_id: speaker }] },
          guest,
        ),
      ).character_id;
    expect(await after('bot1')).toBe('bot2');
    expect(await after('bot2')).toBe('bot1');
  });
});
