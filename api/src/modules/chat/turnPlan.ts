import {
  GENERATION_DEFAULTS,
  GUEST_PERMISSIONS,
  contextSizeFor,
  type ChatMessage,
  type ChatRequest,
  type InferenceSettings,
  type Permission,
} from '@fable/contracts';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/appError';
import type { InferenceRequest } from '../../infra/inference/engine';
import type { ModelChooser, ModelRegistry, OfferedModel } from '../../infra/inference/models';
import type { CharacterRow } from '../characters/characterRow';
import { canView, type Viewer } from '../discovery/characterAccess';
import type { PromptPersona } from '../personas/promptPersona';
import { CHAT_ERROR_CODES, chatCreatorBlocked, chatLoginRequired, chatNotAllowed, conversationNotFound, manualReviewRequired } from './chatErrors';
import { buildPrompt, type PromptCharacter, type PromptMemory } from './prompt/buildPrompt';
import type { PromptLoreEntry } from './prompt/lorebookActivation';
import type { Tokenizer } from './prompt/tokenizer';
import type { TurnHistoryMessage } from './promptSources';

/**
 * The plan of a chat turn (POST /api/chat), from plain data: what the call asks, the model, the generation
 * settings, the prompt and its limits, and what the turn keeps (the user's message, the reply's save, or nothing
 * for guests and autopilot). No database, no clock, no randomness of its own: the ids and the time come in.
 * chatTurn.ts reads, runs the plan and writes.
 */

/** What the call asks, read from its body. */
export type TurnAsk =
  | { mode: 'message'; text: string }
  | { mode: 'regenerate' }
  | { mode: 'continue' }
  | { mode: 'autopilot' }
  /** `alt_message_id` alone: make that alternate the main reply, generate nothing. */
  | { mode: 'pick' }
  /** A group chat's member speaks without a message of the user's (`sub_character_id` and no message: Next, the strip). */
  | { mode: 'next' };

export type TurnMode = TurnAsk['mode'];

/**
 * The mode of the call: autopilot, continue, regenerate, a member's turn without a message (`sub_character_id`, group
 * chats), an alternate pick, else a message (400 when it is blank).
 */
export function askOf(body: Pick<ChatRequest, 'autopilot' | 'continue_chat' | 'regenerate' | 'alt_message_id' | 'message' | 'sub_character_id'>): TurnAsk {
  if (body.autopilot) return { mode: 'autopilot' };
  if (body.continue_chat) return { mode: 'continue' };
  if (body.regenerate) return { mode: 'regenerate' };
  const text = body.message?.trim() ?? '';
  if (!text && body.sub_character_id) return { mode: 'next' };
  if (body.alt_message_id && !text) return { mode: 'pick' };
  if (!text) throw AppError.badRequest('message is required');
  return { mode: 'message', text };
}

/** What a turn checks of its character, read with the caller's block of its creator. */
type CheckedCharacter = Pick<CharacterRow, 'id' | 'application_id' | 'visibility' | 'creator_user_id' | 'aicq_manual_review_required' | 'is_nsfw'> & {
  blocked: boolean;
};

/**
 * The checks of a turn on what it read, in order: a character the caller may open (403 chat_not_allowed, a missing
 * one too), not held for manual review (409), its creator not blocked by the caller (403), not NSFW for a guest
 * (403 login_required); then the conversation asked for, the member's and of this character (404).
 */
export function checkTurnContext<T extends { character: CheckedCharacter; conversation: { character_id: string } | null }>(
  context: T | null,
  who: { viewer: Viewer; member: boolean; conversationId: string | null },
): T {
  if (!context || !canView(context.character, who.viewer)) throw chatNotAllowed();
  const { character, conversation } = context;
  if (character.aicq_manual_review_required) throw manualReviewRequired();
  if (character.blocked) throw chatCreatorBlocked();
  if (!who.member && character.is_nsfw) throw chatLoginRequired();
  if (who.conversationId && (!conversation || conversation.character_id !== character.id)) throw conversationNotFound();
  return context;
}

/** A member as the plan needs them (a guest is null). */
export interface PlanMember {
  userId: string;
  permissions: readonly Permission[];
  /** Their name, else their username. */
  name: string | null;
  /** Their saved generation settings and model (user settings). */
  saved: Partial<InferenceSettings> & { model?: string };
}

