import type { ImageStyle } from '@fable/contracts';

/**
 * An image generator: turns an avatar prompt into a picture. Implementations: any OpenAI-compatible
 * `/v1/images/generations` endpoint (openAiImageGenerator.ts), an Automatic1111-compatible `/sdapi/v1/txt2img` server
 * (a1111ImageGenerator.ts), and the built-in demo generator (demoImageGenerator.ts) used when none is configured.
 */
export interface ImageGenerationRequest {
  prompt: string;
  negativePrompt: string;
  /** An unsigned 32-bit seed (generators that cannot take one ignore it). */
  seed: number;
  style: ImageStyle;
  /** A guidance picture (PNG), already decoded and re-encoded by the API; only for the styles that allow one. */
  guidance?: Buffer;
  /**
   * A chatbot's trained model (a LoRA) and its weight: Automatic1111 takes it in the prompt (`<lora:name:scale>`); the
   * demo draws it into the picture; the OpenAI images API has no such thing and draws from the prompt alone.
   */
  lora?: { name: string; scale: number };
}

export interface GeneratedPicture {
  /** The picture's file as the generator made it (PNG, JPEG or WebP); the API decodes and re-encodes it. */
  bytes: Buffer;
  /** The seed it was drawn with (the generator's own when it reports one). */
  seed: number;
  guidanceApplied: boolean;
}

export interface ImageGenerator {
  /** Shown in the answer (`generator.name`). */
  readonly name: string;
  /** The built-in demo generator: not an image model. */
  readonly demo: boolean;
  generate(request: ImageGenerationRequest, signal: AbortSignal): Promise<GeneratedPicture>;
}

/**
 * Trains a chatbot's image model (a LoRA) from its avatar (when it has one of ours) (document 1 §4 "Chatbot Image Training"): answers the
 * model's name once it is trained. Only the demo trainer exists here (no training service speaks a standard
 * protocol); a configured generator without one leaves training unavailable.
 */
export interface ImageTrainer {
  readonly name: string;
  train(request: { characterId: string; avatar: Buffer | null }, signal: AbortSignal): Promise<{ loraName: string }>;
}

/**
 * rate_limited: the generator answered 429; busy: 503 or 504, or it timed out; refused: it declined the prompt (a
 * safety system); failed: anything else (other statuses, unreachable, an answer without a picture).
 */
export type ImageGenerationErrorKind = 'rate_limited' | 'busy' | 'refused' | 'failed';

export class ImageGenerationError extends Error {
  override name = 'ImageGenerationError';
  constructor(
    readonly kind: ImageGenerationErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The error of a generator's HTTP status. */
export function generationErrorOfStatus(status: number, message: string, retryAfter: string | null): ImageGenerationError {
  if (status === 429) {
    const seconds = Number(retryAfter);
    return new ImageGenerationError('rate_limited', message, Number.isFinite(seconds) && seconds > 0 ? seconds : undefined);
  }
  if (status === 503 || status === 504) return new ImageGenerationError('busy', message);
  return new ImageGenerationError('failed', message);
}

/** Most bytes a generator's answer may have (a base64 picture of a few MB, with room to spare). */
export const GENERATOR_ANSWER_MAX_BYTES = 64 * 1024 * 1024;

/**
 * POSTs JSON to a generator and reads its JSON answer, within `timeoutMs` and the caller's signal; statuses and
 * failures become ImageGenerationErrors (a timeout is 'busy').
 */
export async function postGeneratorJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  options: {
    signal: AbortSignal;
    timeoutMs: number;
    errorMessage: (json: unknown) => string | undefined;
    /** Whether a refusal's answer says the generator declined the prompt (its safety system). */
    declined?: (json: unknown) => boolean;
  },
): Promise<unknown> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body: JSON.stringify(body), signal });
  } catch (err) {
    if (options.signal.aborted) throw err;
    if (timeout.aborted) throw new ImageGenerationError('busy', 'the image generator did not answer in time');
    throw new ImageGenerationError('failed', `the image generator is unreachable: ${(err as Error).message}`);
  }
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > GENERATOR_ANSWER_MAX_BYTES) {
    await res.body?.cancel();
    throw new ImageGenerationError('failed', 'the image generator answered more than we read');
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    if (options.signal.aborted) throw err;
    throw new ImageGenerationError(timeout.aborted ? 'busy' : 'failed', 'the image generator\'s answer was cut');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const message = options.errorMessage(json) ?? `the image generator answered ${res.status}`;
    if (res.status >= 400 && res.status < 500 && res.status !== 429 && options.declined?.(json)) throw new ImageGenerationError('refused', message);
    throw generationErrorOfStatus(res.status, message, res.headers.get('retry-after'));
  }
  if (json === undefined) throw new ImageGenerationError('failed', 'the image generator answered something other than JSON');
  return json;
}

/** The bytes of a base64 picture (a data: URL prefix allowed); null when it is not base64. */
export function decodeBase64Picture(text: unknown): Buffer | null {
  if (typeof text !== 'string') return null;
  const data = text.replace(/^data:[a-z/+.-]+;base64,/i, '').replace(/\s+/g, '');
  if (data.length === 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) return null;
  return Buffer.from(data, 'base64');
}

/** A LoRA in Automatic1111's prompt syntax. */
export const loraTag = (lora: { name: string; scale: number }) => `<lora:${lora.name}:${lora.scale}>`;
