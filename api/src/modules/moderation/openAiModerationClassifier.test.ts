import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readModerationEndpoint, openContentClassifier } from './moderationConfig';
import { createOpenAiModerationClassifier } from './openAiModerationClassifier';

/** A fake OpenAI-compatible moderation endpoint: flags `sexual` for texts with "SEXUAL", `sexual/minors` for "MINORS". */
interface FakeEndpoint {
  url: string;
  requests: Array<{ path: string; authorization?: string; body: { model: string; input: string[] } }>;
  status: number;
  close(): Promise<void>;
}

async function fakeEndpoint(): Promise<FakeEndpoint> {
  const requests: FakeEndpoint['requests'] = [];
  const state = { status: 200 };
  const read = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return JSON.parse(text) as { model: string; input: string[] };
  };
  const server: Server = createServer((req, res) => {
    void read(req).then((body) => {
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      if (state.status !== 200) {
        res.writeHead(state.status).end('{"error":"down"}');
        return;
      }
      const results = body.input.map((text) => ({
        flagged: /SEXUAL|MINORS/.test(text),
        categories: { sexual: text.includes('SEXUAL'), 'sexual/minors': text.includes('MINORS'), violence: false },
        category_scores: {},
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'modr-1', model: body.model, results }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    get status() {
      return state.status;
    },
    set status(value: number) {
      state.status = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the OpenAI-compatible moderation classifier', () => {
  let endpoint: FakeEndpoint;
  beforeAll(async () => {
    endpoint = await fakeEndpoint();
  });
  afterAll(async () => {
    await endpoint.close();
  });

  it('sends every non-empty text in one call and maps sexual and sexual/minors', async () => {
    const classifier = createOpenAiModerationClassifier({ baseUrl: `${endpoint.url}/`, apiKey: 'sk-test', model: 'omni-moderation-latest' });
    const result = await classifier.classify([
      { field: 'name', text: 'Aria' },
      { field: 'persona', text: 'SEXUAL content' },
      { field: 'scenario', text: '   ' },
      { field: 'tags', text: 'MINORS' },
    ]);
    expect(result).toEqual([
      { field: 'name', explicit: null, sexualMinors: null, minor: null, ageUnder18: null },
      { field: 'persona', explicit: 'sexual', sexualMinors: null, minor: null, ageUnder18: null },
      { field: 'scenario', explicit: null, sexualMinors: null, minor: null, ageUnder18: null },
      { field: 'tags', explicit: null, sexualMinors: 'sexual/minors', minor: null, ageUnder18: null },
    ]);
    expect(endpoint.requests.at(-1)).toEqual({
      path: '/v1/moderations',
      authorization: 'Bearer sk-test',
      body: { model: 'omni-moderation-latest', input: ['Aria', 'SEXUAL content', 'MINORS'] },
    });
  });

  it('throws when the endpoint fails; the configured classifier falls back to the rules and reports it', async () => {
    endpoint.status = 503;
    try {
      const remote = createOpenAiModerationClassifier({ baseUrl: endpoint.url });
      await expect(remote.classify([{ field: 'name', text: 'Aria' }])).rejects.toThrow('moderation endpoint answered 503');
      const errors: unknown[] = [];
      const configured = openContentClassifier({ url: endpoint.url, model: 'm' }, (err) => errors.push(err));
      const [signals] = await configured.classify([{ field: 'persona', text: 'a loli' }]);
      expect(signals?.sexualMinors).toBe('sexualized_minor_terms');
      expect(errors).toHaveLength(1);
    } finally {
      endpoint.status = 200;
    }
  });

  it('is configured by MODERATION_URL, MODERATION_API_KEY and MODERATION_MODEL', () => {
    expect(readModerationEndpoint({})).toEqual({ problems: [] });
    expect(readModerationEndpoint({ MODERATION_URL: 'https://api.openai.com/v1', MODERATION_API_KEY: 'k' })).toEqual({
      endpoint: { url: 'https://api.openai.com/v1', apiKey: 'k', model: 'omni-moderation-latest' },
      problems: [],
    });
    expect(readModerationEndpoint({ MODERATION_URL: 'ftp://x' }).problems).toEqual(['MODERATION_URL: must start with http:// or https://']);
    expect(readModerationEndpoint({ MODERATION_API_KEY: 'k' }).problems).toEqual(['MODERATION_API_KEY: set without MODERATION_URL']);
    expect(openContentClassifier(undefined, () => undefined).name).toBe('rules');
  });
});
