import type { z } from 'zod';
import type { CharacterTokenCount } from '../api/characters';
import {
  CHARACTER_LIMITS,
  CHARACTER_MESSAGES,
  CHARACTER_TOKEN_FIELDS,
  CHARACTER_TOKEN_HARD_LIMIT,
  CHARACTER_TOKENIZER,
  tokenCounterText,
} from '../limits/characterLimits';
import type { CharacterVisibility } from './character';

/**
 * The token counter of the character form (document 1 §5): "Token total of greeting, persona, scenario, dialogue:
 * warning above 1600 tokens; a visibility-dependent hard limit yields an error; shown as x/limit". The counting is
 * here so that the form and the API add up the same fields the same way; the tokenizer is given (contracts carry no
 * tokenizer: its o200k ranks are 2.2 MB). The API counts with the chat's (CHARACTER_TOKENIZER) and answers
 * POST /characters/token-count for clients that do not load one.
 */

/** Counts the tokens of one text. */
export type TokenCounter = (text: string) => number;

export type CharacterTokenValues = { [K in (typeof CHARACTER_TOKEN_FIELDS)[number]]?: string | null | undefined };

/** The token total: the sum of each counted field's tokens (absent and empty fields count 0). */
export function countCharacterTokens(values: CharacterTokenValues, count: TokenCounter): number {
  let total = 0;
  for (const field of CHARACTER_TOKEN_FIELDS) {
    const text = values[field];
    if (text) total += count(text);
  }
  return total;
}

/** The answer of POST /characters/token-count (the API's, and the mock API's): the total, each field, the limits. */
export function characterTokenCount(values: CharacterTokenValues & { visibility?: CharacterVisibility | undefined }, count: TokenCounter): CharacterTokenCount {
  const field = (text: string | null | undefined) => (text ? count(text) : 0);
  const total = countCharacterTokens(values, count);
  const limit = characterTokenLimit(values.visibility ?? 'private');
  return {
    token_count: total,
    limit,
    warning_at: CHARACTER_LIMITS.tokenWarning,
    warning: total > CHARACTER_LIMITS.tokenWarning,
    over_limit: total > limit,
    tokenizer: CHARACTER_TOKENIZER,
    fields: { greeting: field(values.greeting), persona: field(values.persona), scenario: field(values.scenario), dialogue: field(values.dialogue) },
  };
}

/** The hard limit for a visibility (CHARACTER_TOKEN_HARD_LIMIT). */
export function characterTokenLimit(visibility: CharacterVisibility): number {
  return CHARACTER_TOKEN_HARD_LIMIT[visibility];
}

export interface CharacterTokenStatus {
  count: number;
  limit: number;
  /** Above the warning (1600). */
  warning: boolean;
  /** Above the hard limit: the chatbot cannot be saved. */
  overLimit: boolean;
  /** "x/limit". */
  text: string;
  /** The error to show when over the limit, else null. */
  error: string | null;
}

/** The counter's state for these values and visibility. */
export function characterTokenStatus(
  values: CharacterTokenValues,
  visibility: CharacterVisibility,
  count: TokenCounter,
): CharacterTokenStatus {
  const total = countCharacterTokens(values, count);
  const limit = characterTokenLimit(visibility);
  const overLimit = total > limit;
  return {
    count: total,
    limit,
    warning: total > CHARACTER_LIMITS.tokenWarning,
    overLimit,
    text: tokenCounterText(total, limit),
    error: overLimit ? tokenLimitMessage(total, limit) : null,
  };
}

/** "Your chatbot is too long: {count}/{limit} tokens. …" */
export function tokenLimitMessage(count: number, limit: number): string {
  return CHARACTER_MESSAGES.tokenLimitExceeded.replace('{count}', String(count)).replace('{limit}', String(limit));
}

/**
 * A form schema (CharacterInputSchema, or the form's own) with the hard limit as an issue on `token_count`:
 * `withCharacterTokenLimit(CharacterInputSchema, countTokens)`.
 */
export function withCharacterTokenLimit<S extends z.ZodType<CharacterTokenValues & { visibility: CharacterVisibility }>>(
  schema: S,
  count: TokenCounter,
) {
  return schema.superRefine((value, ctx) => {
    const status = characterTokenStatus(value, value.visibility, count);
    if (status.error) ctx.addIssue({ code: 'custom', path: ['token_count'], message: status.error });
  });
}
