import { randomUUID } from 'node:crypto';
import { NEW_CONVERSATION_ID, type ChatMessage, type ChatRequest } from '@fable/contracts';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { MemberCaller } from '../../http/access';
import { AppError } from '../../http/appError';
import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/database';
import { InferenceError, isAbortError, type InferenceEngine, type InferenceStream } from '../../infra/inference/engine';
import type { ModelRegistry } from '../../infra/inference/models';
import { viewerOf } from '../discovery/characterAccess';
import { PROMPT_MEMORY_CAP } from '../memories/promptMemories';
import { CHAT_ERROR_CODES, INFERENCE_FAILED_MESSAGE, conversationChanged, inferenceAppError, messageNotFound } from './chatErrors';
import { chatMessageWithAlternates, findOwnMessage, toChatMessage, type MessageRow } from './chatRepository';
import { openChatStream, type ChatStreamChannel } from './chatStreamChannel';
import { groupOfTurn } from './group/groupTurn';
import { speakerGuard, type SpeakerGuard } from './group/speakerGuard';
import type { MessageCounter } from './messageCounter';
import type { Tokenizer } from './prompt/tokenizer';
import { loadTurnContext } from './promptSources';
import { addReply, appendToReply, pickAlternate, replaceReply } from './replyWrites';
import { TURN_LEASE_RENEW_MS, claimTurn, leaseUntil, newLease, releaseTurn, renewTurn, type TurnLease } from './turnLease';
import {
  askOf,
  checkTurnContext,
  chooseModel,
  modelChooserOf,
  planMemberOf,
  planTurn,
  turnLines,
  unsavedReply,
  type SavedTurn,
  type TurnAsk,
  type TurnPlan,
  type UnsavedTurn,
} from './turnPlan';
import { addUserMessage, createConversationWithMessage, type UserMessageWrite } from './userMessageWrites';

/**
 * One chat turn (POST /api/chat, document 1 §7): checks, prompt, engine stream relayed as Server-Sent Events,
 * and the reply saved once, whole. What the turn does is planned from what it read (turnPlan.ts, no database);
 * its writes are userMessageWrites.ts and replyWrites.ts; the events go out through chatStreamChannel.ts.
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

type UserWrite = { ok: true } | { ok: false; error: unknown };

/** What a turn holds until it ends: its lease (claimed, or made with a new conversation) and the user's message write. */
interface TurnHold {
  lease: TurnLease | null;
  userWrite: Promise<UserWrite>;
}

type ChatTurnRequest = FastifyRequest<{ Body: ChatRequest }>;

export async function chatTurn(request: ChatTurnRequest, reply: FastifyReply, deps: ChatTurnDeps): Promise<void> {
  const body = request.body;
  const ask = askOf(body);
  const member = request.caller.kind === 'member' ? request.caller : null;
  const requestedConversation = body.conversation_id && body.conversation_id !== NEW_CONVERSATION_ID ? body.conversation_id : null;
  // A member's turn that writes holds the conversation from before its first read (autopilot saves nothing).
  const hold: TurnHold = { lease: null, userWrite: Promise.resolve({ ok: true }) };
  if (member && ask.mode !== 'autopilot') hold.lease = await claimConversation(deps, member, requestedConversation, body.alt_message_id);
  try {
    await runTurn(request, reply, deps, { ask, hold, requestedConversation });
  } finally {
    await releaseHold(deps.db, hold, request.log);
  }
}

/** Claims the conversation asked for, or the one of the alternate picked; null when there is none of the member's. */
async function claimConversation(deps: ChatTurnDeps, member: MemberCaller, requested: string | null, altId: string | undefined): Promise<TurnLease | null> {
  const target = requested ?? (altId ? ((await findOwnMessage(deps.db, altId, member.userId))?.conversation_id ?? null) : null);
  return target ? claimTurn(deps.db, { conversationId: target, userId: member.userId, now: deps.clock.now() }) : null;
}

/** Frees the conversation once the user's message write has settled (its write needs the lease). Never throws. */
async function releaseHold(db: Database, hold: TurnHold, log: FastifyBaseLogger): Promise<void> {
  const lease = hold.lease;
  if (!lease || lease.released) return;
  await hold.userWrite;
  await releaseTurn(db, lease).catch((err: unknown) => log.error({ err }, 'freeing the conversation after a turn failed'));
}

