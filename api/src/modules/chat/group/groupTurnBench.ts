import { performance } from 'node:perf_hooks';
import type { TurnHistoryMessage } from '../promptSources';
import { pickSpeaker } from '@fable/rules/group';
import { bpeTokenizer } from '@fable/rules/tokens';
import { planTurn, type TurnPlanInput } from '../turnPlan';
import type { TurnGroup } from '../turnPrompt';

/**
 * "A group turn's added time" for npm run bench (issue 14): the pure work of a member's turn in a group of 3 (the
 * server choosing who speaks, as Next/AUTO asks, then the turn plan with its prompt: the others' lines named, the
 * group's instruction) against a single chatbot's turn over the same 500-message history, in a 16K context. Prints
 * both medians and the difference. Figures only: never asserted.
 */
export function benchGroupTurn(runs = 200): { singleMedian: number; groupMedian: number } {
  const words = 'the quick brown fox jumps over a lazy dog while the bard sings of dragons castles and long forgotten kings'.split(' ');
  const sentence = (seed: number, n: number) => Array.from({ length: n }, (_, i) => words[(seed * 7 + i * 3) % words.length]).join(' ');
  const members = ['Aria', 'Brom', 'Cass'].map((name, i) => ({
    id: `member-${i}`,
    name,
    persona: `${name} is a travelling performer. `.repeat(30),
    scenario: 'A tavern. '.repeat(30),
    dialogue: '{{user}}: Hi\n{{char}}: Hello!',
    greeting: `${name} waves.`,
    lore: [],
  }));
  // The conversation, newest first as the turn reads it; in the group each reply is by the members in turn.
  const history = (group: boolean): TurnHistoryMessage[] =>
    Array.from({ length: 500 }, (_, i) => {
      const content = `${sentence(i, 30)}.`;
      const role = i % 2 === 0 ? ('user' as const) : ('assistant' as const);
      const speaker = group && role === 'assistant' ? members[Math.floor(i / 2) % 3]!.id : null;
      return { id: `m${i}`, prev_id: i === 0 ? null : `m${i - 1}`, role, content, token_count: bpeTokenizer.count(content), sub_character_id: speaker };
    }).reverse();
  const single = history(false);
  const grouped = history(true);
  let n = 0;
  const input = (h: TurnHistoryMessage[], group: TurnGroup | null, character: TurnPlanInput['character']): TurnPlanInput => ({
    ask: { mode: 'next' },
    body: {},
    member: { userId: 'bench-user', permissions: ['8k_context'], name: 'Sam', saved: {} },
    character,
    conversation: { id: 'bench-conversation', last_message_id: h[0]!.id },
    history: h,
    memories: Array.from({ length: 20 }, (_, i) => ({ content: sentence(i, 12), is_pinned: i < 3 })),
    persona: { id: 'bench-persona', name: 'Sam', highlights: 'A travelling knight.' },
    model: { contextTokens: 16384 },
    group,
    tokenizer: bpeTokenizer,
    newId: () => `bench-id-${(n += 1)}`,
    now: new Date(),
  });
  const singleTurn = () => planTurn(input(single, null, members[0]!));
  const groupTurn = () => {
    // As speakerOf for Next (AUTO): the lines oldest first, then the plan with the chosen member speaking.
    const lines = [...grouped].reverse().map((m) => ({ role: m.role, speaker: m.sub_character_id, content: m.content }));
    const speaker = members.find((m) => m.id === pickSpeaker(members, lines))!;
    return planTurn(input(grouped, { speaker, members }, { name: 'The Troupe', persona: '', scenario: null, dialogue: null, greeting: '', lore: [] }));
  };

  const median = (work: () => unknown) => {
    for (let i = 0; i < 10; i += 1) work();
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const t0 = performance.now();
      work();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)]!;
  };
  const singleMedian = median(singleTurn);
  const groupMedian = median(groupTurn);
  const kept = groupTurn().inference.messages.length;
  console.log(`A group turn's added time (turn plan and prompt, 500 messages, 16K context; group of 3, ${kept} prompt messages kept):`);
  console.log(`  single chatbot turn                     median ${singleMedian.toFixed(3)} ms`);
  console.log(`  group turn (speaker chosen, 3 members)  median ${groupMedian.toFixed(3)} ms`);
  console.log(`  added by the group                      ${(groupMedian - singleMedian).toFixed(3)} ms`);
  return { singleMedian, groupMedian };
}

if (require.main === module) benchGroupTurn();
