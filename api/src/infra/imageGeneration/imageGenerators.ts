import type { ImageStyle } from '@fable/contracts';
import { createA1111ImageGenerator } from './a1111ImageGenerator';
import { createDemoImageGenerator, createDemoImageTrainer } from './demoImageGenerator';
import type { ImageGeneratorEntry } from './generatorConfig';
import type { ImageGenerator, ImageTrainer } from './imageGenerator';
import { createOpenAiImageGenerator } from './openAiImageGenerator';

/** The generator of each style: the configured entries', or the demo generator for all when none is configured. */
export interface ImageGenerators {
  /** The style's generator, or null when the configuration offers the style nowhere. */
  forStyle(style: ImageStyle): ImageGenerator | null;
  /** What trains chatbots' image models: the demo trainer with the demo generator; none with configured generators. */
  trainer: ImageTrainer | null;
}

export function generatorOfEntry(entry: ImageGeneratorEntry, env: NodeJS.ProcessEnv): ImageGenerator {
  const timeoutMs = entry.timeout_seconds * 1000;
  if (entry.kind === 'openai') {
    return createOpenAiImageGenerator({
      name: entry.name ?? `openai:${entry.model}`,
      baseUrl: entry.base_url,
      apiKey: entry.api_key_env ? env[entry.api_key_env] : undefined,
      model: entry.model,
      size: entry.size,
      responseFormat: entry.response_format,
      promptPrefix: entry.prompt_prefix,
      timeoutMs,
    });
  }
  return createA1111ImageGenerator({
    name: entry.name ?? `a1111:${entry.model ?? 'default'}`,
    baseUrl: entry.base_url,
    basicAuth: entry.basic_auth_env ? env[entry.basic_auth_env] : undefined,
    model: entry.model,
    width: entry.width,
    height: entry.height,
    steps: entry.steps,
    cfgScale: entry.cfg_scale,
    sampler: entry.sampler,
    denoisingStrength: entry.denoising_strength,
    promptPrefix: entry.prompt_prefix,
    negativePromptPrefix: entry.negative_prompt_prefix,
    timeoutMs,
  });
}

export function createImageGenerators(entries: readonly ImageGeneratorEntry[] | undefined, env: NodeJS.ProcessEnv = process.env): ImageGenerators {
  if (!entries || entries.length === 0) {
    const demo = createDemoImageGenerator();
    return { forStyle: () => demo, trainer: createDemoImageTrainer() };
  }
  const byStyle = new Map<ImageStyle, ImageGenerator>();
  for (const entry of entries) {
    const generator = generatorOfEntry(entry, env);
    for (const style of entry.styles) byStyle.set(style, generator);
  }
  return { forStyle: (style) => byStyle.get(style) ?? null, trainer: null };
}
