import type { LorebookTestResult } from '@fable/contracts';

type Reason = LorebookTestResult['left_out'][number]['reason'];

const tokens = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'token' : 'tokens'}`;

/** Texts of the lore engine's test view (ours: document 2 has no test view; the engine's rules are LORE.md in @fable/rules/lore). */
export const TEST_VIEW_TEXTS = {
  open: 'Test lorebook',
  title: 'Test the lorebook',
  intro:
    'Write a few recent messages of a chat and see which entries the chat would give the chatbot, in the order they go into the prompt, and which it would leave out and why. Nothing is saved.',
  messages: 'Recent messages',
  messagesHint: 'One message per line, oldest first. The chat looks for keywords in the last 4 messages. Ctrl+Enter runs the test.',
  messagesRequired: 'Write at least one message.',
  tooManyMessages: (max: number) => `At most ${max} messages.`,
  messageTooLong: (max: number) => `A message holds at most ${max.toLocaleString('en-US')} characters.`,
  budget: 'Lore budget',
  budgetHint: 'How much room lore gets in a prompt: a quarter of the chat’s context, at most 4,096 tokens.',
  budgetOptions: [
    { value: 'plan', label: 'My plan’s budget' },
    { value: '512', label: '512 tokens (2K context)' },
    { value: '768', label: '768 tokens (3K context)' },
    { value: '1024', label: '1,024 tokens (4K context)' },
    { value: '2048', label: '2,048 tokens (8K context)' },
    { value: '4096', label: '4,096 tokens (16K context)' },
  ],
  run: 'Run test',
  close: 'Close',
  running: 'Running the lore engine',
  notRun: 'Write some messages and run the test to see which entries would be used.',
  failed: 'The test could not run.',
  tryAgain: 'Try again',
  results: 'Results',
  used: (used: number, budget: number) => `${used.toLocaleString('en-US')} of ${tokens(budget)} used`,
  tokens,
  activated: (n: number) => `Used (${n})`,
  activatedHint: 'In the order they go into the prompt.',
  noneActivated: 'No entry would be used for these messages.',
  leftOut: (n: number) => `Left out (${n})`,
  leftOutHint: 'Entries that matched but did not go in, in the order the engine decided.',
  notMatched: (n: number) => `Not matched (${n})`,
  notMatchedReason: 'None of its keywords is in the messages or in the content of the entries used.',
  matched: (key: string) => `Matched “${key}”`,
  constant: 'Always on (constant)',
  sticky: 'Still on from an earlier message (sticky)',
  step: (step: number) => (step === 0 ? 'In the messages' : `By recursion, step ${step}: in the content of entries used before`),
  reasons: {
    budget: 'Did not fit in the lore budget.',
    probability: 'Lost its probability roll or its inclusion group’s draw.',
    cooldown: 'Held back by its cooldown or delay.',
    depth: 'Only a fourth recursion step would bring it in; the engine stops at 3.',
    disabled: 'Matched, but the entry is disabled.',
  } satisfies Record<Reason, string>,
} as const;
