import { CONTEXT_SIZES, contextSizeFor, type LorebookDetail, type LorebookTestBody, type LorebookTestResult } from '@fable/contracts';
import { loreBudgetForContext, loreTestView } from '@fable/rules/lore';
import type { MemberCaller } from '../../http/access';

/**
 * POST /lorebooks/:id/test: what the chat's lore engine would put into a prompt for these messages, and what it
 * would leave out and why (budget, probability, cooldown, recursion depth, disabled), for the lorebook's creator
 * (loreTestView of @fable/rules/lore, which the mock API answers with too).
 * The budget is the one sent, else the lore budget of the largest context the member's tier gives
 * (contextSizeFor with a 16K model: 2K, 3K, 4K, 8K or 16K; the engine takes 25 %, at most 4,096). Probability rolls
 * are real, as in a chat: an entry at 50 % is in about half of the runs.
 */
export function testLorebook(member: MemberCaller, lorebook: LorebookDetail, body: LorebookTestBody): LorebookTestResult {
  const budgetTokens = body.budget_tokens ?? loreBudgetForContext(contextSizeFor(member.user.permissions, CONTEXT_SIZES['16k']));
  return loreTestView(lorebook.entries, body.messages, { budgetTokens });
}
