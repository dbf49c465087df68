import { randomUUID } from 'node:crypto';
import {
  GENERATION_DEFAULTS,
  GUEST_PERMISSIONS,
  NEW_CONVERSATION_ID,
  contextSizeFor,
  type ChatMessage,
  type ChatRequest,
  type ChatStreamEventName,
  type InferenceSettings,
} from '@fable/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, MemberCaller } from '../../http/access';
import { AppError } from '../../http/appError';
import type { Clock } from '../../infra/clock';
import type { Database, Queryable } from '../../infra/db/database';
import { InferenceError, isAbortError, type InferenceRequest, type InferenceStream } from '../../infra/inference/engine';
import type { ModelChooser, ModelRegistry, OfferedModel } from '../../infra/inference/models';
import { canView, viewerOf } from '../discovery/characterAccess';
import {
  CHAT_ERROR_CODES,
  INFERENCE_FAILED_MESSAGE,
  chatCreatorBlocked,
  chatLoginRequired,
  chatNotAllowed,
  conversationChanged,
  conversationNotFound,
  inferenceAppError,
  manualReviewRequired,
  messageNotFound,
} from './chatErrors';
import { MESSAGE_SELECT, alternatesOf, findOwnMessage, toChatMessage, type ConversationRow, type MessageRow } from './chatRepository';
import { buildPrompt, type BuiltPrompt, type PromptHistoryMessage } from './prompt/buildPrompt';
import type { Tokenizer } from './prompt/tokenizer';
import { PROMPT_MEMORY_CAP } from '../memories/promptMemories';
import type { MessageCounter } from './messageCounter';
import type { CharacterRow } from '../characters/characterRow';
import { loadTurnContext } from './promptSources';
import { TURN_LEASE_RENEW_MS, claimTurn, leaseUntil, newLease, releaseTurn, renewTurn, type TurnLease } from './turnLease';

/**
 * One chat turn (POST /api/chat, document 1 §7): checks, prompt, engine stream relayed as Server-Sent Events,
 * and the reply saved once, whole.
 *
 * Timing: every read (character with the block check, conversation, history, persona, memories, lorebook) is one
 * statement before the engine is called (promptSources.ts); the user's message is written while the engine works (nothing waits
 * for it but the reply's save); the reply is written after the stream. Each token is written to the socket as it
 * arrives.
 *
 * Modes: a new message (default), `regenerate`, `continue_chat`, `autopilot`, and `alt_message_id` alone (pick
 * an alternate as the main reply, no generation). `alt_message_id` with another mode picks first, then runs it.
 *
 * One writer per conversation (README "One conversation, one chain"): a member's turn that writes claims the
 * conversation's lease (turnLease.ts) before it reads anything, or answers 409 conversation_busy; its writes land
 * only while it holds the lease and the conversation's tail is the one it read; the reply's save frees the lease,
 * before the `done` event, so the next turn may start as soon as the client hears of the reply.
 */
export interface ChatTurnDeps {
  db: Database;
  clock: Clock;
  models: ModelRegistry;
  tokenizer: Tokenizer;
  counter: MessageCounter;
}

/** History messages the prompt may draw from (a 16K context holds far fewer). */
export const HISTORY_READ_MAX = 500;

/** conversation_id of the messages in a guest's stream (guests' chats are not saved). */
export const GUEST_CONVERSATION_ID = 'guest';

type Mode = 'message' | 'regenerate' | 'continue' | 'autopilot' | 'pick';

interface Line {
  id: string | null;
  prev_id: string | null;
  role: 'user' | 'assistant';
  content: string;
  tokens?: number;
}

function modeOf(body: ChatRequest): Mode {
  if (body.autopilot) return 'autopilot';
  if (body.continue_chat) return 'continue';
  if (body.regenerate) return 'regenerate';
  if (body.alt_message_id && !body.message?.trim()) return 'pick';
  return 'message';
}

function chooserOf(caller: Caller): ModelChooser {
  if (caller.kind !== 'member') return { permissions: GUEST_PERMISSIONS };
  const u = caller.user;
  return { permissions: u.permissions, openAiMode: u.openai_mode, openAiKey: u.openai_api_key };
}

