import { z } from 'zod';
import { noSignals, type ContentClassifier, type ModeratedText, type TextSignals } from './contentClassifier';

/**
 * A classifier on an OpenAI-compatible moderation endpoint (POST {base}/moderations, as OpenAI's
 * /v1/moderations and the servers that copy it): every text in one call, `input` as a list, one result per text.
 * Categories used: `sexual` (explicit) and `sexual/minors` (sexual content involving minors). The endpoint says
 * nothing about plain mentions of children or stated ages, so those signals stay null: a chatbot is refused for
 * minors only when the endpoint flags sexual/minors.
 */
export interface OpenAiModerationOptions {
  /** Base URL of the API, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey?: string;
  /** Default omni-moderation-latest. */
  model?: string;
  /** Default 10 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const DEFAULT_MODERATION_MODEL = 'omni-moderation-latest';
const DEFAULT_TIMEOUT_MS = 10_000;

const ResultSchema = z.object({
  categories: z.record(z.string(), z.boolean().nullable()).default({}),
});
const ResponseSchema = z.object({ results: z.array(ResultSchema) });

export function createOpenAiModerationClassifier(options: OpenAiModerationOptions): ContentClassifier {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/moderations`;
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'openai-moderation',
    async classify(texts: readonly ModeratedText[]): Promise<TextSignals[]> {
      const asked = texts.filter((t) => t.text.trim() !== '');
      if (asked.length === 0) return texts.map((t) => noSignals(t.field));
      const res = await doFetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: options.model ?? DEFAULT_MODERATION_MODEL, input: asked.map((t) => t.text) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`moderation endpoint answered ${res.status}`);
      const parsed = ResponseSchema.safeParse(await res.json());
      if (!parsed.success || parsed.data.results.length !== asked.length) throw new Error('moderation endpoint answered an unexpected body');
      const byText = new Map(asked.map((t, i) => [t, parsed.data.results[i]!]));
      return texts.map((t) => {
        const result = byText.get(t);
        if (!result) return noSignals(t.field);
        return {
          ...noSignals(t.field),
          explicit: result.categories.sexual ? 'sexual' : null,
          sexualMinors: result.categories['sexual/minors'] ? 'sexual/minors' : null,
        };
      });
    },
  };
}

/**
 * `primary`, or `fallback` when it fails (down, slow, an unexpected answer): saves keep working on the embedded
 * rules while the endpoint is away, and the failure is reported.
 */
export function withFallback(primary: ContentClassifier, fallback: ContentClassifier, onError: (err: unknown) => void): ContentClassifier {
  return {
    name: `${primary.name} (falls back to ${fallback.name})`,
    async classify(texts) {
      try {
        return await primary.classify(texts);
      } catch (err) {
        onError(err);
        return fallback.classify(texts);
      }
    },
  };
}
