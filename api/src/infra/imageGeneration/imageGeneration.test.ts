import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createA1111ImageGenerator } from './a1111ImageGenerator';
import { DEMO_SIZE, createDemoImageGenerator } from './demoImageGenerator';
import { fakePicture, startFakeA1111Server, startFakeOpenAiImagesServer, type FakeImageServer } from './fakeImageServers';
import { readImageGeneratorsFile } from './generatorConfig';
import { ImageGenerationError, type ImageGenerationRequest } from './imageGenerator';
import { createImageGenerators } from './imageGenerators';
import { createOpenAiImageGenerator } from './openAiImageGenerator';

const signal = () => new AbortController().signal;
const REQUEST: ImageGenerationRequest = { prompt: 'a knight with silver hair', negativePrompt: 'blurry', seed: 42, style: 'anime' };

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ImageGenerationError) return { kind: err.kind, message: err.message, retryAfter: err.retryAfterSeconds };
    throw err;
  }
  throw new Error('expected a failure');
};

describe('the demo image generator', () => {
  const demo = createDemoImageGenerator();

  it('draws a real PNG, the same for the same prompt, seed and style, another for another seed or style', async () => {
    const first = await demo.generate(REQUEST, signal());
    expect(demo).toMatchObject({ name: 'demo', demo: true });
    expect(first.seed).toBe(42);
    expect(first.guidanceApplied).toBe(false);
    const meta = await sharp(first.bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: DEMO_SIZE.width, height: DEMO_SIZE.height });
    expect((await demo.generate(REQUEST, signal())).bytes.equals(first.bytes)).toBe(true);
    expect((await demo.generate({ ...REQUEST, seed: 43 }, signal())).bytes.equals(first.bytes)).toBe(false);
    expect((await demo.generate({ ...REQUEST, style: 'semi-realistic' }, signal())).bytes.equals(first.bytes)).toBe(false);
    expect((await demo.generate({ ...REQUEST, prompt: 'a wizard' }, signal())).bytes.equals(first.bytes)).toBe(false);
  });

  it('lays a guidance picture over its drawing', async () => {
    const plain = await demo.generate(REQUEST, signal());
    const guided = await demo.generate({ ...REQUEST, guidance: await fakePicture(100, 100, 0) }, signal());
    expect(guided.guidanceApplied).toBe(true);
    expect(guided.bytes.equals(plain.bytes)).toBe(false);
    // The guidance here is nearly black: the guided picture is darker.
    const mean = async (png: Buffer) => (await sharp(png).stats()).channels.slice(0, 3).reduce((sum, c) => sum + c.mean, 0);
    expect(await mean(guided.bytes)).toBeLessThan((await mean(plain.bytes)) * 0.8);
  });
});

