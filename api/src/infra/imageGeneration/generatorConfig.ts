import { readFileSync } from 'node:fs';
import { IMAGE_STYLES } from '@fable/contracts';
import { z } from 'zod';

/**
 * The image generators, from the JSON file named by IMAGE_GENERATORS_FILE (like INFERENCE_MODELS_FILE): a list of
 * entries, each serving the styles it names. Secrets never sit in the file: `api_key_env` (OpenAI-compatible) and
 * `basic_auth_env` (Automatic1111, "user:password") name the environment variables that hold them.
 *
 *   [{ "kind": "a1111", "styles": ["anime", "anime_v2"], "base_url": "http://127.0.0.1:7860", "model": "anything-v5",
 *      "prompt_prefix": "masterpiece, anime style", "steps": 28 },
 *    { "kind": "openai", "styles": ["semi-realistic", "semi-realistic_v2"], "base_url": "https://api.openai.com/v1",
 *      "api_key_env": "OPENAI_API_KEY", "model": "gpt-image-1", "size": "1024x1536", "response_format": null }]
 *
 * Without a file the built-in demo generator draws every style; with one, a style no entry names is not offered.
 */
const common = {
  /** Shown in the answers (default "<kind>:<model>"). */
  name: z.string().min(1).max(60).optional(),
  styles: z.array(z.enum(IMAGE_STYLES)).min(1),
  base_url: z.string().regex(/^https?:\/\/[^\s]+$/, 'base_url must be an http(s) URL'),
  prompt_prefix: z.string().max(500).optional(),
  timeout_seconds: z.number().int().min(1).max(600).default(120),
};
const envName = z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'must name an environment variable (A-Z, 0-9, _)');

export const OpenAiGeneratorEntrySchema = z.object({
  ...common,
  kind: z.literal('openai'),
  api_key_env: envName.optional(),
  model: z.string().min(1).default('dall-e-3'),
  size: z.string().regex(/^\d{2,4}x\d{2,4}$/, 'size must be like 1024x1024').default('1024x1024'),
  response_format: z.literal('b64_json').nullable().default('b64_json'),
});

export const A1111GeneratorEntrySchema = z.object({
  ...common,
  kind: z.literal('a1111'),
  basic_auth_env: envName.optional(),
  model: z.string().min(1).optional(),
  negative_prompt_prefix: z.string().max(500).optional(),
  width: z.number().int().min(64).max(2048).default(512),
  height: z.number().int().min(64).max(2048).default(640),
  steps: z.number().int().min(1).max(150).default(28),
  cfg_scale: z.number().min(1).max(30).default(7),
  sampler: z.string().min(1).optional(),
  denoising_strength: z.number().min(0).max(1).default(0.6),
});

export const ImageGeneratorEntrySchema = z.discriminatedUnion('kind', [OpenAiGeneratorEntrySchema, A1111GeneratorEntrySchema]);
export type ImageGeneratorEntry = z.output<typeof ImageGeneratorEntrySchema>;
export const ImageGeneratorsFileSchema = z.array(ImageGeneratorEntrySchema).min(1);

/** The entries of a generators file; throws naming the problem (a style served twice is one). */
export function readImageGeneratorsFile(file: string): ImageGeneratorEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`, { cause: err });
  }
  const parsed = ImageGeneratorsFileSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const served = new Set<string>();
  for (const entry of parsed.data) {
    for (const style of entry.styles) {
      if (served.has(style)) throw new Error(`${file}: style ${style} is served by two entries`);
      served.add(style);
    }
  }
  return parsed.data;
}
