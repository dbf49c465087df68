import { SUGGEST_FIELD_MAX, SUGGEST_FIELDS, type SuggestFieldName } from '@fable/contracts';
import type { InferenceRequest } from '../../infra/inference/engine';

/**
 * The prompts of the suggestion calls, as inference requests for the engine the chat uses (the demo model reads
 * the `suggestion` hints instead of the prompt). Each field of the chatbot is cut to PROMPT_FIELD_CHARS so the
 * prompt fits the smallest context (4K); answers are short (ANSWER_TOKENS).
 */

export type FieldValues = Partial<Record<SuggestFieldName, string | null | undefined>>;

/** Characters of each field the prompt shows. */
export const PROMPT_FIELD_CHARS = 1500;

/** Most tokens of an answer, per field (a name is a few tokens, a personality a paragraph or two). */
export const ANSWER_TOKENS: Record<SuggestFieldName | 'tags', number> = {
  name: 12,
  title: 48,
  persona: 360,
  greeting: 240,
  scenario: 200,
  dialogue: 320,
  tags: 60,
};

const LABELS: Record<SuggestFieldName, string> = {
  name: 'Name',
  title: 'Title',
  persona: 'Personality',
  greeting: 'Greeting',
  scenario: 'Scenario',
  dialogue: 'Example dialogue',
};

const GUIDES: Record<SuggestFieldName, string> = {
  name: 'a name for the character: a first name or a short nickname',
  title: 'a one-line title that says who the character is, like a tagline on a card',
  persona: "the character's personality: a paragraph in the third person on their traits, manner, background and what they want",
  greeting:
    'the first message the character sends when a chat starts, in character, with actions between single asterisks; call the user {{user}}',
  scenario: 'the scenario: where and when the chat takes place and how {{user}} and the character meet, in two or three sentences',
  dialogue:
    'example dialogue: four to six short lines that show how the character speaks, each starting with "{{user}}:" or "{{char}}:"',
};

const shown = (text: string | null | undefined) => {
  const t = (text ?? '').trim();
  return t.length > PROMPT_FIELD_CHARS ? `${t.slice(0, PROMPT_FIELD_CHARS)}…` : t;
};

/** The chatbot as the prompt shows it: each non-empty field on its own, in the form's order. */
function describe(values: FieldValues, leaveOut?: SuggestFieldName): string {
  return SUGGEST_FIELDS.filter((f) => f !== leaveOut && shown(values[f]))
    .map((f) => `${LABELS[f]}:\n${shown(values[f])}`)
    .join('\n\n');
}

/** Only the fields that have text, trimmed, for the demo model's hints. */
function present(values: FieldValues): Partial<Record<SuggestFieldName, string>> {
  const out: Partial<Record<SuggestFieldName, string>> = {};
  for (const f of SUGGEST_FIELDS) {
    const v = values[f]?.trim();
    if (v) out[f] = v;
  }
  return out;
}

/** Asks for one field of the chatbot form, written from the others (the current value shown as one to improve on). */
export function fieldSuggestionRequest(field: SuggestFieldName, values: FieldValues): InferenceRequest {
  const current = shown(values[field]);
  const system = [
    'You help a creator write a chatbot: a character people chat and role-play with.',
    `Write ${GUIDES[field]}. At most ${SUGGEST_FIELD_MAX[field]} characters.`,
    'Answer with that text only: no label, no quotes around it, no markdown, no links, no explanation.',
  ].join(' ');
  const user = [
    `The chatbot so far:\n\n${describe(values, field)}`,
    current ? `The current ${LABELS[field].toLowerCase()} is:\n${current}\nWrite a different, better one.` : null,
    `${LABELS[field]}:`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    maxTokens: ANSWER_TOKENS[field],
    temperature: 0.8,
    topP: 0.9,
    topK: 40,
    suggestion: { kind: 'field', field, values: present(values) },
  };
}

/** Asks for up to `max` tags of `options` (the application's, the chosen ones left out) that fit the chatbot. */
export function tagSuggestionRequest(options: readonly string[], values: FieldValues, max: number): InferenceRequest {
  const system = [
    'You tag chatbots (characters people chat and role-play with) for a catalog.',
    `Choose up to ${max} tags that fit the chatbot best, only from this list: ${options.join(', ')}.`,
    'Answer with the chosen tags separated by commas, the best first, and nothing else.',
  ].join(' ');
  return {
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: `The chatbot:\n\n${describe(values)}\n\nTags:` },
    ],
    maxTokens: ANSWER_TOKENS.tags,
    temperature: 0.2,
    topP: 0.9,
    topK: 40,
    suggestion: { kind: 'tags', options, values: present(values), max },
  };
}