describe('the OpenAI-compatible images adapter (against a fake endpoint over a socket)', () => {
  let server: FakeImageServer;
  beforeAll(async () => {
    server = await startFakeOpenAiImagesServer();
  });
  afterAll(async () => server?.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.answers.length = 0;
  });
  const generator = (options: Partial<Parameters<typeof createOpenAiImageGenerator>[0]> = {}) =>
    createOpenAiImageGenerator({ name: 'openai:test', baseUrl: `${server.baseUrl}/v1/`, apiKey: 'sk-test', model: 'dall-e-3', size: '1024x1024', responseFormat: 'b64_json', timeoutMs: 5000, ...options });

  it('posts the prompt with the style and what to avoid, and answers the picture', async () => {
    const picture = await generator({ promptPrefix: 'portrait' }).generate(REQUEST, signal());
    expect(await sharp(picture.bytes).metadata()).toMatchObject({ format: 'png', width: 64, height: 80 });
    expect(picture).toMatchObject({ seed: 42, guidanceApplied: false });
    const [sent] = server.requests;
    expect(sent?.path).toBe('/v1/images/generations');
    expect(sent?.headers.authorization).toBe('Bearer sk-test');
    expect(sent?.body).toEqual({
      model: 'dall-e-3',
      n: 1,
      size: '1024x1024',
      response_format: 'b64_json',
      prompt: 'portrait, a knight with silver hair. Style: anime illustration, clean line art, cel shading. Avoid: blurry',
    });
  });

  it('leaves response_format out when configured so, and takes base64 with a data: prefix', async () => {
    const png = await fakePicture(10, 10, 1);
    server.answers.push({ status: 200, json: { data: [{ b64_json: `data:image/png;base64,${png.toString('base64')}` }] } });
    const picture = await generator({ responseFormat: null, apiKey: undefined }).generate(REQUEST, signal());
    expect(picture.bytes.equals(png)).toBe(true);
    expect(server.requests[0]?.body).not.toHaveProperty('response_format');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('fetches a picture answered as a URL', async () => {
    const png = await fakePicture(12, 12, 2);
    server.answers.push({ status: 200, json: { data: [{ url: `${server.baseUrl}/files/picture.png` }] } }, { status: 200, bytes: png });
    const picture = await generator().generate(REQUEST, signal());
    expect(picture.bytes.equals(png)).toBe(true);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/images/generations', 'GET /files/picture.png']);
    server.answers.push({ status: 200, json: { data: [{ url: `${server.baseUrl}/files/gone.png` }] } }, { status: 404, json: {} });
    expect(await failure(generator().generate(REQUEST, signal()))).toMatchObject({ kind: 'failed', message: 'the generated picture could not be fetched (404)' });
  });

  it('tells rate limits, busy servers, refusals and failures apart', async () => {
    server.answers.push({ status: 429, json: { error: { message: 'slow down' } }, headers: { 'retry-after': '7' } });
    expect(await failure(generator().generate(REQUEST, signal()))).toEqual({ kind: 'rate_limited', message: 'slow down', retryAfter: 7 });
    server.answers.push({ status: 503, json: {} });
    expect((await failure(generator().generate(REQUEST, signal()))).kind).toBe('busy');
    server.answers.push({ status: 400, json: { error: { message: 'Your request was rejected by our safety system', code: 'content_policy_violation' } } });
    expect((await failure(generator().generate(REQUEST, signal()))).kind).toBe('refused');
    server.answers.push({ status: 400, json: { error: { message: 'Invalid size', code: 'invalid_value' } } });
    expect(await failure(generator().generate(REQUEST, signal()))).toMatchObject({ kind: 'failed', message: 'Invalid size' });
    server.answers.push({ status: 200, json: { data: [] } });
    expect(await failure(generator().generate(REQUEST, signal()))).toMatchObject({ kind: 'failed', message: 'the image generator answered no picture' });
    server.answers.push({ status: 200, text: '<html>' });
    expect((await failure(generator().generate(REQUEST, signal()))).kind).toBe('failed');
    expect(await failure(generator({ baseUrl: 'http://127.0.0.1:1/v1' }).generate(REQUEST, signal()))).toMatchObject({ kind: 'failed' });
  });

  it('gives up on a generator that does not answer in time (busy)', async () => {
    server.answers.push('hang');
    expect(await failure(generator({ timeoutMs: 200 }).generate(REQUEST, signal()))).toMatchObject({ kind: 'busy' });
    // On a busy machine the request may reach the server after the client gave up: wait until it has taken its 'hang',
    // or it would arrive during the next test and take that test's answer.
    while (server.answers.length > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests).toHaveLength(1);
  });
});

describe('the Automatic1111 adapter (against a fake server over a socket)', () => {
  let server: FakeImageServer;
  beforeAll(async () => {
    server = await startFakeA1111Server();
  });
  afterAll(async () => server?.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.answers.length = 0;
  });
  const generator = (options: Partial<Parameters<typeof createA1111ImageGenerator>[0]> = {}) =>
    createA1111ImageGenerator({
      name: 'a1111:test',
      baseUrl: server.baseUrl,
      model: 'anything-v5',
      width: 512,
      height: 640,
      steps: 20,
      cfgScale: 7,
      denoisingStrength: 0.55,
      timeoutMs: 5000,
      ...options,
    });

  it('posts txt2img with the prompt, negative prompt, seed, size and checkpoint, and reads the seed back', async () => {
    const picture = await generator({ promptPrefix: 'masterpiece', negativePromptPrefix: 'lowres', sampler: 'Euler a', basicAuth: 'user:pass' }).generate(REQUEST, signal());
    expect(await sharp(picture.bytes).metadata()).toMatchObject({ format: 'png', width: 512, height: 640 });
    expect(picture).toMatchObject({ seed: 42, guidanceApplied: false });
    const [sent] = server.requests;
    expect(sent?.path).toBe('/sdapi/v1/txt2img');
    expect(sent?.headers.authorization).toBe(`Basic ${Buffer.from('user:pass').toString('base64')}`);
    expect(sent?.body).toEqual({
      prompt: 'masterpiece, a knight with silver hair',
      negative_prompt: 'lowres, blurry',
      seed: 42,
      width: 512,
      height: 640,
      steps: 20,
      cfg_scale: 7,
      sampler_name: 'Euler a',
      batch_size: 1,
      n_iter: 1,
      send_images: true,
      save_images: false,
      override_settings: { sd_model_checkpoint: 'anything-v5' },
      override_settings_restore_afterwards: true,
    });
  });

  it('takes the seed the server reports, and sends a guidance picture to img2img', async () => {
    server.answers.push({ status: 200, json: { images: [(await fakePicture(8, 8, 1)).toString('base64')], info: JSON.stringify({ seed: 987654 }) } });
    expect((await generator().generate(REQUEST, signal())).seed).toBe(987654);
    const guidance = await fakePicture(16, 16, 3);
    const guided = await generator().generate({ ...REQUEST, guidance }, signal());
    expect(guided.guidanceApplied).toBe(true);
    const sent = server.requests[1];
    expect(sent?.path).toBe('/sdapi/v1/img2img');
    expect(sent?.body).toMatchObject({ init_images: [guidance.toString('base64')], denoising_strength: 0.55, seed: 42 });
  });

  it('fails clearly on errors and answers without a picture', async () => {
    server.answers.push({ status: 500, json: { detail: 'CUDA out of memory' } });
    expect(await failure(generator().generate(REQUEST, signal()))).toMatchObject({ kind: 'failed', message: 'CUDA out of memory' });
    server.answers.push({ status: 429, json: {}, headers: { 'retry-after': 'soon' } });
    expect(await failure(generator().generate(REQUEST, signal()))).toMatchObject({ kind: 'rate_limited', retryAfter: undefined });
    server.answers.push({ status: 200, json: { images: ['%%%not base64%%%'] } });
    expect((await failure(generator().generate(REQUEST, signal()))).kind).toBe('failed');
  });
});

