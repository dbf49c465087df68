import { countTokens } from 'gpt-tokenizer';

/** Counts the tokens of a text. */
export interface Tokenizer {
  readonly name: string;
  count(text: string): number;
}

/**
 * The o200k BPE tokenizer (gpt-tokenizer, pure JavaScript). Open models served through an OpenAI-compatible
 * endpoint have their own vocabularies; o200k counts within a few percent of them on English prose, and the
 * budget keeps the room for max new tokens on top, so a prompt built with it fits.
 */
export const bpeTokenizer: Tokenizer = { name: 'o200k_base', count: (text) => (text === '' ? 0 : countTokens(text)) };

/** Tokens each chat message adds on top of its text (role markers and separators of chat templates). */
export const MESSAGE_OVERHEAD_TOKENS = 4;
