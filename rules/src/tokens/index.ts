// Token counts: the one tokenizer the API budgets prompts with and the mock API counts with.
export { bpeTokenizer, MESSAGE_OVERHEAD_TOKENS, type Tokenizer } from './tokenizer';
