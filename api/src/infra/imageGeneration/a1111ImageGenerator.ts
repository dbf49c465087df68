import { withPrefix } from './stylePrompt';
import { ImageGenerationError, decodeBase64Picture, loraTag, postGeneratorJson, type ImageGenerator } from './imageGenerator';

export interface A1111ImageGeneratorOptions {
  name: string;
  /** The server, e.g. http://127.0.0.1:7860 (the adapter posts to {baseUrl}/sdapi/v1/txt2img or img2img). */
  baseUrl: string;
  /** "user:password" of a server started with --api-auth (sent as HTTP Basic). */
  basicAuth?: string;
  /** The checkpoint (override_settings.sd_model_checkpoint); unset: the server's current one. */
  model?: string;
  width: number;
  height: number;
  steps: number;
  cfgScale: number;
  sampler?: string;
  /** How far img2img may move from the guidance picture (0 keeps it, 1 ignores it). */
  denoisingStrength: number;
  promptPrefix?: string;
  negativePromptPrefix?: string;
  timeoutMs: number;
}

interface A1111Answer {
  images?: unknown[];
  /** A JSON text with the seed used (and all_seeds). */
  info?: unknown;
  detail?: unknown;
  error?: unknown;
}

const errorMessage = (json: unknown) => {
  const answer = json as A1111Answer | undefined;
  const detail = answer?.detail ?? answer?.error;
  return typeof detail === 'string' ? detail : undefined;
};

/** The seed the server reports in `info` (a JSON text), or null. */
function reportedSeed(info: unknown): number | null {
  if (typeof info !== 'string') return null;
  try {
    const parsed = JSON.parse(info) as { seed?: unknown; all_seeds?: unknown[] };
    const seed = parsed.seed ?? parsed.all_seeds?.[0];
    return typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 ? seed : null;
  } catch {
    return null;
  }
}

/**
 * An Automatic1111-compatible server (stable-diffusion-webui, Forge, SD.Next): POST {baseUrl}/sdapi/v1/txt2img with
 * prompt, negative_prompt, seed, size, steps, cfg_scale and the checkpoint; with a guidance picture POST
 * {baseUrl}/sdapi/v1/img2img with it as init_images. The answer's first image (base64 PNG) is the picture.
 */
export function createA1111ImageGenerator(options: A1111ImageGeneratorOptions): ImageGenerator {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = options.basicAuth ? { authorization: `Basic ${Buffer.from(options.basicAuth).toString('base64')}` } : {};
  return {
    name: options.name,
    demo: false,
    async generate(request, signal) {
      const body: Record<string, unknown> = {
        prompt: withPrefix(options.promptPrefix, request.lora ? `${request.prompt} ${loraTag(request.lora)}` : request.prompt),
        negative_prompt: withPrefix(options.negativePromptPrefix, request.negativePrompt),
        seed: request.seed,
        width: options.width,
        height: options.height,
        steps: options.steps,
        cfg_scale: options.cfgScale,
        batch_size: 1,
        n_iter: 1,
        send_images: true,
        save_images: false,
      };
      if (options.sampler) body.sampler_name = options.sampler;
      if (options.model) {
        body.override_settings = { sd_model_checkpoint: options.model };
        body.override_settings_restore_afterwards = true;
      }
      const guided = request.guidance !== undefined;
      if (guided) {
        body.init_images = [request.guidance!.toString('base64')];
        body.denoising_strength = options.denoisingStrength;
      }
      const url = `${base}/sdapi/v1/${guided ? 'img2img' : 'txt2img'}`;
      const answer = (await postGeneratorJson(url, body, headers, { signal, timeoutMs: options.timeoutMs, errorMessage })) as A1111Answer;
      const bytes = decodeBase64Picture(answer.images?.[0]);
      if (!bytes) throw new ImageGenerationError('failed', 'the image generator answered no picture');
      return { bytes, seed: reportedSeed(answer.info) ?? request.seed, guidanceApplied: guided };
    },
  };
}
