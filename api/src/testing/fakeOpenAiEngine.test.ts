import { readSseEvents } from '@fable/contracts';
import { fakeTokens, startFakeOpenAiEngine, type FakeOpenAiEngine } from './fakeOpenAiEngine';

let engine: FakeOpenAiEngine;
beforeEach(async () => {
  engine = await startFakeOpenAiEngine();
});
afterEach(() => engine.close());

const ask = (body: object, headers: Record<string, string> = {}) =>
  fetch(`${engine.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Reads an SSE body (the contracts' reader) into its data payloads, each pushed to `into` as it comes; rejects when the connection is cut. */
async function events(response: Response, into: string[] = []): Promise<string[]> {
  for await (const event of readSseEvents(response.body ?? [])) into.push(event.data);
  return into;
}

/**
 * Lets the sockets work (event-loop turns, not time: setImmediate is not faked) until `check` holds, at most `turns`
 * turns; false when it never held.
 */
async function untilImmediate(check: () => boolean, turns = 10_000): Promise<boolean> {
  for (let i = 0; i < turns; i += 1) {
    if (check()) return true;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return check();
}

const hello = { model: 'fake-model', messages: [{ role: 'user', content: 'Hello castle guard' }] };

it('splits text into tokens that join back to it', () => {
  expect(fakeTokens(' Hello  brave world.')).toEqual([' Hello', '  brave', ' world.']);
  expect(fakeTokens(' Hello  brave world.').join('')).toBe(' Hello  brave world.');
});

it('streams chat completion chunks over SSE, ending with a finish reason and [DONE]', async () => {
  const response = await ask({ ...hello, stream: true }, { authorization: 'Bearer sk-test' });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const data = await events(response);
  expect(data.at(-1)).toBe('[DONE]');
  const chunks = data.slice(0, -1).map((d) => JSON.parse(d) as { object: string; choices: Array<{ delta: { content?: string; role?: string }; finish_reason: string | null }> });
  expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
  expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
  expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
  const text = chunks.map((c) => c.choices[0]!.delta.content ?? '').join('');
  expect(text).toContain('Hello castle guard');
  expect(engine.requests[0]!.authorization).toBe('Bearer sk-test');
});

it('answers without streaming when stream is off, and stops at max_tokens', async () => {
  const response = await ask({ ...hello, max_tokens: 3 });
  const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
  expect(fakeTokens(body.choices[0]!.message.content)).toHaveLength(3);
});

it('echoes the whole prompt in echo mode, one role: content block per message, past max_tokens', async () => {
  engine.behaviour.echo = true;
  const messages = [
    { role: 'system', content: 'You are Sir Aldous, guard of the north gate.\nThe user is Mira.' },
    { role: 'user', content: 'Hello castle guard' },
    { role: 'assistant', content: 'Halt! Who goes there?' },
    { role: 'user', content: 'A friend of the king' },
  ];
  const streamed = await ask({ model: 'fake-model', messages, stream: true, max_tokens: 2 });
  const chunks = (await events(streamed)).slice(0, -1).map((d) => JSON.parse(d) as { choices: Array<{ delta: { content?: string }; finish_reason: string | null }> });
  const expected = 'system: You are Sir Aldous, guard of the north gate.\nThe user is Mira.\nuser: Hello castle guard\nassistant: Halt! Who goes there?\nuser: A friend of the king';
  expect(chunks.map((c) => c.choices[0]!.delta.content ?? '').join('')).toBe(expected);
  expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');

  engine.behaviour.echo = false;
  const plain = (await (await ask({ model: 'fake-model', messages })).json()) as { choices: Array<{ message: { content: string } }> };
  expect(plain.choices[0]!.message.content).not.toContain('system:');
  expect(plain.choices[0]!.message.content).toContain('A friend of the king');
});

it('waits the first-token delay before the first content', async () => {
  // The engine's waits on the test's clock; sockets and everything else run as usual.
  jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval'] });
  try {
    engine.behaviour.firstTokenDelayMs = 150;
    const received: string[] = [];
    const reading = ask({ ...hello, stream: true }).then((response) => events(response, received));
    const contents = () => received.filter((d) => d.includes('"content"'));
    // The role chunk goes out at once, then the engine waits on a timer.
    expect(await untilImmediate(() => received.length > 0 && jest.getTimerCount() === 1)).toBe(true);
    await jest.advanceTimersByTimeAsync(149);
    await untilImmediate(() => false, 20);
    expect(contents()).toEqual([]);
    expect(jest.getTimerCount()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(await untilImmediate(() => contents().length > 0)).toBe(true);
    await expect(reading).resolves.toContain('[DONE]');
  } finally {
    jest.useRealTimers();
  }
});

it('records when each request arrived and when each of its tokens was sent (for the benchmark)', async () => {
  engine.behaviour.firstTokenDelayMs = 60;
  engine.behaviour.tokenIntervalMs = 5;
  const data = await events(await ask({ ...hello, stream: true }));
  const contentChunks = data.filter((d) => d.includes('"content"'));
  const record = engine.requests[0]!;
  expect(record.tokenSentAt).toHaveLength(contentChunks.length);
  expect(record.tokenSentAt[0]! - record.receivedAt).toBeGreaterThanOrEqual(55);
  expect(record.tokenSentAt.every((t, i) => i === 0 || t >= record.tokenSentAt[i - 1]!)).toBe(true);
});

it('fails with the configured status and an OpenAI error body', async () => {
  engine.behaviour.failWithStatus = 503;
  const response = await ask({ ...hello, stream: true });
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ error: { message: 'fake engine failure 503', type: 'server_error' } });
});

it('cuts the connection mid-stream after the configured tokens', async () => {
  engine.behaviour.cutAfterTokens = 2;
  const response = await ask({ ...hello, stream: true });
  const received: string[] = [];
  await expect(events(response, received)).rejects.toThrow();
  const contents = received.filter((d) => d.includes('"content"'));
  expect(contents).toHaveLength(2);
  expect(received).not.toContain('[DONE]');
});

it('changes only the replies to prompts whose last user message holds a scope’s key, the longest key winning', async () => {
  engine.scopes.set('castle', { failWithStatus: 503 });
  engine.scopes.set('castle guard', { failWithStatus: 429 });
  engine.scopes.set('tavern', { echo: true });
  expect((await ask({ ...hello, stream: true })).status).toBe(429);
  const earlier = { model: 'fake-model', messages: [{ role: 'user', content: 'At the castle' }, { role: 'assistant', content: 'Yes?' }, { role: 'user', content: 'Nothing' }] };
  const plain = (await (await ask(earlier)).json()) as { choices: Array<{ message: { content: string } }> };
  expect(plain.choices[0]!.message.content).toBe('*smiles* You said "Nothing". Tell me more, I am listening.');
  const echoed = (await (await ask({ model: 'fake-model', messages: [{ role: 'user', content: 'To the tavern' }] })).json()) as { choices: Array<{ message: { content: string } }> };
  expect(echoed.choices[0]!.message.content).toBe('user: To the tavern');
  engine.scopes.delete('castle guard');
  expect((await ask({ ...hello, stream: true })).status).toBe(503);
  expect(engine.behaviour.failWithStatus).toBeUndefined();
});

it('rejects a body without model or messages', async () => {
  const response = await ask({ messages: 'nope' });
  expect(response.status).toBe(400);
});