async function runTurn(
  request: ChatTurnRequest,
  reply: FastifyReply,
  deps: ChatTurnDeps,
  turn: { ask: TurnAsk; hold: TurnHold; requestedConversation: string | null },
): Promise<void> {
  const { db, clock } = deps;
  const { ask, hold } = turn;
  const body = request.body;
  const caller = request.caller;
  const member = planMemberOf(caller);

  // Picking an alternate is a write that must precede the reads (rare: the alternates pager).
  const picked =
    body.alt_message_id && member
      ? await pickAlternate(db, { altId: body.alt_message_id, userId: member.userId, conversationId: hold.lease?.conversationId ?? null, now: clock.now() })
      : null;
  const conversationIdForReads = member ? (turn.requestedConversation ?? picked?.conversation_id ?? null) : null;

  // Every read at once, in one statement.
  const context = await loadTurnContext(db, {
    characterId: body.character_id,
    userId: member?.userId ?? null,
    conversationId: conversationIdForReads,
    personaId: member ? (body.user_persona_id ?? null) : null,
    historyMax: HISTORY_READ_MAX,
    memoryMax: PROMPT_MEMORY_CAP,
  });
  const viewer = viewerOf(caller);
  const { character, members, conversation, history, memories, persona } = checkTurnContext(context, {
    viewer,
    member: member !== null,
    conversationId: conversationIdForReads,
  });
  const model = chooseModel(deps.models, modelChooserOf(caller), member?.saved.model, body.inference_model);

  // Pick alone: nothing to generate (a guest has nothing to pick).
  if (ask.mode === 'pick') {
    if (!picked) throw messageNotFound();
    await answerPick(reply, deps, hold, picked, request.log);
    return;
  }

  // A group chat: the member who speaks (its lorebook is read once it is chosen: one more statement when it has one).
  const group = await groupOfTurn(db, character, members, {
    ask,
    asked: body.sub_character_id,
    lines: turnLines({ character, member, conversation, history, body }),
    viewerUserId: viewer.userId,
  });
  const now = clock.now();
  const plan = planTurn({ ask, body, member, character, conversation, history, memories, persona, model, group, tokenizer: deps.tokenizer, newId: randomUUID, now });
  const keeping: Keeping = plan.keep.saved ? { saved: true, turn: plan.keep, lease: heldLease(hold, plan.keep, clock) } : { saved: false, turn: plan.keep };
  // The user's message (and a new conversation) is written while the engine works: neither the engine call nor
  // the stream waits for it (its ids are in the plan); the reply's save waits for it.
  if (keeping.saved) hold.userWrite = writeUserTurn(deps, keeping, { characterId: character.id, greeting: character.greeting, personaId: persona?.id ?? null, now });
  await streamTurn(request, reply, deps, { plan, keeping, hold, engine: model.engine, characterId: character.id });
}

/** Answers a pick alone: the conversation freed, then `start` and `done` with the picked message. */
async function answerPick(reply: FastifyReply, deps: ChatTurnDeps, hold: TurnHold, picked: MessageRow, log: FastifyBaseLogger): Promise<void> {
  const message = await chatMessageWithAlternates(deps.db, picked);
  await releaseHold(deps.db, hold, log);
  const channel = openChatStream(reply);
  channel.send({ event: 'start', data: { conversation_id: picked.conversation_id, user_message: null, ...(message.character_id ? { character_id: message.character_id } : {}) } });
  channel.end({ event: 'done', data: { message, conversation_id: picked.conversation_id, stopped: false } });
}

/** How the turn's reply is kept: saved in the member's conversation under the turn's lease, or not at all. */
type Keeping = { saved: true; turn: SavedTurn; lease: TurnLease } | { saved: false; turn: UnsavedTurn };

/** The lease the turn's writes go under: made with a new conversation, else the one claimed on the conversation read. */
function heldLease(hold: TurnHold, turn: SavedTurn, clock: Clock): TurnLease {
  if (turn.newConversation) {
    hold.lease = newLease(turn.conversationId, clock.now());
    return hold.lease;
  }
  // The claim and the read name the same conversation; a claim that lost it to another writer meanwhile writes nothing.
  if (hold.lease?.conversationId === turn.conversationId) return hold.lease;
  throw conversationChanged();
}

