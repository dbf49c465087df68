import type { PromptMessage } from '../../modules/chat/prompt/buildPrompt';
import type { ChatLanguage } from '@fable/contracts';
import type { DemoTranscriptLine } from './demoMemories';

/**
 * An inference engine: something that turns a chat prompt into a stream of text. Implementations: the
 * OpenAI-compatible HTTP adapter (OpenAI, vLLM, llama.cpp server, Ollama, …) and the built-in demo model.
 */
export interface InferenceRequest {
  messages: readonly PromptMessage[];
  maxTokens: number;
  temperature: number;
  topP: number;
  topK: number;
  /**
   * What the demo model answers from (the OpenAI adapter ignores it): the character's name, greeting and
   * personality, the user's name and last message, and whether the user's line is asked for (autopilot).
   */
  hints?: DemoHints;
  /**
   * Set when the request asks for a chatbot-form suggestion instead of a chat reply: what the demo model writes the
   * suggestion from (the OpenAI adapter ignores it; the prompt carries the same for a real model).
   */
  suggestion?: DemoSuggestionHints;
  /**
   * Set when the request distils a conversation into memories: the new messages and the user's name, what the demo
   * model writes its facts from (demoMemories.ts; the OpenAI adapter ignores it, the prompt carries the same).
   */
  memory?: { lines: readonly DemoTranscriptLine[]; userName: string };
  /**
   * Set when the request translates a chatbot's field: the text and the language, what the demo model translates
   * (demoTranslations.ts; the OpenAI adapter ignores it, the prompt carries the same).
   */
  translation?: { text: string; language: ChatLanguage };
}

export interface DemoHints {
  characterName: string;
  greeting: string;
  personality: string;
  userName: string;
  lastUserMessage: string;
  autopilot: boolean;
  /** Continuing the bot's last reply. */
  continuing: boolean;
}

/** The chatbot form's fields a suggestion is written from. */
export type DemoSuggestionField = 'name' | 'title' | 'persona' | 'greeting' | 'scenario' | 'dialogue';

export type DemoSuggestionHints =
  /** One field of the form, from the others (name and title always given). */
  | { kind: 'field'; field: DemoSuggestionField; values: Partial<Record<DemoSuggestionField, string>> }
  /** Tags picked from `options` for the chatbot described by `values`, at most `max`, as a comma-separated list. */
  | { kind: 'tags'; options: readonly string[]; values: Partial<Record<DemoSuggestionField, string>>; max: number };

/** Why the reply ended: the engine's finish_reason ('stop', 'length', …). */
export interface InferenceStream extends AsyncIterable<string> {
  /** Known once the iteration is over; null when the engine did not say. */
  readonly finishReason: string | null;
}

export interface InferenceEngine {
  /**
   * Opens a streamed completion. Resolves once the engine accepted the request (HTTP 200 for the adapter),
   * with the text deltas to iterate; rejects with an InferenceError when the engine refuses (429, 503, …).
   * Iterating throws an InferenceError ('failed') when the stream breaks before its end, and an AbortError
   * when `signal` aborts.
   */
  stream(request: InferenceRequest, signal: AbortSignal): Promise<InferenceStream>;
}

/** rate_limited: the engine answered 429; busy: 503 or 504; failed: anything else (other statuses, cut connections). */
export type InferenceErrorKind = 'rate_limited' | 'busy' | 'failed';

export class InferenceError extends Error {
  override name = 'InferenceError';
  constructor(
    readonly kind: InferenceErrorKind,
    message: string,
    /** The engine's HTTP status when it gave one. */
    readonly status?: number,
    /** Retry-After of a 429, in seconds, when the engine sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function inferenceErrorOfStatus(status: number, message: string, retryAfterSeconds?: number): InferenceError {
  if (status === 429) return new InferenceError('rate_limited', message, status, retryAfterSeconds);
  if (status === 503 || status === 504) return new InferenceError('busy', message, status);
  return new InferenceError('failed', message, status);
}

export const isAbortError = (err: unknown): boolean =>
  err instanceof Error && (err.name === 'AbortError' || (err as { code?: string }).code === 'ABORT_ERR');
