import { SUGGESTION_MESSAGES, SuggestTagsResultSchema } from '@fable/contracts';
import { defaultReply, startFakeOpenAiEngine, type FakeChatRequest, type FakeOpenAiEngine } from '../../testing/fakeOpenAiEngine';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { call, signUpMember, type Member } from '../moderation/testing/chatbotTestKit';

/**
 * The suggestion calls through the OpenAI-compatible adapter (the engine a models file configures), against the fake
 * engine: what the engine is asked, how its answers are cleaned, the tag fallback, the engine's refusals, the limit.
 */

const FORM = {
  name: 'Mortimer',
  title: 'Mortimer, a vampire count',
  greeting: 'Good evening, {{user}}. Do come in out of the cold.',
  persona: 'Mortimer is an ancient vampire who hosts guests in his castle. His mansion is haunted; the vampire hides a horror.',
};

/** Suggestions per member before 429 in these tests. */
const SUGGESTION_LIMIT = 4;

describe.each(BACKENDS)('suggestions through the inference adapter on %s', (backend) => {
  let t: TestApp;
  let engine: FakeOpenAiEngine;

  beforeAll(async () => {
    engine = await startFakeOpenAiEngine();
    t = await startTestApp(backend, {
      config: { inferenceModels: [{ id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, model: 'fake-model', hide_unauthorized: false }] },
      limits: { suggestion: { max: SUGGESTION_LIMIT, windowSeconds: 600 } },
    });
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });
  beforeEach(() => {
    engine.behaviour = { ...engine.behaviour, failWithStatus: undefined, reply: defaultReply, tokenIntervalMs: 0, firstTokenDelayMs: 0 };
  });

  const answering = (reply: string | ((request: FakeChatRequest) => string)) => {
    engine.behaviour = { ...engine.behaviour, reply: typeof reply === 'string' ? () => reply : reply };
  };
  const member = () => signUpMember(t, 'writer');
  const suggestField = (m: Member, field: string, values: Record<string, unknown> = FORM) =>
    call(t, 'POST', '/characters/suggest_field', m.headers, { field, fields_values: values });
  const suggestTags = (m: Member, body: Record<string, unknown> = FORM) => call(t, 'POST', '/characters/suggest_tags', m.headers, body);

  it('asks the default model with a short answer budget and a prompt built from the other fields', async () => {
    answering('*Mortimer bows* Welcome to my home, {{user}}.');
    const res = await suggestField(await member(), 'greeting');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ field: 'greeting', suggested_value: '*Mortimer bows* Welcome to my home, {{user}}.' });
    const sent = engine.requests.at(-1)!.body;
    expect(sent.model).toBe('fake-model');
    expect(sent.max_tokens).toBeLessThanOrEqual(400);
    const prompt = sent.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('Name:\nMortimer');
    expect(prompt).toContain('Personality:\nMortimer is an ancient vampire');
    expect(prompt).toContain('The current greeting is:\nGood evening');
    expect(sent.messages[0]!.content).toContain('At most 2000 characters');
  });

  it('cleans the answer: label, quotes, markdown and links go; the field maximum holds', async () => {
    const m = await member();
    answering('Greeting: "**Good evening**, {{user}}. Read [my diary](https://example.com/diary) or visit www.example.com."');
    expect((await suggestField(m, 'greeting')).body.suggested_value).toBe('Good evening, {{user}}. Read my diary or visit.');
    answering(`"${'A very long title that goes on '.repeat(8)}"`);
    const title = (await suggestField(m, 'title')).body.suggested_value as string;
    expect(title.length).toBeLessThanOrEqual(100);
    expect(title).toMatch(/^A very long title that goes on/);
    expect(title).not.toMatch(/["\s]$/);
    answering('Name: **Count Mortimer von Nachtschatten the Third**');
    const name = (await suggestField(m, 'name')).body.suggested_value as string;
    expect(name.length).toBeLessThanOrEqual(20);
    expect(name).toBe('Count Mortimer von');
  });

  it('refuses an answer without letters after cleanup (422)', async () => {
    answering('"12345 ... https://example.com !!!"');
    const res = await suggestField(await member(), 'scenario');
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({ code: 'suggestion_unusable', message: SUGGESTION_MESSAGES.noLetters });
  });

  it('takes the tags the model names among the offered ones, in its order', async () => {
    answering('1. Vampire\n2. Spaceships\n3. horror\n4. Vampire');
    const res = await suggestTags(await member(), { ...FORM, tags: ['Male'] });
    expect(res.status).toBe(200);
    expect(SuggestTagsResultSchema.parse(res.body).suggested_tags).toEqual([
      { label: 'Vampire', confidence: 0.9 },
      { label: 'Horror', confidence: 0.8 },
    ]);
    const system = engine.requests.at(-1)!.body.messages[0]!.content;
    expect(system).toContain('Vampire');
    expect(system).not.toMatch(/\bMale\b/);
  });

  it('falls back to the tag names found in the text when the model names no offered tag, or cannot answer', async () => {
    answering('I would tag this as spooky and gothic.');
    const fallback = await suggestTags(await member());
    expect(fallback.status).toBe(200);
    const labels = fallback.body.suggested_tags.map((s: { label: string }) => s.label);
    // Only tags whose names occur in the text: "vampire" three times, "horror" once.
    expect(labels).toEqual(['Vampire', 'Horror']);
    expect(fallback.body.suggested_tags).toEqual([
      { label: 'Vampire', confidence: 0.6 },
      { label: 'Horror', confidence: 0.4 },
    ]);
    engine.behaviour = { ...engine.behaviour, failWithStatus: 503 };
    const busy = await suggestTags(await member());
    expect(busy.status).toBe(200);
    expect(busy.body).toEqual(fallback.body);
  });

  it('passes the engine’s refusals on for a field: 503 busy, 502 failed, 429 with Retry-After', async () => {
    const m = await member();
    engine.behaviour = { ...engine.behaviour, failWithStatus: 503 };
    const busy = await suggestField(m, 'persona');
    expect(busy.status).toBe(503);
    expect(busy.body.error).toEqual({ code: 'suggestion_busy', message: SUGGESTION_MESSAGES.busy });
    engine.behaviour = { ...engine.behaviour, failWithStatus: 500 };
    expect((await suggestField(m, 'persona')).body.error.code).toBe('suggestion_failed');
    engine.behaviour = { ...engine.behaviour, failWithStatus: 429 };
    const limited = await t.app.inject({ method: 'POST', url: '/api/characters/suggest_tags', headers: m.headers, payload: FORM });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it(`limits each member to ${SUGGESTION_LIMIT} suggestions in the window (429), counting both calls`, async () => {
    const m = await member();
    answering('Fantasy');
    for (let i = 0; i < SUGGESTION_LIMIT / 2; i += 1) {
      expect((await suggestField(m, 'title')).status).toBe(200);
      expect((await suggestTags(m)).status).toBe(200);
    }
    const over = await suggestField(m, 'title');
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate_limited');
    // Another member has their own count.
    expect((await suggestField(await member(), 'title')).status).toBe(200);
  });
});