export function planMemberOf(caller: Caller): PlanMember | null {
  if (caller.kind !== 'member') return null;
  const u = caller.user;
  return { userId: caller.userId, permissions: u.permissions, name: u.name ?? u.username ?? null, saved: u.settings.inferenceSettings ?? {} };
}

export function modelChooserOf(caller: Caller): ModelChooser {
  if (caller.kind !== 'member') return { permissions: GUEST_PERMISSIONS };
  const u = caller.user;
  return { permissions: u.permissions, openAiMode: u.openai_mode, openAiKey: u.openai_api_key };
}

/** The model of the turn: the one asked for (400/403 when unknown/not allowed), else the saved one when still usable, else the default. */
export function chooseModel(models: ModelRegistry, who: ModelChooser, saved: string | undefined, asked: string | undefined): OfferedModel {
  if (asked !== undefined) {
    const choice = models.choose(who, asked);
    if (choice.ok) return choice.offered;
    if (choice.reason === 'unknown') throw new AppError(400, CHAT_ERROR_CODES.UNKNOWN_MODEL, `Unknown model: ${asked}`);
    throw AppError.forbidden('Your plan does not include this model.', CHAT_ERROR_CODES.MODEL_NOT_ALLOWED);
  }
  if (saved !== undefined) {
    const choice = models.choose(who, saved);
    if (choice.ok) return choice.offered;
  }
  const choice = models.choose(who, undefined);
  if (!choice.ok) throw AppError.forbidden('Your plan does not include any model.', CHAT_ERROR_CODES.MODEL_NOT_ALLOWED);
  return choice.offered;
}

const settingsIn = (s: Partial<InferenceSettings> | undefined): Partial<InferenceSettings> => {
  const out: Partial<InferenceSettings> = {};
  if (s?.max_new_tokens !== undefined) out.max_new_tokens = s.max_new_tokens;
  if (s?.temperature !== undefined) out.temperature = s.temperature;
  if (s?.top_p !== undefined) out.top_p = s.top_p;
  if (s?.top_k !== undefined) out.top_k = s.top_k;
  return out;
};

/**
 * Generation settings: the defaults, then (with the generation_settings permission) the member's saved settings
 * and the call's. Without the permission the defaults apply whatever is sent.
 */
export function generationSettings(member: PlanMember | null, asked: Partial<InferenceSettings> | undefined): InferenceSettings {
  if (!member?.permissions.includes('generation_settings')) return { ...GENERATION_DEFAULTS };
  return { ...GENERATION_DEFAULTS, ...settingsIn(member.saved), ...settingsIn(asked) };
}

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

/** A group chat's turn (group/groupTurn.ts): the member who speaks, with its definition and lorebook entries, and who else is there. */
export interface TurnGroup {
  speaker: PromptCharacter & { id: string; greeting: string; lore: readonly PromptLoreEntry[] };
  /** Every member who may speak, in the group's order (the speaker too). */
  members: ReadonlyArray<{ id: string; name: string }>;
}

