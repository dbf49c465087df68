// The lore engine (LORE.md beside this file): which lorebook entries a chat turn puts into the prompt and where,
// and the lorebook's test view. Imported by the API (the chat's prompt, the lorebook test view) and the mock API.
export {
  advanceLoreState,
  DEFAULT_LORE_SCAN_DEPTH,
  LORE_BUDGET_CAP,
  LORE_BUDGET_SHARE,
  loreBudgetForContext,
  MAX_RECURSION_STEPS,
  runLoreEngine,
  type LoreActivation,
  type LoreEntry,
  type LoreLeftOut,
  type LoreLeftOutReason,
  type LoreOptions,
  type LorePlacement,
  type LoreResult,
  type LoreState,
} from './loreEngine';
export type { PromptLoreEntry } from './lorebookActivation';
export { LORE_TITLE, placeLore, withLoreAtDepth, type LoreLayout, type PlacedLore } from './lorePlacement';
export { loreTestView, type LoreTestView } from './loreTestView';