describe('the generators configuration', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fable-generators-'));
  const file = (name: string, content: unknown) => {
    const at = path.join(dir, name);
    writeFileSync(at, typeof content === 'string' ? content : JSON.stringify(content));
    return at;
  };

  it('reads entries with their defaults, and refuses bad files by name', () => {
    const entries = readImageGeneratorsFile(
      file('ok.json', [
        { kind: 'a1111', styles: ['anime'], base_url: 'http://127.0.0.1:7860' },
        { kind: 'openai', styles: ['semi-realistic'], base_url: 'https://api.example/v1', api_key_env: 'IMAGES_KEY', response_format: null },
      ]),
    );
    expect(entries[0]).toMatchObject({ kind: 'a1111', width: 512, height: 640, steps: 28, timeout_seconds: 120 });
    expect(entries[1]).toMatchObject({ kind: 'openai', model: 'dall-e-3', size: '1024x1024', response_format: null });
    expect(() => readImageGeneratorsFile(file('bad.json', '{'))).toThrow(/bad\.json/);
    expect(() => readImageGeneratorsFile(file('style.json', [{ kind: 'a1111', styles: ['watercolour'], base_url: 'http://x' }]))).toThrow(/styles\.0/);
    expect(() => readImageGeneratorsFile(file('url.json', [{ kind: 'openai', styles: ['anime'], base_url: 'ftp://x' }]))).toThrow(/base_url must be an http\(s\) URL/);
    expect(() =>
      readImageGeneratorsFile(file('twice.json', [
        { kind: 'a1111', styles: ['anime'], base_url: 'http://a' },
        { kind: 'a1111', styles: ['anime'], base_url: 'http://b' },
      ])),
    ).toThrow('style anime is served by two entries');
  });

  it('serves every style with the demo generator when none is configured, and only the configured ones otherwise', () => {
    const demo = createImageGenerators(undefined);
    expect(demo.forStyle('anime_v2')).toMatchObject({ name: 'demo', demo: true });
    const configured = createImageGenerators(
      [{ kind: 'openai', styles: ['anime'], base_url: 'http://x/v1', api_key_env: 'IMAGES_KEY', model: 'm', size: '1024x1024', response_format: 'b64_json', timeout_seconds: 60 }],
      { IMAGES_KEY: 'k' },
    );
    expect(configured.forStyle('anime')).toMatchObject({ name: 'openai:m', demo: false });
    expect(configured.forStyle('semi-realistic')).toBeNull();
  });
});
