import { LorebookTestBodySchema, type LorebookEntry, type LorebookTestResult } from '@fable/contracts';
import { MAX_LENGTH, MAX_MESSAGES, matchedText, messagesOf, notMatched, testBodyOf, TestViewFormSchema } from './testViewValues';

const entry = (id: string): LorebookEntry => ({ id, name: `Entry ${id}`, keywords: ['a', 'b'], content: 'Some lore.' });

it('reads one message per line, oldest first, leaving out blank lines and outer spaces', () => {
  expect(messagesOf('  Hello there \n\n\r\nWhere are the docks?\n   ')).toEqual(['Hello there', 'Where are the docks?']);
  expect(messagesOf(' \n ')).toEqual([]);
});

it('sends no budget for the plan’s budget and the number otherwise', () => {
  expect(testBodyOf({ messages: 'a\nb', budget: 'plan' })).toEqual({ messages: ['a', 'b'] });
  expect(testBodyOf({ messages: 'a', budget: '2048' })).toEqual({ messages: ['a'], budget_tokens: 2048 });
});

it('refuses no messages, more than 200 and one over 20,000 characters, with a message', () => {
  const issue = (messages: string) => {
    const parsed = TestViewFormSchema.safeParse({ messages, budget: 'plan' });
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };
  expect(issue('\n  \n')).toBe('Write at least one message.');
  expect(issue(Array.from({ length: 201 }, (_, i) => `m${i}`).join('\n'))).toBe('At most 200 messages.');
  expect(issue('x'.repeat(20_001))).toBe('A message holds at most 20,000 characters.');
  expect(issue(Array.from({ length: 200 }, (_, i) => `m${i}`).join('\n'))).toBeNull();
  // The same limits as the call's.
  const body = (count: number, length: number) => LorebookTestBodySchema.safeParse({ messages: Array.from({ length: count }, () => 'x'.repeat(length)) }).success;
  expect([body(MAX_MESSAGES, MAX_LENGTH), body(MAX_MESSAGES + 1, 1), body(1, MAX_LENGTH + 1)]).toEqual([true, false, false]);
});

it('lists as not matched the entries neither used nor left out, in lorebook order', () => {
  const result: LorebookTestResult = {
    budget_tokens: 100,
    used_tokens: 5,
    activated: [{ entry_id: 'e3', name: 'Entry e3', tokens: 5, step: 0, matched: 'a' }],
    left_out: [{ entry_id: 'e1', name: 'Entry e1', tokens: 500, reason: 'budget' }],
  };
  expect(notMatched([entry('e1'), entry('e2'), entry('e3'), entry('e4')], result).map((e) => e.id)).toEqual(['e2', 'e4']);
});

it('says why an entry went in', () => {
  expect(matchedText('docks')).toBe('Matched “docks”');
  expect(matchedText('(constant)')).toBe('Always on (constant)');
  expect(matchedText('(sticky)')).toBe('Still on from an earlier message (sticky)');
});
