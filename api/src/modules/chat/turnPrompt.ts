import type { InferenceSettings } from '@fable/contracts';
import type { InferenceRequest } from '../../infra/inference/engine';
import type { PromptPersona } from '../personas/promptPersona';
import { buildPrompt, type PromptCharacter, type PromptMemory } from './prompt/buildPrompt';
import type { PromptLoreEntry } from '@fable/rules/lore';
import type { Tokenizer } from '@fable/rules/tokens';
import type { TurnPlanInput } from './turnPlan';
import type { TurnMode } from './turnRequest';

/**
 * The prompt of a chat turn, from plain data: the conversation so far, the character who speaks (in a group chat, the
 * member, with the group's lore and its own), the lines as that speaker sees them, and what the engine is asked.
 */

/** A message of the conversation so far (ids null for a guest's and for a new conversation's greeting). */
export interface TurnLine {
  id: string | null;
  prev_id: string | null;
  role: 'user' | 'assistant';
  content: string;
  tokens?: number;
  /** The group member that wrote a reply (null: not a group, the group's greeting, a guest's line). */
  speaker: string | null;
}

/** The character of a turn as the prompt needs it: its definition, greeting and lorebook entries. */
export type TurnCharacter = PromptCharacter & { greeting: string; lore: readonly PromptLoreEntry[] };

/** A group chat's turn (group/groupTurn.ts): the member who speaks, with its definition and lorebook entries, and who else is there. */
export interface TurnGroup {
  speaker: TurnCharacter & { id: string };
  /** Every member who may speak, in the group's order (the speaker too). */
  members: ReadonlyArray<{ id: string; name: string }>;
}

/** The conversation so far, oldest first: the member's main line, or the guest's history; the greeting when there is none. */
export function turnLines(input: Pick<TurnPlanInput, 'character' | 'member' | 'conversation' | 'history' | 'body'>): TurnLine[] {
  const greeting: TurnLine[] = input.character.greeting.trim()
    ? [{ id: null, prev_id: null, role: 'assistant', content: input.character.greeting, speaker: null }]
    : [];
  if (input.member) {
    if (!input.conversation) return greeting;
    return [...input.history]
      .reverse()
      .map((m) => ({ id: m.id, prev_id: m.prev_id, role: m.role, content: m.content, tokens: m.token_count, speaker: m.sub_character_id ?? null }));
  }
  // A guest's group chat: each reply names its member (the client keeps the `done` message's character_id); a user line names none.
  const lines = (input.body.history ?? []).map(
    (h): TurnLine => ({ id: null, prev_id: null, role: h.role, content: h.content, speaker: h.role === 'assistant' ? (h.character_id ?? null) : null }),
  );
  return lines.length === 0 ? greeting : lines;
}

/** The character of the prompt: in a group chat the member who speaks, with the group's lore and its own. */
export function speakingCharacter(character: TurnCharacter, group: TurnGroup | null | undefined): TurnCharacter {
  return group ? { ...group.speaker, lore: loreOfBoth(character.lore, group.speaker.lore) } : character;
}

/** The group's entries, then the speaker's (a lorebook both use counts once). */
function loreOfBoth(groupLore: readonly PromptLoreEntry[], speakerLore: readonly PromptLoreEntry[]): PromptLoreEntry[] {
  const seen = new Set(groupLore.map((e) => e.id));
  return [...groupLore, ...speakerLore.filter((e) => !seen.has(e.id))];
}

/**
 * The prompt's conversation: in a group chat, the speaker's own replies stay the assistant's; the user's lines and
 * the other members' come as named lines ("Mira: …") from the speaker's point of view, so the model tells the voices
 * apart and does not take the others' lines for its own (README "Group chats").
 */
function promptHistoryOf(all: readonly TurnLine[], group: TurnGroup | null | undefined, userName: string, tokenizer: Tokenizer) {
  // An image message has no text: the model is not shown an empty line.
  const lines = all.filter((l) => l.content !== '');
  if (!group) return lines.map((l) => ({ role: l.role, content: l.content, tokens: l.tokens }));
  const names = new Map(group.members.map((m) => [m.id, m.name]));
  const prefixTokens = new Map<string, number>();
  const named = (l: TurnLine, name: string) => {
    const prefix = `${name}: `;
    if (!prefixTokens.has(prefix)) prefixTokens.set(prefix, tokenizer.count(prefix));
    return { role: 'user' as const, content: `${prefix}${l.content}`, tokens: l.tokens === undefined ? undefined : l.tokens + prefixTokens.get(prefix)! };
  };
  return lines.map((l) => {
    if (l.role === 'user') return named(l, userName);
    const other = l.speaker !== null && l.speaker !== group.speaker.id ? names.get(l.speaker) : undefined;
    return other ? named(l, other) : { role: l.role, content: l.content, tokens: l.tokens };
  });
}

/** Whose the reply is and whose lines it must not write: the speaker's (autopilot: the user's) and everyone else's. */
export function voicesOf(group: TurnGroup, userName: string, autopilot: boolean): { speaker: string; others: string[] } {
  const names = group.members.map((m) => m.name);
  if (autopilot) return { speaker: userName, others: names };
  return { speaker: group.speaker.name, others: [...names.filter((n) => n !== group.speaker.name), userName] };
}

/** What the engine is asked: the prompt within the context's limits, the settings, and the demo model's hints. */
export function turnInference(t: {
  mode: Exclude<TurnMode, 'pick'>;
  /** The character who speaks (speakingCharacter). */
  character: TurnCharacter;
  persona: PromptPersona | null;
  userName: string;
  memories: readonly PromptMemory[];
  group: TurnGroup | null | undefined;
  /** The conversation the prompt ends with, oldest first. */
  lines: readonly TurnLine[];
  contextTokens: number;
  settings: InferenceSettings;
  tokenizer: Tokenizer;
}): InferenceRequest {
  const { character, group, settings, userName } = t;
  const autopilot = t.mode === 'autopilot';
  const prompt = buildPrompt({
    character: { name: character.name, persona: character.persona, scenario: character.scenario, dialogue: character.dialogue },
    persona: t.persona,
    userName,
    lorebook: character.lore,
    memories: t.memories,
    group: group ? { others: group.members.filter((m) => m.id !== group.speaker.id).map((m) => m.name) } : null,
    history: promptHistoryOf(t.lines, group, userName, t.tokenizer),
    contextTokens: t.contextTokens,
    maxNewTokens: settings.max_new_tokens,
    autopilot,
    tokenizer: t.tokenizer,
  });
  const lastUserMessage = t.lines.findLast((l) => l.role === 'user')?.content ?? '';
  return {
    messages: prompt.messages,
    maxTokens: settings.max_new_tokens,
    temperature: settings.temperature,
    topP: settings.top_p,
    topK: settings.top_k,
    hints: {
      characterName: character.name,
      greeting: character.greeting,
      personality: character.persona,
      userName,
      lastUserMessage,
      autopilot,
      continuing: t.mode === 'continue',
    },
  };
}
