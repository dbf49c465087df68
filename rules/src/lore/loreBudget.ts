import type { LoreSettings } from './loreSettings';

/**
 * Which of a step's activated entries go into the lore budget first, inclusion groups, and the filling of the
 * budget. See LORE.md "Budget order".
 */

/** An entry that activated at this step and passed its timed effects and probability. */
export interface LoreCandidate {
  /** Its place in the lorebook (the last tie-break). */
  index: number;
  settings: LoreSettings;
  /** The key that activated it, or the sticky / constant mark. */
  matched: string;
  /** The newest message its keys matched (−1: other entries' content only). */
  recency: number;
  constant: boolean;
  sticky: boolean;
  tokens: number;
}

/**
 * Budget order within a step: constant entries, then entries carried by sticky, then higher `priority`, then
 * higher `insertion_order` (SillyTavern: a higher order weighs more), then the newest match, then lorebook order.
 */
export function budgetOrder(a: LoreCandidate, b: LoreCandidate): number {
  return (
    Number(b.constant) - Number(a.constant) ||
    Number(b.sticky) - Number(a.sticky) ||
    b.settings.priority - a.settings.priority ||
    b.settings.insertionOrder - a.settings.insertionOrder ||
    b.recency - a.recency ||
    a.index - b.index
  );
}

/**
 * Inclusion groups (SillyTavern's `group`): of the candidates sharing a group, one goes on — none when a member
 * of the group already went in at an earlier step; one carried by sticky when there is one; else the highest
 * `insertion_order` among those with `group_override`; else a draw weighted by `group_weight`. The others lose.
 * `chosen` holds the groups already filled (earlier steps); the caller adds the winners that fit the budget.
 */
export function applyInclusionGroups<C extends LoreCandidate>(
  candidates: readonly C[],
  chosen: ReadonlySet<string>,
  random: () => number,
): { kept: C[]; lost: C[] } {
  const lost = new Set<C>();
  const groups = [...new Set(candidates.flatMap((c) => c.settings.groups))];
  for (const group of groups) {
    const members = candidates.filter((c) => !lost.has(c) && c.settings.groups.includes(group));
    if (chosen.has(group)) {
      for (const m of members) lost.add(m);
      continue;
    }
    if (members.length < 2) continue;
    const winner = groupWinner(members, random);
    for (const m of members) if (m !== winner) lost.add(m);
  }
  return { kept: candidates.filter((c) => !lost.has(c)), lost: candidates.filter((c) => lost.has(c)) };
}

function groupWinner<C extends LoreCandidate>(members: readonly C[], random: () => number): C {
  const sticky = members.find((m) => m.sticky);
  if (sticky) return sticky;
  const overriding = members.filter((m) => m.settings.groupOverride);
  if (overriding.length > 0) return overriding.reduce((best, m) => (m.settings.insertionOrder > best.settings.insertionOrder ? m : best));
  const total = members.reduce((n, m) => n + m.settings.groupWeight, 0);
  if (total <= 0) return members[0]!;
  let roll = random() * total;
  for (const m of members) {
    roll -= m.settings.groupWeight;
    if (roll < 0) return m;
  }
  return members[members.length - 1]!;
}

/**
 * Fills what is left of the budget in budget order: an entry that does not fit is left out and the next, smaller
 * ones are still tried (the budget is used as fully as the order allows).
 */
export function fillBudget<C extends LoreCandidate>(candidates: readonly C[], used: number, budget: number): { fit: C[]; over: C[]; used: number } {
  const fit: C[] = [];
  const over: C[] = [];
  for (const c of [...candidates].sort(budgetOrder)) {
    if (used + c.tokens <= budget) {
      fit.push(c);
      used += c.tokens;
    } else over.push(c);
  }
  return { fit, over, used };
}