/**
 * Writes the user's message (with a new conversation when the turn starts one; a group member's turn that opens the
 * chat writes the conversation alone) and counts it; settles, never rejects.
 */
function writeUserTurn(
  deps: ChatTurnDeps,
  { turn, lease }: Extract<Keeping, { saved: true }>,
  c: { characterId: string; greeting: string; personaId: string | null; now: Date },
): Promise<UserWrite> {
  const message = turn.userMessage;
  const write: UserMessageWrite | null = message ? { message, tokens: deps.tokenizer.count(message.content), now: c.now } : null;
  const greetingId = turn.newConversation?.greetingId;
  let written: Promise<void>;
  if (turn.newConversation) {
    const opening = {
      id: turn.conversationId,
      userId: turn.userId,
      characterId: c.characterId,
      personaId: c.personaId,
      turnToken: lease.token,
      turnUntil: leaseUntil(lease),
      greeting: greetingId ? { id: greetingId, content: c.greeting } : null,
    };
    written = createConversationWithMessage(deps.db, opening, write ?? { message: null, now: c.now });
  } else if (write) {
    written = addUserMessage(deps.db, { conversationId: turn.conversationId, token: lease.token, tail: turn.readTail }, write);
  } else return Promise.resolve({ ok: true });
  return written
    .then(() => (write ? deps.counter.add(c.characterId, c.now) : undefined))
    .then(
      (): UserWrite => ({ ok: true }),
      (error: unknown): UserWrite => ({ ok: false, error }),
    );
}

/** Opens the engine's stream (a refusal is the call's HTTP error), relays it as events, then saves and sends the reply. */
async function streamTurn(
  request: ChatTurnRequest,
  reply: FastifyReply,
  deps: ChatTurnDeps,
  t: { plan: TurnPlan; keeping: Keeping; hold: TurnHold; engine: InferenceEngine; characterId: string },
): Promise<void> {
  const { db, clock } = deps;
  const { plan, keeping, hold } = t;
  const userMessage = keeping.saved ? keeping.turn.userMessage : null;
  const lease = keeping.saved ? keeping.lease : null;
  const controller = new AbortController();
  const stream = await t.engine.stream(plan.inference, controller.signal).catch(async (err: unknown) => {
    throw await engineRefusal(err, hold, plan.conversationId ? { conversation_id: plan.conversationId, user_message_id: userMessage?.id ?? null } : undefined, request.log);
  });

  // From here the answer is an event stream.
  const channel = openChatStream(reply);
  channel.onClientGone(() => controller.abort());
  // A group chat's speaker is known before the first token: the client shows the reply under its name from the start.
  channel.send({ event: 'start', data: { conversation_id: plan.conversationId, user_message: userMessage, ...(plan.speakerId ? { character_id: plan.speakerId } : {}) } });
  // In a group chat the reply ends where the model starts writing another member's or the user's lines.
  const guard = plan.voices ? speakerGuard(plan.voices.speaker, plan.voices.others) : null;
  const relayed = await relay(stream, channel, guard, async () => {
    if (lease && !lease.released && clock.now().getTime() - lease.renewedAt >= TURN_LEASE_RENEW_MS) {
      await renewTurn(db, lease, clock.now()).catch((err: unknown) => request.log.warn({ err }, 'renewing the turn lease failed'));
    }
  });
  if (relayed.ok && relayed.cut) controller.abort();

  if (!relayed.ok || (relayed.text.trim() === '' && !channel.clientGone)) {
    const e = streamFailure(relayed, request.log);
    // The user's message is in place and the conversation free before the client hears of the failure (it may regenerate at once).
    await releaseHold(db, hold, request.log);
    channel.end({ event: 'error', data: { code: e.code, message: e.message, status: e.statusCode } });
    return;
  }
  // The client left before any text: nothing to save.
  if (relayed.text.trim() === '') return;
  const stopped = channel.clientGone || stream.finishReason === 'length';

  try {
    const message = keeping.saved
      ? await saveReply(deps, keeping, { hold, characterId: t.characterId, text: relayed.text, stopped, subCharacterId: plan.speakerId })
      : unsavedReply(keeping.turn, relayed.text, { id: randomUUID(), conversationId: plan.conversationId ?? GUEST_CONVERSATION_ID, now: clock.now(), speakerId: plan.speakerId });
    channel.end({ event: 'done', data: { message, capped_message_id: null, conversation_id: plan.conversationId, stopped } });
  } catch (err) {
    await releaseHold(db, hold, request.log);
    if (err instanceof AppError) {
      request.log.warn({ err }, 'the chat reply was not saved');
      channel.end({ event: 'error', data: { code: err.code, message: err.message, status: err.statusCode } });
      return;
    }
    request.log.error({ err }, 'saving the chat reply failed');
    channel.end({ event: 'error', data: { code: 'internal_error', message: 'The reply could not be saved. Please regenerate.', status: 500 } });
  }
}

