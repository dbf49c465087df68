import type { LoreSource } from './loreCompiled';

/**
 * A lorebook entry as the prompt needs it (document 2 §3 "Entry"): keywords, content and the imported entry's
 * extensions, in lorebook order. Which entries go into a prompt is the lore engine's work (loreEngine.ts).
 */
export type PromptLoreEntry = LoreSource;