/** The model of the turn: the one asked for (400/403 when unknown/not allowed), else the member's saved one when still usable, else the default. */
export function chooseModel(models: ModelRegistry, caller: Caller, asked: string | undefined): OfferedModel {
  const who = chooserOf(caller);
  if (asked !== undefined) {
    const choice = models.choose(who, asked);
    if (choice.ok) return choice.offered;
    if (choice.reason === 'unknown') throw new AppError(400, CHAT_ERROR_CODES.UNKNOWN_MODEL, `Unknown model: ${asked}`);
    throw AppError.forbidden('Your plan does not include this model.', CHAT_ERROR_CODES.MODEL_NOT_ALLOWED);
  }
  const saved = caller.kind === 'member' ? caller.user.settings.inferenceSettings?.model : undefined;
  if (saved !== undefined) {
    const choice = models.choose(who, saved);
    if (choice.ok) return choice.offered;
  }
  const choice = models.choose(who, undefined);
  if (!choice.ok) throw AppError.forbidden('Your plan does not include any model.', CHAT_ERROR_CODES.MODEL_NOT_ALLOWED);
  return choice.offered;
}

/**
 * Generation settings: the defaults, then (with the generation_settings permission) the member's saved settings
 * and the call's. Without the permission the defaults apply whatever is sent.
 */
function generationSettings(caller: Caller, asked: Partial<InferenceSettings> | undefined): InferenceSettings {
  const base: InferenceSettings = { ...GENERATION_DEFAULTS };
  if (caller.kind !== 'member' || !caller.user.permissions.includes('generation_settings')) return base;
  const saved = caller.user.settings.inferenceSettings;
  const pick = (s: Partial<InferenceSettings> | undefined) => {
    if (!s) return {};
    const out: Partial<InferenceSettings> = {};
    if (s.max_new_tokens !== undefined) out.max_new_tokens = s.max_new_tokens;
    if (s.temperature !== undefined) out.temperature = s.temperature;
    if (s.top_p !== undefined) out.top_p = s.top_p;
    if (s.top_k !== undefined) out.top_k = s.top_k;
    return out;
  };
  return { ...base, ...pick(saved), ...pick(asked) };
}

/** Makes an alternate the main reply (the main one joins the alternates); answers the picked message. */
async function pickAlternate(db: Database, member: MemberCaller, altId: string, conversationId: string | null, now: Date): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<MessageRow>(
      `select ${MESSAGE_SELECT} from messages m join conversations cv on cv.id = m.conversation_id
        where m.id = $1 and cv.user_id = $2 and ($3::text is null or m.conversation_id = $3) for update of m`,
      [altId, member.userId, conversationId],
    );
    const alt = rows[0];
    if (!alt) throw messageNotFound();
    if (!alt.is_alternative || !alt.alternate_of) return alt;
    const main = alt.alternate_of;
    await tx.query('update messages set is_alternative = false, alternate_of = null, updated_at = $2 where id = $1', [alt.id, now]);
    await tx.query('update messages set is_alternative = true, alternate_of = $2, updated_at = $3 where id = $1', [main, alt.id, now]);
    await tx.query('update messages set alternate_of = $2 where alternate_of = $1 and is_alternative and id <> $2', [main, alt.id]);
    await tx.query('update conversations set last_message_id = $2 where id = $3 and last_message_id = $1', [main, alt.id, alt.conversation_id]);
    return { ...alt, is_alternative: false, alternate_of: null };
  });
}

async function insertMessage(
  tx: Queryable,
  m: { id: string; conversationId: string; role: 'user' | 'assistant'; content: string; prevId: string | null; tokens: number; stopped?: boolean; subCharacterId?: string | null },
  now: Date,
): Promise<MessageRow> {
  const { rows } = await tx.query<MessageRow>(
    `insert into messages as m (id, conversation_id, role, content, prev_id, token_count, stopped, sub_character_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) returning ${MESSAGE_SELECT}`,
    [m.id, m.conversationId, m.role, m.content, m.prevId, m.tokens, m.stopped ?? false, m.subCharacterId ?? null, now],
  );
  return rows[0]!;
}

