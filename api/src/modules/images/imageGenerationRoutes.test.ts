import { EXPLICIT_CONTENT_MESSAGE, GenerateImageResultSchema, IMAGE_MESSAGES, UNDERAGE_CONTENT_MESSAGE } from '@fable/contracts';
import sharp from 'sharp';
import { fakePicture, startFakeA1111Server, startFakeOpenAiImagesServer, type FakeImageServer } from '../../infra/imageGeneration/fakeImageServers';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { call, signUpMember, type Member } from '../moderation/testing/chatbotTestKit';
import { testPicture } from './testing';

const LOOSE = { imageGeneration: { max: 1000, windowSeconds: 60 } };

describe.each(BACKENDS)('avatar generation on %s', (backend) => {
  describe('with the built-in demo generator', () => {
    let t: TestApp;
    let member: Member;
    let premium: Member;

    beforeAll(async () => {
      t = await startTestApp(backend, { limits: LOOSE });
      member = await signUpMember(t, 'painter');
      premium = await signUpMember(t, 'premium');
      await t.db.query(`update users set tier = 'premium' where id = $1`, [premium.id]);
    }, DB_SETUP_TIMEOUT_MS);
    afterAll(async () => t?.close());

    const generate = (who: Member, body: Record<string, unknown>) => call(t, 'POST', '/generate-image', who.headers, body);

    it('draws a deterministic picture from prompt and seed, says it is the demo, and stores it like an upload', async () => {
      const res = await generate(member, { prompt: 'a knight with silver hair', negative_prompt: 'blurry', seed: 7 });
      expect(res.status).toBe(200);
      const answer = GenerateImageResultSchema.parse(res.body);
      expect(answer).toMatchObject({
        type: 'image/webp',
        seed: 7,
        prompt: 'a knight with silver hair',
        negativePrompt: 'blurry',
        model_style: 'semi-realistic',
        generator: { name: 'demo', demo: true },
        guidance_applied: false,
        image: { source: 'generated', is_nsfw: false, width: 512, height: 640 },
      });
      expect(await sharp(Buffer.from(answer.base64, 'base64')).metadata()).toMatchObject({ format: 'webp', width: 512, height: 640 });
      const served = await t.app.inject({ method: 'GET', url: answer.image.urls['256x256'] });
      expect(served.statusCode).toBe(200);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
      const { rows } = await t.db.query('select source, prompt, negative_prompt, seed::text as seed, model_style, generator, created_by from images where hash = $1', [answer.image.hash]);
      expect(rows).toEqual([{ source: 'generated', prompt: 'a knight with silver hair', negative_prompt: 'blurry', seed: '7', model_style: 'semi-realistic', generator: 'demo', created_by: member.id }]);

      const again = GenerateImageResultSchema.parse((await generate(member, { prompt: 'a knight with silver hair', negative_prompt: 'blurry', seed: 7 })).body);
      expect(again.image.hash).toBe(answer.image.hash);
      expect(again.base64).toBe(answer.base64);
      const other = GenerateImageResultSchema.parse((await generate(member, { prompt: 'a knight with silver hair', negative_prompt: 'blurry', seed: 8 })).body);
      expect(other.image.hash).not.toBe(answer.image.hash);
      const unseeded = GenerateImageResultSchema.parse((await generate(member, { prompt: 'a knight with silver hair', model_style: 'anime' })).body);
      expect(unseeded.seed).toBeGreaterThanOrEqual(0);
      expect(unseeded.seed).toBeLessThanOrEqual(4_294_967_295);
    });

    it('checks the prompt, negative prompt, style and guidance with the spec’s rules', async () => {
      const message = async (body: Record<string, unknown>, who = member) => {
        const res = await generate(who, body);
        return { status: res.status, code: res.body.error?.code, message: res.body.error?.message };
      };
      expect(await message({ prompt: '   ' })).toMatchObject({ status: 400, message: `Invalid request body: prompt: ${IMAGE_MESSAGES.promptRequired}` });
      expect(await message({ prompt: 'a knight', negative_prompt: 'x'.repeat(301) })).toMatchObject({ status: 400, message: 'Invalid request body: negative_prompt: Negative prompt is maximum of 300 characters' });
      expect(await message({ prompt: 'a knight', model_style: 'anime_v2' })).toEqual({ status: 403, code: 'image_style_not_allowed', message: IMAGE_MESSAGES.styleNotAllowed });
      expect((await generate(premium, { prompt: 'a knight', model_style: 'anime_v2' })).status).toBe(200);
      const guidance = (await testPicture(200, 200, 1)).toString('base64');
      expect(await message({ prompt: 'a knight', model_style: 'semi-realistic_v2', image: guidance }, premium)).toMatchObject({ status: 400, message: `Invalid request body: image: ${IMAGE_MESSAGES.guidanceNotAllowed}` });
      const guided = await generate(member, { prompt: 'a knight', model_style: 'anime', image: `data:image/png;base64,${guidance}`, seed: 1 });
      expect(guided.status).toBe(200);
      expect(guided.body.guidance_applied).toBe(true);
      expect(await message({ prompt: 'a knight', model_style: 'anime', image: 'not base64!' })).toEqual({ status: 415, code: 'not_an_image', message: IMAGE_MESSAGES.notAnImage });
      expect(await message({ prompt: 'a knight', model_style: 'anime', image: Buffer.from('<svg/>').toString('base64') })).toMatchObject({ status: 415, code: 'not_an_image' });
    });

    it('marks explicit prompts NSFW, refuses underage ones (6801) and explicit ones where NSFW is not allowed (6802)', async () => {
      const explicit = await generate(member, { prompt: 'a nude elf on a beach', seed: 3 });
      expect(explicit.status).toBe(200);
      expect(explicit.body.image.is_nsfw).toBe(true);
      const underage = await generate(member, { prompt: 'a naked 15 year old' });
      expect(underage.status).toBe(422);
      expect(underage.body.error).toMatchObject({ code: '6801', message: UNDERAGE_CONTENT_MESSAGE });
      expect((await generate(member, { prompt: 'a shota' })).body.error.code).toBe('6801');
      const partner = await signUpMember(t, 'partner', { applicationId: 'storynest' });
      const refused = await generate(partner, { prompt: 'a nude elf on a beach' });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ code: '6802', message: EXPLICIT_CONTENT_MESSAGE });
      expect((await generate(partner, { prompt: 'an elf on a beach' })).status).toBe(200);
    });
  });

  it('counts generations against the member’s image limit (429 passed up)', async () => {
    const t = await startTestApp(backend, { limits: { imageGeneration: { max: 1, windowSeconds: 600 } } });
    try {
      const member = await signUpMember(t, 'counted');
      expect((await call(t, 'POST', '/generate-image', member.headers, { prompt: 'a knight' })).status).toBe(200);
      const second = await call(t, 'POST', '/generate-image', member.headers, { prompt: 'a knight' });
      expect(second.status).toBe(429);
      expect(second.body.error.code).toBe('rate_limited');
    } finally {
      await t.close();
    }
  }, DB_SETUP_TIMEOUT_MS);

  describe('with configured generators (an Automatic1111 server and an OpenAI-compatible endpoint)', () => {
    let t: TestApp;
    let member: Member;
    let a1111: FakeImageServer;
    let openai: FakeImageServer;

    beforeAll(async () => {
      a1111 = await startFakeA1111Server();
      openai = await startFakeOpenAiImagesServer();
      t = await startTestApp(backend, {
        limits: LOOSE,
        config: {
          imageGenerators: [
            { kind: 'a1111', name: 'anything', styles: ['anime'], base_url: a1111.baseUrl, model: 'anything-v5', width: 512, height: 640, steps: 20, cfg_scale: 7, denoising_strength: 0.6, timeout_seconds: 10 },
            { kind: 'openai', styles: ['semi-realistic'], base_url: `${openai.baseUrl}/v1`, model: 'gpt-image-1', size: '1024x1024', response_format: null, timeout_seconds: 10 },
          ],
        },
      });
      member = await signUpMember(t, 'configured');
    }, DB_SETUP_TIMEOUT_MS);
    afterAll(async () => {
      await t?.close();
      await a1111?.close();
      await openai?.close();
    });
    beforeEach(() => {
      a1111.answers.length = 0;
      openai.answers.length = 0;
    });

    const generate = (body: Record<string, unknown>) => call(t, 'POST', '/generate-image', member.headers, body);

    it('sends each style to its generator and stores what it drew', async () => {
      const anime = await generate({ prompt: 'a fox spirit', negative_prompt: 'lowres', model_style: 'anime', seed: 99 });
      expect(anime.status).toBe(200);
      expect(anime.body).toMatchObject({ seed: 99, generator: { name: 'anything', demo: false }, image: { width: 512, height: 640 } });
      expect(a1111.requests.at(-1)?.body).toMatchObject({ prompt: 'a fox spirit', negative_prompt: 'lowres', seed: 99, override_settings: { sd_model_checkpoint: 'anything-v5' } });
      const realistic = await generate({ prompt: 'a fox spirit', model_style: 'semi-realistic' });
      expect(realistic.status).toBe(200);
      expect(realistic.body.generator).toEqual({ name: 'openai:gpt-image-1', demo: false });
      expect(openai.requests.at(-1)?.body).toMatchObject({ model: 'gpt-image-1', prompt: expect.stringContaining('a fox spirit') });
      await t.db.query(`update users set tier = 'premium' where id = $1`, [member.id]);
      const unavailable = await generate({ prompt: 'a fox spirit', model_style: 'anime_v2' });
      expect(unavailable.status).toBe(400);
      expect(unavailable.body.error).toEqual({ code: 'image_style_unavailable', message: IMAGE_MESSAGES.styleUnavailable });
    });

    it('passes a generator’s 429 up, and answers busy, refused and failed generators without a 500', async () => {
      a1111.answers.push({ status: 429, json: { detail: 'queue full' }, headers: { 'retry-after': '5' } });
      const limited = await t.app.inject({ method: 'POST', url: '/api/generate-image', headers: member.headers, payload: { prompt: 'a fox', model_style: 'anime' } });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('5');
      a1111.answers.push({ status: 503, json: {} });
      expect((await generate({ prompt: 'a fox', model_style: 'anime' })).body.error).toEqual({ code: 'image_generator_busy', message: IMAGE_MESSAGES.generatorBusy });
      a1111.answers.push({ status: 500, json: { detail: 'CUDA out of memory' } });
      const failed = await generate({ prompt: 'a fox', model_style: 'anime' });
      expect(failed.status).toBe(502);
      expect(failed.body.error).toEqual({ code: 'image_generator_failed', message: IMAGE_MESSAGES.generatorFailed });
      a1111.answers.push({ status: 200, json: { images: [Buffer.from('not a picture at all').toString('base64')] } });
      expect((await generate({ prompt: 'a fox', model_style: 'anime' })).status).toBe(502);
      openai.answers.push({ status: 400, json: { error: { message: 'Your request was rejected by our safety system', code: 'moderation_blocked' } } });
      const declined = await generate({ prompt: 'a fox', model_style: 'semi-realistic' });
      expect(declined.status).toBe(422);
      expect(declined.body.error).toMatchObject({ code: '6802', message: EXPLICIT_CONTENT_MESSAGE });
      // A guidance picture goes to img2img.
      const guidance = (await fakePicture(64, 64, 5)).toString('base64');
      const guided = await generate({ prompt: 'a fox', model_style: 'anime', image: guidance });
      expect(guided.body.guidance_applied).toBe(true);
      expect(a1111.requests.at(-1)?.path).toBe('/sdapi/v1/img2img');
    });
  });
});
