import { demoTranslation } from './demoTranslations';
import { demoSuggestion } from './demoSuggestions';
import { demoFacts } from './demoMemories';
import type { DemoHints, InferenceEngine, InferenceRequest, InferenceStream } from './engine';

/**
 * The built-in demo model, used when no models file is configured: no weights, a small deterministic generator
 * that answers in character from the bot's definition (its name, a phrase of its personality or greeting) and the
 * user's last message, streamed word by word at a human pace. The chatbot form's suggestion prompts get the
 * suggestion they ask for (demoSuggestions.ts).
 */
export interface DemoEngineOptions {
  /** Milliseconds between words (default 25; 0 in tests). */
  tokenIntervalMs: number;
}

const hash = (text: string) => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
};

const firstSentence = (text: string) => {
  const clean = text.replace(/\{\{(char|user)\}\}/gi, '').replace(/\s+/g, ' ').trim();
  const sentence = /^(.{8,160}?[.!?])(\s|$)/.exec(clean)?.[1] ?? clean.slice(0, 120);
  return sentence.replace(/^["*\s]+|["*\s]+$/g, '');
};

const topicOf = (message: string) => {
  const words = message.replace(/[*"]/g, '').trim().split(/\s+/).filter(Boolean);
  return words.slice(0, 8).join(' ').replace(/[.!?,;:]+$/, '');
};

/** The reply the demo model gives (exported for tests). */
export function demoReply(h: DemoHints): string {
  const seed = hash(`${h.characterName}\n${h.lastUserMessage}`);
  const topic = topicOf(h.lastUserMessage);
  const trait = firstSentence(h.personality) || firstSentence(h.greeting);
  if (h.autopilot) {
    const lines = [
      `That sounds interesting, ${h.characterName}. Tell me more?`,
      `*leans closer* What happens next, ${h.characterName}?`,
      `I did not expect that. Why do you say so?`,
    ];
    return lines[seed % lines.length]!;
  }
  if (h.continuing) return ` *${h.characterName} pauses, then goes on* There is more to it than that, and I will tell you when you are ready.`;
  const openers = [`*${h.characterName} smiles*`, `*${h.characterName} tilts their head*`, `*${h.characterName} looks at ${h.userName} thoughtfully*`];
  const opener = openers[seed % openers.length]!;
  if (!topic) return `${opener} ${firstSentence(h.greeting) || 'Hello there.'} What brings you here, ${h.userName}?`;
  const middles = [
    `"${topic}"... I like the way you put that.`,
    `So you say "${topic}". Go on, I am listening.`,
    `"${topic}"? That reminds me of something.`,
  ];
  const middle = middles[(seed >>> 3) % middles.length]!;
  return trait ? `${opener} ${middle} You know me: ${trait} What do you want to do now?` : `${opener} ${middle} What do you want to do now?`;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

function abortError(): Error {
  const err = new Error('The operation was aborted');
  err.name = 'AbortError';
  return err;
}

export function createDemoEngine(options: DemoEngineOptions): InferenceEngine {
  return {
    async stream(request: InferenceRequest, signal: AbortSignal): Promise<InferenceStream> {
      const hints: DemoHints = request.hints ?? {
        characterName: 'Demo',
        greeting: '',
        personality: '',
        userName: 'you',
        lastUserMessage: [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '',
        autopilot: false,
        continuing: false,
      };
      const text = request.translation
        ? demoTranslation(request.translation.text, request.translation.language)
        : request.memory
        ? JSON.stringify(demoFacts(request.memory.lines, request.memory.userName).map((fact) => ({ fact, replaces: null })))
        : request.suggestion
          ? demoSuggestion(request.suggestion)
          : demoReply(hints);
      const words = text.match(/\s*\S+/g) ?? [];
      // A "token" of the demo model is a word; max_tokens caps the words.
      const tokens = words.slice(0, Math.max(1, request.maxTokens));
      let finishReason: string | null = null;
      async function* iterate(): AsyncGenerator<string> {
        for (let i = 0; i < tokens.length; i += 1) {
          if (options.tokenIntervalMs > 0) await sleep(options.tokenIntervalMs, signal);
          else if (signal.aborted) throw abortError();
          yield tokens[i]!;
        }
        finishReason = tokens.length < words.length ? 'length' : 'stop';
      }
      const iterable = iterate();
      return {
        [Symbol.asyncIterator]: () => iterable,
        get finishReason() {
          return finishReason;
        },
      };
    },
  };
}