function sseFrame(event: ChatStreamEventName, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

type UserWrite = { ok: true } | { ok: false; error: unknown };

/** What a turn holds until it ends: its lease (claimed, or made with a new conversation) and the user's message write. */
interface TurnHold {
  lease: TurnLease | null;
  userWrite: Promise<UserWrite>;
}

export async function chatTurn(request: FastifyRequest<{ Body: ChatRequest }>, reply: FastifyReply, deps: ChatTurnDeps): Promise<void> {
  const { db, clock } = deps;
  const body = request.body;
  const member = request.caller.kind === 'member' ? request.caller : null;
  const mode = modeOf(body);
  if (mode === 'message' && !body.message?.trim()) throw AppError.badRequest('message is required');

  // A member's turn that writes holds the conversation from before its first read (autopilot saves nothing).
  const requestedConversation = body.conversation_id && body.conversation_id !== NEW_CONVERSATION_ID ? body.conversation_id : null;
  const hold: TurnHold = { lease: null, userWrite: Promise.resolve({ ok: true }) };
  if (member && mode !== 'autopilot') {
    let target = requestedConversation;
    if (!target && body.alt_message_id) target = (await findOwnMessage(db, body.alt_message_id, member.userId))?.conversation_id ?? null;
    if (target) hold.lease = await claimTurn(db, { conversationId: target, userId: member.userId, now: clock.now() });
  }
  try {
    await runTurn(request, reply, deps, hold, requestedConversation);
  } finally {
    await releaseHold(db, hold, request);
  }
}

/** Frees the conversation once the user's message write has settled (its write needs the lease). Never throws. */
async function releaseHold(db: Database, hold: TurnHold, request: FastifyRequest): Promise<void> {
  const lease = hold.lease;
  if (!lease || lease.released) return;
  await hold.userWrite;
  await releaseTurn(db, lease).catch((err: unknown) => request.log.error({ err }, 'freeing the conversation after a turn failed'));
}

async function runTurn(
  request: FastifyRequest<{ Body: ChatRequest }>,
  reply: FastifyReply,
  deps: ChatTurnDeps,
  hold: TurnHold,
  requestedConversation: string | null,
): Promise<void> {
  const { db, clock, tokenizer } = deps;
  const body = request.body;
  const caller = request.caller;
  const member = caller.kind === 'member' ? caller : null;
  const mode = modeOf(body);

  // Picking an alternate is a write that must precede the reads (rare: the alternates pager).
  let picked: MessageRow | null = null;
  if (body.alt_message_id && member) picked = await pickAlternate(db, member, body.alt_message_id, hold.lease?.conversationId ?? null, clock.now());

  const conversationIdForReads = member ? (requestedConversation ?? picked?.conversation_id ?? null) : null;

  // Every read at once, in one statement.
  const context = await loadTurnContext(db, {
    characterId: body.character_id,
    userId: member?.userId ?? null,
    conversationId: conversationIdForReads,
    personaId: member ? (body.user_persona_id ?? null) : null,
    historyMax: HISTORY_READ_MAX,
    memoryMax: PROMPT_MEMORY_CAP,
  });
  const character = context?.character ?? null;
  const conversation = context?.conversation ?? null;
  const history = context?.history ?? [];
  const memories = context?.memories ?? [];
  const persona = context?.persona ?? null;

  if (!character || !canView(character, viewerOf(caller))) throw chatNotAllowed();
  if (character.aicq_manual_review_required) throw manualReviewRequired();
  if (character.blocked) throw chatCreatorBlocked();
  if (!member && character.is_nsfw) throw chatLoginRequired();
  if (conversationIdForReads && (!conversation || conversation.character_id !== character.id)) throw conversationNotFound();

  const offered = chooseModel(deps.models, caller, body.inference_model);
  const settings = generationSettings(caller, body.inference_settings);
  const now = () => clock.now();

  // The conversation so far, oldest first.
  let lines: Line[];
  if (member) {
    lines = history.reverse().map((m) => ({ id: m.id, prev_id: m.prev_id, role: m.role, content: m.content, tokens: m.token_count }));
    if (!conversation && character.greeting.trim()) lines = [{ id: null, prev_id: null, role: 'assistant', content: character.greeting }];
  } else {
    lines = (body.history ?? []).map((h) => ({ id: null, prev_id: null, role: h.role, content: h.content }));
    if (lines.length === 0 && character.greeting.trim()) lines = [{ id: null, prev_id: null, role: 'assistant', content: character.greeting }];
  }

  const userName = member ? (persona?.name ?? member.user.name ?? member.user.username ?? 'User') : 'User';

  // Pick alone: nothing to generate.
  if (mode === 'pick') {
    if (!picked) throw messageNotFound();
    const message = await withAlternates(db, picked);
    await releaseHold(db, hold, request);
    startStream(reply);
    reply.raw.write(sseFrame('start', { conversation_id: picked.conversation_id, user_message: null }));
    reply.raw.end(sseFrame('done', { message, conversation_id: picked.conversation_id, stopped: false }));
    return;
  }

  let promptLines: Line[];
  let replaced: Line | null = null;
  const last = lines.at(-1);
  switch (mode) {
    case 'message':
      promptLines = [...lines, { id: null, prev_id: last?.id ?? null, role: 'user', content: body.message!.trim() }];
      break;
    case 'regenerate':
      if (member && !conversation) throw AppError.badRequest('Nothing to regenerate in a new conversation');
      if (last?.role === 'assistant' && (lines.length > 1 || !member || last.id !== null)) {
        replaced = last;
        promptLines = lines.slice(0, -1);
      } else promptLines = lines;
      break;
    case 'continue':
      if (last?.role !== 'assistant') throw AppError.badRequest('There is no reply to continue');
      if (member && !conversation) throw AppError.badRequest('There is no reply to continue');
      promptLines = lines;
      break;
    default:
      promptLines = lines;
  }

  const contextTokens = member ? contextSizeFor(member.user.permissions, offered.contextTokens) : contextSizeFor([], offered.contextTokens);
  const prompt: BuiltPrompt = buildPrompt({
    character: { name: character.name, persona: character.persona, scenario: character.scenario, dialogue: character.dialogue },
    persona,
    userName,
    lorebook: character.lore,
    memories,
    history: promptLines.map((l): PromptHistoryMessage => ({ role: l.role, content: l.content, tokens: l.tokens })),
    contextTokens,
    maxNewTokens: settings.max_new_tokens,
    autopilot: mode === 'autopilot',
    tokenizer,
  });
  const lastUser = [...promptLines].reverse().find((l) => l.role === 'user')?.content ?? '';
  const engineRequest: InferenceRequest = {
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
      lastUserMessage: lastUser,
      autopilot: mode === 'autopilot',
      continuing: mode === 'continue',
    },
  };

  // The user's message (and a new conversation) is written while the engine works: neither the engine call nor
  // the stream waits for it (its ids are made here); the reply's save waits for it.
  const conversationId = member ? (conversation?.id ?? randomUUID()) : null;
  // A conversation this turn creates is created held.
  if (member && !conversation && mode === 'message') hold.lease = newLease(conversationId!, clock.now());
  // The conversation's tail as read: every write of the turn lands only while it is still the tail.
  const readTail = conversation?.last_message_id ?? null;
  let pendingUser: ChatMessage | null = null;
  if (member && mode === 'message') {
    const greetingId = !conversation && character.greeting.trim() ? randomUUID() : null;
    const content = body.message!.trim();
    const at = now();
    pendingUser = {
      id: randomUUID(),
      role: 'user',
      content,
      prev_id: greetingId ?? lines.at(-1)?.id ?? null,
      is_alternative: false,
      createdAt: at.toISOString(),
      rating: null,
      character_id: body.sub_character_id ?? null,
      conversation_id: conversationId!,
      label: null,
    };
    hold.userWrite = saveUserTurn(db, {
      member,
      character,
      conversation,
      lease: hold.lease!,
      readTail,
      conversationId: conversationId!,
      personaId: persona?.id ?? null,
      greetingId,
      message: pendingUser,
      tokens: tokenizer.count(content),
      now: at,
      counter: deps.counter,
    }).then(
      () => ({ ok: true as const }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  }
  const userMessage = pendingUser;
  const userWrite = hold.userWrite;
  const lease = hold.lease;

  const controller = new AbortController();
  let stream: InferenceStream;
  try {
    stream = await offered.engine.stream(engineRequest, controller.signal);
  } catch (err) {
    const written = await userWrite;
    if (!written.ok) throw written.error;
    const details = conversationId ? { conversation_id: conversationId, user_message_id: userMessage?.id ?? null } : undefined;
    if (err instanceof InferenceError) throw inferenceAppError(err, details);
    request.log.error({ err }, 'inference engine failed to open');
    throw new AppError(502, CHAT_ERROR_CODES.INFERENCE_FAILED, INFERENCE_FAILED_MESSAGE, details);
  }

  // From here the answer is an event stream.
  const raw = startStream(reply);
  let finished = false;
  let clientGone = false;
  raw.on('close', () => {
    if (!finished) {
      clientGone = true;
      controller.abort();
    }
  });
  const send = (event: ChatStreamEventName, data: unknown) => {
    if (!clientGone && !raw.destroyed && !raw.writableEnded) raw.write(sseFrame(event, data));
  };
  send('start', { conversation_id: conversationId, user_message: userMessage });

  let text = '';
  let failure: unknown = null;
  try {
    for await (const delta of stream) {
      text += delta;
      if (lease && !lease.released && clock.now().getTime() - lease.renewedAt >= TURN_LEASE_RENEW_MS) {
        await renewTurn(db, lease, clock.now()).catch((err: unknown) => request.log.warn({ err }, 'renewing the turn lease failed'));
      }
      send('token', { text: delta });
    }
  } catch (err) {
    if (!(clientGone || isAbortError(err))) failure = err;
  }

  const endWith = (event: ChatStreamEventName, data: unknown) => {
    finished = true;
    if (!clientGone && !raw.destroyed && !raw.writableEnded) raw.end(sseFrame(event, data));
  };

  if (failure !== null || (text.trim() === '' && !clientGone)) {
    if (failure !== null && !(failure instanceof InferenceError)) request.log.error({ err: failure }, 'chat stream failed');
    else if (failure) request.log.warn({ err: failure }, 'inference stream broke');
    const e = failure instanceof InferenceError ? inferenceAppError(failure) : new AppError(502, CHAT_ERROR_CODES.INFERENCE_FAILED, INFERENCE_FAILED_MESSAGE);
    // The user's message is in place and the conversation free before the client hears of the failure (it may regenerate at once).
    await releaseHold(db, hold, request);
    endWith('error', { code: e.code, message: e.message, status: e.statusCode });
    return;
  }
  if (text.trim() === '') {
    finished = true;
    return;
  }
  const stopped = clientGone || stream.finishReason === 'length';

  try {
    let message: ChatMessage;
    if (!member || mode === 'autopilot') {
      message = {
        id: randomUUID(),
        role: mode === 'autopilot' ? 'user' : 'assistant',
        content: mode === 'continue' ? `${last!.content}${text}` : text,
        prev_id: mode === 'continue' ? last!.prev_id : (replaced?.prev_id ?? userMessage?.id ?? lines.at(-1)?.id ?? null),
        is_alternative: false,
        createdAt: now().toISOString(),
        conversation_id: conversationId ?? GUEST_CONVERSATION_ID,
      };
    } else {
      const written = await userWrite;
      if (!written.ok) throw written.error;
      const saved = await saveReply(db, {
        mode,
        characterId: character.id,
        lease: lease!,
        tail: userMessage?.id ?? readTail,
        conversationId: conversationId!,
        userMessage,
        last: last ?? null,
        replaced,
        text,
        tokenizer,
        stopped,
        subCharacterId: body.sub_character_id ?? null,
        now: now(),
        counter: deps.counter,
      });
      message = mode === 'message' ? toChatMessage(saved) : await withAlternates(db, saved);
    }
    endWith('done', { message, capped_message_id: null, conversation_id: conversationId, stopped });
  } catch (err) {
    await releaseHold(db, hold, request);
    if (err instanceof AppError) {
      request.log.warn({ err }, 'the chat reply was not saved');
      endWith('error', { code: err.code, message: err.message, status: err.statusCode });
      return;
    }
    request.log.error({ err }, 'saving the chat reply failed');
    endWith('error', { code: 'internal_error', message: 'The reply could not be saved. Please regenerate.', status: 500 });
  }
}

function startStream(reply: FastifyReply) {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.socket?.setNoDelay(true);
  raw.flushHeaders();
  return raw;
}

async function withAlternates(db: Queryable, row: MessageRow): Promise<ChatMessage> {
  const message = toChatMessage(row);
  if (row.role !== 'assistant' || row.is_alternative) return message;
  const alternates = await alternatesOf(db, row.id);
  return alternates.length === 0 ? message : { ...message, alternates: alternates.map((a) => ({ id: a.id, content: a.content, createdAt: toChatMessage(a).createdAt })) };
}

/** A new conversation (with the character's greeting as its first message) when needed, and the user's message. */
async function saveUserTurn(
  db: Database,
  t: {
    member: MemberCaller;
    character: CharacterRow;
    conversation: ConversationRow | null;
    lease: TurnLease;
    readTail: string | null;
    conversationId: string;
    personaId: string | null;
    greetingId: string | null;
    message: ChatMessage;
    tokens: number;
    now: Date;
    counter: MessageCounter;
  },
): Promise<void> {
  const m = t.message;
  if (t.conversation) {
    // One statement (atomic on its own): the conversation's summary, only while the turn holds it and its tail is
    // the one the turn read, and then the message.
    const { rows } = await db.query<{ n: number }>(
      `with cv as (
         update conversations set message_count = message_count + 1, last_message_id = $1, last_message_at = $7, updated_at = $7
          where id = $2 and turn_token = $8 and last_message_id is not distinct from $9::text
         returning id),
       ins as (
         insert into messages (id, conversation_id, role, content, prev_id, token_count, sub_character_id, created_at, updated_at)
         select $1::text, cv.id, 'user', $3::text, $4::text, $5::int, $6::text, $7::timestamptz, $7::timestamptz from cv returning id)
       select count(*)::int as n from ins`,
      [m.id, t.conversationId, m.content, m.prev_id, t.tokens, m.character_id ?? null, t.now, t.lease.token, t.readTail],
    );
    if (rows[0]?.n !== 1) throw conversationChanged();
    await t.counter.add(t.character.id, t.now);
    return;
  }
  await db.transaction(async (tx) => {
    let added = 1;
    if (!t.conversation) {
      await tx.query(
        `insert into conversations (id, user_id, character_id, user_persona_id, created_at, updated_at, turn_token, turn_until)
         values ($1, $2, $3, $4, $5, $5, $6, $7)`,
        [t.conversationId, t.member.userId, t.character.id, t.personaId, t.now, t.lease.token, leaseUntil(t.lease)],
      );
      if (t.greetingId) {
        await insertMessage(
          tx,
          { id: t.greetingId, conversationId: t.conversationId, role: 'assistant', content: t.character.greeting, prevId: null, tokens: 0 },
          t.now,
        );
        added += 1;
      }
    }
    await insertMessage(
      tx,
      {
        id: t.message.id,
        conversationId: t.conversationId,
        role: 'user',
        content: t.message.content,
        prevId: t.message.prev_id,
        tokens: t.tokens,
        subCharacterId: t.message.character_id ?? null,
      },
      t.now,
    );
    await tx.query(
      `update conversations set message_count = message_count + $2, last_message_id = $3, last_message_at = $4, updated_at = $4 where id = $1`,
      [t.conversationId, added, t.message.id, t.now],
    );
  });
  await t.counter.add(t.character.id, t.now);
}

/** The reply, saved once, whole: a new reply, a regenerated one (the old one joins the alternates), or a continued one. */
async function saveReply(
  db: Database,
  r: {
    mode: Exclude<Mode, 'pick' | 'autopilot'>;
    characterId: string;
    /** The turn's lease: the save frees it, and lands only while the turn holds it and the tail is `tail`. */
    lease: TurnLease;
    tail: string | null;
    conversationId: string;
    userMessage: ChatMessage | null;
    last: Line | null;
    replaced: Line | null;
    text: string;
    tokenizer: Tokenizer;
    stopped: boolean;
    subCharacterId: string | null;
    now: Date;
    counter: MessageCounter;
  },
): Promise<MessageRow> {
  if (r.mode === 'message' || (r.mode === 'regenerate' && !r.replaced?.id)) {
    // A new reply: one statement (atomic on its own) for the conversation's summary (which frees it) and the
    // message, only while the turn holds the conversation and its tail is the turn's.
    const prevId = r.mode === 'message' ? r.userMessage!.id : (r.last?.id ?? null);
    const { rows } = await db.query<MessageRow>(
      `with cv as (
         update conversations set message_count = message_count + 1, last_message_id = $1, last_message_at = $8, updated_at = $8,
                turn_token = null, turn_until = null
          where id = $2 and turn_token = $9 and last_message_id is not distinct from $10::text
         returning id),
       m as (
         insert into messages (id, conversation_id, role, content, prev_id, token_count, stopped, sub_character_id, created_at, updated_at)
         select $1::text, cv.id, 'assistant', $3::text, $4::text, $5::int, $6::boolean, $7::text, $8::timestamptz, $8::timestamptz from cv
         returning *)
       select ${MESSAGE_SELECT} from m`,
      [randomUUID(), r.conversationId, r.text, prevId, r.tokenizer.count(r.text), r.stopped, r.subCharacterId, r.now, r.lease.token, r.tail],
    );
    if (!rows[0]) throw conversationChanged();
    r.lease.released = true;
    await r.counter.add(r.characterId, r.now);
    return rows[0];
  }
  const row = await db.transaction(async (tx) => {
    // The turn still holds the conversation and its tail is the one the turn read: free it with this save.
    const held = await tx.query(
      `update conversations set turn_token = null, turn_until = null
        where id = $1 and turn_token = $2 and last_message_id is not distinct from $3::text returning id`,
      [r.conversationId, r.lease.token, r.tail],
    );
    if (held.rowCount === 0) throw conversationChanged();
    if (r.mode === 'continue') {
      const { rows } = await tx.query<MessageRow>(
        `update messages m set content = m.content || $2, token_count = $3, stopped = $4, updated_at = $5
          where m.id = $1 and not m.is_alternative returning ${MESSAGE_SELECT}`,
        [r.last!.id, r.text, r.tokenizer.count(`${r.last!.content}${r.text}`), r.stopped, r.now],
      );
      if (!rows[0]) throw messageNotFound();
      await tx.query('update conversations set updated_at = $2 where id = $1', [r.conversationId, r.now]);
      return rows[0];
    }
    const prevId = r.mode === 'message' ? r.userMessage!.id : r.replaced ? r.replaced.prev_id : (r.last?.id ?? null);
    const row = await insertMessage(
      tx,
      {
        id: randomUUID(),
        conversationId: r.conversationId,
        role: 'assistant',
        content: r.text,
        prevId,
        tokens: r.tokenizer.count(r.text),
        stopped: r.stopped,
        subCharacterId: r.subCharacterId,
      },
      r.now,
    );
    let added = 1;
    if (r.replaced?.id) {
      const moved = await tx.query(
        'update messages set is_alternative = true, alternate_of = $2, updated_at = $3 where id = $1 and not is_alternative',
        [r.replaced.id, row.id, r.now],
      );
      await tx.query('update messages set alternate_of = $2 where alternate_of = $1 and is_alternative', [r.replaced.id, row.id]);
      if (moved.rowCount > 0) added = 0;
    }
    await tx.query(
      `update conversations set message_count = message_count + $2, last_message_id = $3, last_message_at = $4, updated_at = $4 where id = $1`,
      [r.conversationId, added, row.id, r.now],
    );
    return row;
  });
  r.lease.released = true;
  if (r.mode !== 'continue') await r.counter.add(r.characterId, r.now);
  return row;
}
