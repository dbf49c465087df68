import type { InferenceRequest } from '../../../infra/inference/engine';
import type { DemoTranscriptLine } from '../../../infra/inference/demoMemories';

/**
 * The prompt that distils a conversation's new messages into memories, and the reading of the model's answer.
 * The model sees the memories the conversation has (numbered) and the new messages; it answers a JSON array of
 * facts, each optionally naming the memory it updates ("replaces"), so a fact that changed is rewritten rather than
 * added again.
 */
export const MEMORY_DISTILL_MARKER = '[Memory distillation]';
/** Facts one distillation keeps at most. */
export const MAX_FACTS_PER_RUN = 8;
/** A memory's text at most (document 1 §5 "Memory text max 250"). */
export const MEMORY_TEXT_MAX = 250;

const INSTRUCTION = `${MEMORY_DISTILL_MARKER}
You keep the long-term memory of a roleplay conversation between {{user}} and {{char}}.
From the new messages, write down the durable facts worth remembering later: names, relationships, promises,
preferences, plans and events that matter to the story. Leave out small talk, questions and what is already
remembered. Write each fact as one short sentence in the third person, naming people.
When a fact changes or completes an existing memory, give that memory's number in "replaces".
Answer only a JSON array, for example: [{"fact": "{{user}}'s sister is called Ana.", "replaces": null}]
Answer [] when there is nothing new.`;

export interface DistillInput {
  characterName: string;
  userName: string;
  /** The conversation's memories, numbered from 1 in this order. */
  existing: readonly string[];
  /** The new messages, oldest first. */
  lines: readonly DemoTranscriptLine[];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function distillRequest(input: DistillInput): InferenceRequest {
  const system = INSTRUCTION.replaceAll('{{user}}', input.userName).replaceAll('{{char}}', input.characterName);
  const existing = input.existing.length ? input.existing.map((m, i) => `${i + 1}. ${oneLine(m)}`).join('\n') : '(none)';
  const transcript = input.lines
    .map((l) => (l.role === 'user' ? `[user] ${input.userName}: ${oneLine(l.content)}` : `[character] ${input.characterName}: ${oneLine(l.content)}`))
    .join('\n');
  return {
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: `Existing memories:\n${existing}\n\nNew messages:\n${transcript}` },
    ],
    maxTokens: 400,
    temperature: 0.2,
    topP: 0.9,
    topK: 40,
    memory: { lines: input.lines, userName: input.userName },
  };
}

/** The transcript lines of a distillation prompt (the fake engine reads them back as a model would). */
export function transcriptOf(prompt: string): { lines: DemoTranscriptLine[]; userName: string } {
  const lines: DemoTranscriptLine[] = [];
  let userName = 'User';
  for (const match of prompt.matchAll(/^\[(user|character)\] ([^:\n]+): (.*)$/gm)) {
    if (match[1] === 'user') userName = match[2]!;
    lines.push({ role: match[1] === 'user' ? 'user' : 'assistant', content: match[3]! });
  }
  return { lines, userName };
}

export interface DistilledFact {
  fact: string;
  /** Index (from 0) of the existing memory it updates, when the model named one that exists. */
  replaces: number | null;
}

/**
 * The facts of a model's answer: a JSON array of {fact, replaces} or of strings (the first array in the text, code
 * fences allowed), else "- " lines. Facts are trimmed, cut to the memory limit, each once; at most MAX_FACTS_PER_RUN.
 */
export function parseDistilled(answer: string, existingCount: number): DistilledFact[] {
  let items: unknown[] = [];
  const start = answer.indexOf('[');
  const end = answer.lastIndexOf(']');
  if (start >= 0 && end > start) {
    try {
      const parsed: unknown = JSON.parse(answer.slice(start, end + 1));
      if (Array.isArray(parsed)) items = parsed;
    } catch {
      items = [];
    }
  }
  if (items.length === 0) items = answer.split('\n').filter((l) => /^\s*[-*•]\s+/.test(l)).map((l) => l.replace(/^\s*[-*•]\s+/, ''));
  const facts: DistilledFact[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const raw = typeof item === 'string' ? item : item && typeof item === 'object' && 'fact' in item ? (item as { fact: unknown }).fact : null;
    if (typeof raw !== 'string') continue;
    // eslint-disable-next-line no-control-regex
    const fact = oneLine(raw.replace(/[\u0000-\u001f\u007f]/g, ' ')).slice(0, MEMORY_TEXT_MAX).trim();
    if (fact.length < 3 || seen.has(fact.toLowerCase())) continue;
    seen.add(fact.toLowerCase());
    const r = item && typeof item === 'object' && 'replaces' in item ? Number((item as { replaces: unknown }).replaces) : NaN;
    facts.push({ fact, replaces: Number.isInteger(r) && r >= 1 && r <= existingCount ? r - 1 : null });
    if (facts.length === MAX_FACTS_PER_RUN) break;
  }
  return facts;
}
