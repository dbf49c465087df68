import { z } from 'zod';
import { type LorebookEntry, type LorebookTestBody, type LorebookTestResult } from '@fable/contracts';
import { TEST_VIEW_TEXTS as T } from './testViewTexts';

/** The limits of LorebookTestBodySchema (testViewValues.test checks they agree). */
export const MAX_MESSAGES = 200;
export const MAX_LENGTH = 20_000;

/** The messages typed in the test view: one per line, blank lines left out, oldest first. */
export const messagesOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export const BUDGET_CHOICES = T.budgetOptions.map((o) => o.value);
export type BudgetChoice = (typeof T.budgetOptions)[number]['value'];

/** The test view's form: the messages as typed and the budget picked ('plan': the member's tier decides). */
export const TestViewFormSchema = z.object({
  messages: z
    .string()
    .refine((text) => messagesOf(text).length > 0, T.messagesRequired)
    .refine((text) => messagesOf(text).length <= MAX_MESSAGES, T.tooManyMessages(MAX_MESSAGES))
    .refine((text) => messagesOf(text).every((m) => m.length <= MAX_LENGTH), T.messageTooLong(MAX_LENGTH)),
  budget: z.enum(BUDGET_CHOICES as [BudgetChoice, ...BudgetChoice[]]),
});
export type TestViewForm = z.infer<typeof TestViewFormSchema>;

/** The call's body for the form's values: no budget_tokens for the plan's budget. */
export function testBodyOf(values: TestViewForm): LorebookTestBody {
  const messages = messagesOf(values.messages);
  return values.budget === 'plan' ? { messages } : { messages, budget_tokens: Number(values.budget) };
}

/** The lorebook's entries the engine neither used nor left out: none of their keys matched (in lorebook order). */
export function notMatched(entries: readonly LorebookEntry[], result: LorebookTestResult): LorebookEntry[] {
  const decided = new Set([...result.activated.map((a) => a.entry_id), ...result.left_out.map((l) => l.entry_id)]);
  return entries.filter((e) => !decided.has(e.id));
}

/** Why an activated entry went in: the key that matched, or the engine's "(constant)" / "(sticky)". */
export function matchedText(matched: string): string {
  if (matched === '(constant)') return T.constant;
  if (matched === '(sticky)') return T.sticky;
  return T.matched(matched);
}