export interface TurnPlanInput {
  ask: Exclude<TurnAsk, { mode: 'pick' }>;
  body: Pick<ChatRequest, 'history' | 'inference_settings'>;
  member: PlanMember | null;
  character: PromptCharacter & { greeting: string; lore: readonly PromptLoreEntry[] };
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

/** How a member's reply is saved, once, whole, after the stream. */
export type ReplySave =
  /** A new reply after `prevId`. */
  | { kind: 'new'; prevId: string | null }
  /** Regenerate: the new reply takes the place of `replacedId`, which joins the alternates. */
  | { kind: 'replace'; replacedId: string; prevId: string | null }
  /** Continue: the text is appended to the reply `messageId`, whose text so far is `content`. */
  | { kind: 'append'; messageId: string; content: string };

/** What a member's turn writes (message, regenerate, continue). */
export interface SavedTurn {
  saved: true;
  /** The member whose conversation it is. */
  userId: string;
  conversationId: string;
  /** The conversation's tail as read: the user's message lands only while it is still the tail. */
  readTail: string | null;
  /** A conversation this turn creates (a message in a new conversation), with its greeting message's id. */
  newConversation: { greetingId: string | null } | null;
  /** The user's message (message mode), written while the engine works. */
  userMessage: ChatMessage | null;
  reply: ReplySave;
  /** The tail the reply's save expects: the user's message, else the tail as read. */
  replyTail: string | null;
}

/** A reply nothing keeps (guests, autopilot): answered as a message of this role, `prefix` + the stream's text. */
export interface UnsavedTurn {
  saved: false;
  role: 'user' | 'assistant';
  prefix: string;
  prevId: string | null;
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

const noReplyToContinue = () => AppError.badRequest('There is no reply to continue');

type Owner = { userId: string; conversationId: string };

/** A member's message: the user's message (after the greeting of a conversation the turn creates), the reply after it. */
function savedMessage(input: TurnPlanInput, text: string, last: TurnLine | undefined, to: Owner): SavedTurn {
  const { conversation } = input;
  const greetingId = !conversation && input.character.greeting.trim() ? input.newId() : null;
  const userMessage: ChatMessage = {
    id: input.newId(),
    role: 'user',
    content: text,
    prev_id: greetingId ?? last?.id ?? null,
    is_alternative: false,
    createdAt: input.now.toISOString(),
    rating: null,
    // The user's message is nobody's in the group: character_id names the member of a reply.
    character_id: null,
    conversation_id: to.conversationId,
    label: null,
  };
  return {
    saved: true,
    ...to,
    readTail: conversation?.last_message_id ?? null,
    newConversation: conversation ? null : { greetingId },
    userMessage,
    reply: { kind: 'new', prevId: userMessage.id },
    replyTail: userMessage.id,
  };
}

/**
 * A member's turn without a message in a conversation the turn creates (a group chat's Next on a new chat): the
 * conversation with its greeting, then the reply after the greeting.
 */
function savedFirstReply(input: TurnPlanInput, to: Owner): SavedTurn {
  const greetingId = input.character.greeting.trim() ? input.newId() : null;
  return { saved: true, ...to, readTail: null, newConversation: { greetingId }, userMessage: null, reply: { kind: 'new', prevId: greetingId }, replyTail: greetingId };
}

/** A member's regenerate or continue: the reply's save alone, on the conversation's tail as read. */
function savedReply(input: TurnPlanInput, reply: ReplySave, to: Owner): SavedTurn {
  const readTail = input.conversation?.last_message_id ?? null;
  return { saved: true, ...to, readTail, newConversation: null, userMessage: null, reply, replyTail: readTail };
}

/** What the prompt ends with and how the reply is kept, by mode. `saving`: the member's conversation (null: nothing is saved). */
function workOf(input: TurnPlanInput, lines: TurnLine[], saving: Owner | null): { promptLines: TurnLine[]; keep: SavedTurn | UnsavedTurn } {
  const { ask, conversation } = input;
  const last = lines.at(-1);
  switch (ask.mode) {
    case 'message': {
      const promptLines: TurnLine[] = [...lines, { id: null, prev_id: last?.id ?? null, role: 'user', content: ask.text, speaker: null }];
      if (!saving) return { promptLines, keep: { saved: false, role: 'assistant', prefix: '', prevId: last?.id ?? null } };
      return { promptLines, keep: savedMessage(input, ask.text, last, saving) };
    }
    case 'regenerate': {
      if (saving && !conversation) throw AppError.badRequest('Nothing to regenerate in a new conversation');
      const replaced = last?.role === 'assistant' ? last : null;
      const promptLines = replaced ? lines.slice(0, -1) : lines;
      if (!saving) return { promptLines, keep: { saved: false, role: 'assistant', prefix: '', prevId: replaced?.prev_id ?? last?.id ?? null } };
      const reply: ReplySave = replaced?.id ? { kind: 'replace', replacedId: replaced.id, prevId: replaced.prev_id } : { kind: 'new', prevId: last?.id ?? null };
      return { promptLines, keep: savedReply(input, reply, saving) };
    }
    case 'continue': {
      if (last?.role !== 'assistant') throw noReplyToContinue();
      if (!saving) return { promptLines: lines, keep: { saved: false, role: 'assistant', prefix: last.content, prevId: last.prev_id } };
      // A new conversation's greeting is not saved yet: nothing to continue.
      if (last.id === null) throw noReplyToContinue();
      return { promptLines: lines, keep: savedReply(input, { kind: 'append', messageId: last.id, content: last.content }, saving) };
    }
    case 'next': {
      if (!saving) return { promptLines: lines, keep: { saved: false, role: 'assistant', prefix: '', prevId: last?.id ?? null } };
      if (!conversation) return { promptLines: lines, keep: savedFirstReply(input, saving) };
      return { promptLines: lines, keep: savedReply(input, { kind: 'new', prevId: last?.id ?? null }, saving) };
    }
    case 'autopilot':
      return { promptLines: lines, keep: { saved: false, role: 'user', prefix: '', prevId: last?.id ?? null } };
  }
}

/**
 * The prompt's conversation: in a group chat, the speaker's own replies stay the assistant's; the user's lines and
 * the other members' come as named lines ("Mira: …") from the speaker's point of view, so the model tells the voices
 * apart and does not take the others' lines for its own (README "Group chats").
 */
function promptHistoryOf(lines: readonly TurnLine[], group: TurnGroup | null | undefined, userName: string, tokenizer: Tokenizer) {
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
function voicesOf(group: TurnGroup, userName: string, autopilot: boolean): { speaker: string; others: string[] } {
  const names = group.members.map((m) => m.name);
  if (autopilot) return { speaker: userName, others: names };
  return { speaker: group.speaker.name, others: [...names.filter((n) => n !== group.speaker.name), userName] };
}

/** The group's entries, then the speaker's (a lorebook both use counts once). */
function loreOfBoth(groupLore: readonly PromptLoreEntry[], speakerLore: readonly PromptLoreEntry[]): PromptLoreEntry[] {
  const seen = new Set(groupLore.map((e) => e.id));
  return [...groupLore, ...speakerLore.filter((e) => !seen.has(e.id))];
}

export function planTurn(input: TurnPlanInput): TurnPlan {
  const { ask, member, persona, group } = input;
  // In a group chat the member who speaks is the character of the prompt, with the group's lore and its own.
  const character = group ? { ...group.speaker, lore: loreOfBoth(input.character.lore, group.speaker.lore) } : input.character;
  const own = member ? { userId: member.userId, conversationId: input.conversation?.id ?? input.newId() } : null;
  // Autopilot suggests the member's next line: nothing of it is saved.
  const saving = ask.mode === 'autopilot' ? null : own;
  const { promptLines, keep } = workOf(input, turnLines(input), saving);
  const settings = generationSettings(member, input.body.inference_settings);
  const contextTokens = contextSizeFor(member?.permissions ?? [], input.model.contextTokens);
  const userName = persona?.name ?? member?.name ?? 'User';
  const autopilot = ask.mode === 'autopilot';
  const prompt = buildPrompt({
    character: { name: character.name, persona: character.persona, scenario: character.scenario, dialogue: character.dialogue },
    persona,
    userName,
    lorebook: character.lore,
    memories: input.memories,
    group: group ? { others: group.members.filter((m) => m.id !== group.speaker.id).map((m) => m.name) } : null,
    history: promptHistoryOf(promptLines, group, userName, input.tokenizer),
    contextTokens,
    maxNewTokens: settings.max_new_tokens,
    autopilot,
    tokenizer: input.tokenizer,
  });
  const lastUserMessage = promptLines.findLast((l) => l.role === 'user')?.content ?? '';
  return {
    mode: ask.mode,
    settings,
    contextTokens,
    conversationId: own?.conversationId ?? null,
    speakerId: group && !autopilot ? group.speaker.id : null,
    voices: group ? voicesOf(group, userName, autopilot) : null,
    keep,
    inference: {
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
        continuing: ask.mode === 'continue',
      },
    },
  };
}

/** The reply of a turn nothing keeps, as the `done` event carries it (guests' messages are in conversation "guest"). */
export function unsavedReply(keep: UnsavedTurn, text: string, m: { id: string; conversationId: string; now: Date; speakerId: string | null }): ChatMessage {
  return {
    id: m.id,
    role: keep.role,
    content: `${keep.prefix}${text}`,
    prev_id: keep.prevId,
    is_alternative: false,
    createdAt: m.now.toISOString(),
    conversation_id: m.conversationId,
    ...(keep.role === 'assistant' && m.speakerId ? { character_id: m.speakerId } : {}),
  };
}
