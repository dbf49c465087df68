import { contextSizeFor, type ChatRequest, type InferenceSettings } from '@fable/contracts';
import type { InferenceRequest } from '../../infra/inference/engine';
import type { OfferedModel } from '../../infra/inference/models';
import type { PromptPersona } from '../personas/promptPersona';
import type { PromptMemory } from './prompt/buildPrompt';
import type { Tokenizer } from '@fable/rules/tokens';
import type { TurnHistoryMessage } from './promptSources';
import { workOf, type SavedTurn, type UnsavedTurn } from './turnKeep';
import { generationSettings, type PlanMember } from './turnModel';
import { speakingCharacter, turnInference, turnLines, voicesOf, type TurnCharacter, type TurnGroup } from './turnPrompt';
import type { TurnAsk, TurnMode } from './turnRequest';

/**
 * The plan of a chat turn (POST /api/chat), from plain data: the generation settings, the prompt and its limits
 * (turnPrompt.ts), and what the turn keeps (turnKeep.ts). No database, no clock, no randomness of its own: the ids
 * and the time come in. chatTurn.ts reads, plans, writes and streams.
 */

export interface TurnPlanInput {
  ask: Exclude<TurnAsk, { mode: 'pick' }>;
  body: Pick<ChatRequest, 'history' | 'inference_settings'>;
  member: PlanMember | null;
  character: TurnCharacter;
  /** The member's conversation as read (null: a guest, or a new conversation). */
  conversation: { id: string; last_message_id: string | null } | null;
  /** Its main line, newest first. */
  history: readonly TurnHistoryMessage[];
  memories: readonly PromptMemory[];
  persona: PromptPersona | null;
  model: Pick<OfferedModel, 'contextTokens'>;
  /** A group chat's speaker and members; null for a chatbot. */
  group?: TurnGroup | null;
  tokenizer: Tokenizer;
  /** Makes the ids of what the turn creates (a conversation, its greeting, the user's message). */
  newId: () => string;
  now: Date;
}

export interface TurnPlan {
  mode: Exclude<TurnMode, 'pick'>;
  settings: InferenceSettings;
  contextTokens: number;
  /** What the engine is asked: the prompt, the limits and the settings, and the demo model's hints. */
  inference: InferenceRequest;
  /** The conversation of the events: the member's (a new id when the turn starts one), null for a guest. */
  conversationId: string | null;
  /** The group member whose reply this is (its messages.sub_character_id, the message's character_id); null for a chatbot. */
  speakerId: string | null;
  /** A group chat's voices: whose the reply is and whose lines it must not write (group/speakerGuard.ts); null for a chatbot. */
  voices: { speaker: string; others: string[] } | null;
  keep: SavedTurn | UnsavedTurn;
}

/**
 * The prompt's share for memories (README "Semantic memory"): MEMORY_SHARE of what the context leaves once the reply's
 * tokens are set aside, for the member's tier and model. The recall fills it, pinned memories first.
 */
export const MEMORY_SHARE = 0.2;
export function memoryShareTokens(member: PlanMember | null, body: Pick<ChatRequest, 'inference_settings'>, model: Pick<OfferedModel, 'contextTokens'>): number {
  const contextTokens = contextSizeFor(member?.permissions ?? [], model.contextTokens);
  return Math.floor(MEMORY_SHARE * Math.max(0, contextTokens - generationSettings(member, body.inference_settings).max_new_tokens));
}

export function planTurn(input: TurnPlanInput): TurnPlan {
  const { ask, member, persona, group } = input;
  const own = member ? { userId: member.userId, conversationId: input.conversation?.id ?? input.newId() } : null;
  // Autopilot suggests the member's next line: nothing of it is saved.
  const autopilot = ask.mode === 'autopilot';
  const { promptLines, keep } = workOf(input, turnLines(input), autopilot ? null : own);
  const settings = generationSettings(member, input.body.inference_settings);
  const contextTokens = contextSizeFor(member?.permissions ?? [], input.model.contextTokens);
  const userName = persona?.name ?? member?.name ?? 'User';
  const inference = turnInference({
    mode: ask.mode,
    character: speakingCharacter(input.character, group),
    persona,
    userName,
    memories: input.memories,
    group,
    lines: promptLines,
    contextTokens,
    settings,
    tokenizer: input.tokenizer,
  });
  return {
    mode: ask.mode,
    settings,
    contextTokens,
    conversationId: own?.conversationId ?? null,
    speakerId: group && !autopilot ? group.speaker.id : null,
    voices: group ? voicesOf(group, userName, autopilot) : null,
    keep,
    inference,
  };
}