/** The error of an engine that refused the turn, once the user's message write has settled (its failure comes first). */
async function engineRefusal(err: unknown, hold: TurnHold, details: { conversation_id: string; user_message_id: string | null } | undefined, log: FastifyBaseLogger): Promise<unknown> {
  const written = await hold.userWrite;
  if (!written.ok) return written.error;
  if (err instanceof InferenceError) return inferenceAppError(err, details);
  log.error({ err }, 'inference engine failed to open');
  return new AppError(502, CHAT_ERROR_CODES.INFERENCE_FAILED, INFERENCE_FAILED_MESSAGE, details);
}

type Relayed = { ok: true; text: string; cut: boolean } | { ok: false; error: unknown };

/**
 * Sends each delta as a `token` event as it arrives (through the group's speaker guard, which may hold a line start
 * back or end the reply); the whole text, or the engine's failure (a client gone is not one).
 */
async function relay(stream: InferenceStream, channel: ChatStreamChannel, guard: SpeakerGuard | null, onDelta: () => Promise<void>): Promise<Relayed> {
  let text = '';
  let cut = false;
  const send = (piece: string) => {
    text += piece;
    if (piece) channel.send({ event: 'token', data: { text: piece } });
  };
  try {
    for await (const delta of stream) {
      const piece = guard ? guard.push(delta) : { text: delta, cut: false };
      await onDelta();
      send(piece.text);
      if (piece.cut) {
        cut = true;
        break;
      }
    }
    if (guard && !cut) send(guard.flush());
  } catch (err) {
    if (!(channel.clientGone || isAbortError(err))) return { ok: false, error: err };
  }
  return { ok: true, text, cut };
}

/** The error event of a broken stream or an empty reply (502 inference_failed, or the engine's kind). */
function streamFailure(relayed: Relayed, log: FastifyBaseLogger): AppError {
  if (!relayed.ok && relayed.error instanceof InferenceError) {
    log.warn({ err: relayed.error }, 'inference stream broke');
    return inferenceAppError(relayed.error);
  }
  if (!relayed.ok) log.error({ err: relayed.error }, 'chat stream failed');
  return new AppError(502, CHAT_ERROR_CODES.INFERENCE_FAILED, INFERENCE_FAILED_MESSAGE);
}

/** Saves the reply (new, regenerated or continued) once the user's message is in; frees the conversation and counts it. */
async function saveReply(
  deps: ChatTurnDeps,
  { turn, lease }: Extract<Keeping, { saved: true }>,
  r: { hold: TurnHold; characterId: string; text: string; stopped: boolean; subCharacterId: string | null },
): Promise<ChatMessage> {
  const { db, tokenizer } = deps;
  const written = await r.hold.userWrite;
  if (!written.ok) throw written.error;
  const fence = { conversationId: turn.conversationId, token: lease.token, tail: turn.replyTail };
  const now = deps.clock.now();
  const reply = { id: randomUUID(), text: r.text, tokens: tokenizer.count(r.text), stopped: r.stopped, subCharacterId: r.subCharacterId, now };
  const save = turn.reply;
  switch (save.kind) {
    case 'new': {
      const row = await addReply(db, fence, save.prevId, reply);
      lease.released = true;
      await deps.counter.add(r.characterId, now);
      return toChatMessage(row);
    }
    case 'replace': {
      const row = await replaceReply(db, fence, { id: save.replacedId, prevId: save.prevId }, reply);
      lease.released = true;
      await deps.counter.add(r.characterId, now);
      return chatMessageWithAlternates(db, row);
    }
    case 'append': {
      const row = await appendToReply(db, fence, save.messageId, { ...reply, tokens: tokenizer.count(`${save.content}${r.text}`) });
      lease.released = true;
      return chatMessageWithAlternates(db, row);
    }
  }
}
