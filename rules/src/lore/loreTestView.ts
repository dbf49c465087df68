import { runLoreEngine, type LoreEntry, type LoreLeftOutReason, type LoreOptions } from './loreEngine';

/**
 * The lorebook's test view (POST /lorebooks/:id/test): what the lore engine would put into a prompt for these
 * messages, in prompt order, and what it would leave out and why, with each entry's tokens and the budget. One
 * function for the API (api/src/modules/lorebooks/lorebookTestView.ts, which picks the budget of the member's tier)
 * and the mock API (mocks/src/resources/lorebooks.ts). The shape is the contracts' LorebookTestResult, written here
 * with plain types (rules import nothing).
 */
export interface LoreTestView {
  budget_tokens: number;
  used_tokens: number;
  activated: Array<{ entry_id: string; name: string; tokens: number; step: number; matched: string }>;
  left_out: Array<{ entry_id: string; name: string; tokens: number; reason: LoreLeftOutReason }>;
}

/** Runs the engine on the entries and the messages (oldest first) and answers the test view. Probability rolls are real unless `options.random` says otherwise. */
export function loreTestView(entries: readonly LoreEntry[], messages: readonly string[], options: LoreOptions): LoreTestView {
  const result = runLoreEngine(entries, messages, options);
  return {
    budget_tokens: result.budgetTokens,
    used_tokens: result.usedTokens,
    activated: result.activated.map((a) => ({ entry_id: a.entry.id, name: a.entry.name, tokens: a.tokens, step: a.step, matched: a.matched })),
    left_out: result.leftOut.map((l) => ({ entry_id: l.entry.id, name: l.entry.name, tokens: l.tokens, reason: l.reason })),
  };
}
