import { CONTEXT_SIZES, contextSizeFor, type LorebookDetail, type LorebookTestBody, type LorebookTestResult } from '@fable/contracts';
import type { MemberCaller } from '../../http/access';
import { loreBudgetForContext, runLoreEngine } from '../chat/prompt/loreEngine';

/**
 * POST /lorebooks/:id/test: what the chat's lore engine would put into a prompt for these messages, and what it
 * would leave out and why (budget, probability, cooldown, recursion depth, disabled), for the lorebook's creator.
 * The budget is the one sent, else the lore budget of the largest context the member's tier gives
 * (contextSizeFor with a 16K model: 2K, 3K, 4K, 8K or 16K; the engine takes 25 %, at most 4,096). Probability rolls
 * are real, as in a chat: an entry at 50 % is in about half of the runs.
 */
export function testLorebook(member: MemberCaller, lorebook: LorebookDetail, body: LorebookTestBody): LorebookTestResult {
  const budgetTokens = body.budget_tokens ?? loreBudgetForContext(contextSizeFor(member.user.permissions, CONTEXT_SIZES['16k']));
  const result = runLoreEngine(lorebook.entries, body.messages, { budgetTokens });
  return {
    budget_tokens: result.budgetTokens,
    used_tokens: result.usedTokens,
    activated: result.activated.map((a) => ({ entry_id: a.entry.id, name: a.entry.name, tokens: a.tokens, step: a.step, matched: a.matched })),
    left_out: result.leftOut.map((l) => ({ entry_id: l.entry.id, name: l.entry.name, tokens: l.tokens, reason: l.reason })),
  };
}
