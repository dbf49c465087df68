import { STYLE_WORDS, withPrefix } from './stylePrompt';
import {
  ImageGenerationError,
  decodeBase64Picture,
  postGeneratorJson,
  type ImageGenerator,
} from './imageGenerator';

export interface OpenAiImageGeneratorOptions {
  name: string;
  /** The API base, e.g. https://api.openai.com/v1 (the adapter posts to {baseUrl}/images/generations). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** e.g. 1024x1024 or 1024x1536. */
  size: string;
  /** Sent as response_format (dall-e models); null for models that always answer base64 and refuse the field. */
  responseFormat: 'b64_json' | null;
  promptPrefix?: string;
  timeoutMs: number;
}

interface ImagesAnswer {
  data?: Array<{ b64_json?: string; url?: string }>;
  error?: { message?: string; code?: string | null; type?: string };
}

/** Codes OpenAI-compatible endpoints give a prompt their safety system declines. */
const REFUSAL_CODES = new Set(['content_policy_violation', 'moderation_blocked']);

const errorMessage = (json: unknown) => (json as ImagesAnswer | undefined)?.error?.message;
const declined = (json: unknown) => REFUSAL_CODES.has(String((json as ImagesAnswer | undefined)?.error?.code));

/**
 * An OpenAI-compatible images endpoint: POST {baseUrl}/images/generations {model, prompt, n: 1, size,
 * response_format}. Such endpoints take neither a seed nor a negative prompt: the negative prompt is added to the prompt
 * as words to avoid, the style as words, and the seed asked for is reported back as it is. No guidance picture.
 */
export function createOpenAiImageGenerator(options: OpenAiImageGeneratorOptions): ImageGenerator {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/images/generations`;
  return {
    name: options.name,
    demo: false,
    async generate(request, signal) {
      let prompt = withPrefix(options.promptPrefix, `${request.prompt}. Style: ${STYLE_WORDS[request.style]}`);
      if (request.negativePrompt.trim()) prompt += `. Avoid: ${request.negativePrompt.trim()}`;
      const body: Record<string, unknown> = { model: options.model, prompt, n: 1, size: options.size };
      if (options.responseFormat) body.response_format = options.responseFormat;
      const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
      const answer = (await postGeneratorJson(url, body, headers, { signal, timeoutMs: options.timeoutMs, errorMessage, declined })) as ImagesAnswer;
      const first = answer.data?.[0];
      let bytes = decodeBase64Picture(first?.b64_json);
      if (!bytes && typeof first?.url === 'string' && /^https?:\/\//.test(first.url)) bytes = await download(first.url, signal, options.timeoutMs);
      if (!bytes) throw new ImageGenerationError('failed', 'the image generator answered no picture');
      return { bytes, seed: request.seed, guidanceApplied: false };
    },
  };
}

/** A picture the endpoint answered as a URL (dall-e without response_format). */
async function download(url: string, signal: AbortSignal, timeoutMs: number): Promise<Buffer> {
  const res = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) }).catch((err: Error) => {
    if (signal.aborted) throw err;
    throw new ImageGenerationError('failed', `the generated picture could not be fetched: ${err.message}`);
  });
  if (!res.ok) throw new ImageGenerationError('failed', `the generated picture could not be fetched (${res.status})`);
  return Buffer.from(await res.arrayBuffer());
}
