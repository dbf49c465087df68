import { randomUUID } from 'node:crypto';
import { NEW_CONVERSATION_ID, type ChatRequest } from '@fable/contracts';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/appError';
import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/database';
import type { ModelRegistry } from '../../infra/inference/models';
import { viewerOf } from '../discovery/characterAccess';
import type { ReplyImages } from '../../http/apiPlugin';
import type { RateLimiters } from '../../http/rateLimits';
import type { BackgroundJobs } from '../../infra/jobs/backgroundJobs';
import { checkReplyImage, checkReplyImageCaller, replyImageFailure } from './replyImage';
import { MEMORY_AUTO_PERMISSION, queueDistillation } from '../memories/distill/memoryDistiller';
import { RECALL_MEMORY_CAP } from '../memories/promptMemories';
import type { MemoryRecall } from '../memories/recall/memoryRecall';
import type { Recommender } from '../discovery/recommender';
import { recordCartAddition } from '../recommender/cartAdditions';
import { messageNotFound } from './chatErrors';
import { chatMessageWithAlternates, type MessageRow } from './chatRepository';
import { openChatStream, type ChatStreamChannel } from './chatStreamChannel';
import { groupOfTurn } from './group/groupTurn';
import { speakerGuard } from './group/speakerGuard';
import type { MessageCounter } from './messageCounter';
import type { Tokenizer } from '@fable/rules/tokens';
import { loadTurnContext } from './promptSources';
import { pickAlternate } from './replyWrites';
import { unsavedReply } from './turnKeep';
import { chooseModel, modelChooserOf, planMemberOf } from './turnModel';
import { memoryShareTokens, planTurn, type TurnPlan } from './turnPlan';
import type { Admission } from './queue/openAdmission';
import { NO_SLOT, type GenerationSlot } from './queue/generationSlots';
import { admitTurn } from './queue/turnAdmission';
import { turnLines } from './turnPrompt';
import { askOf, checkTurnContext } from './turnRequest';
import { watchChatStream, type ChatMetrics } from './chatStreamMetrics';
import { errorEvent, openEngineStream, relay, streamFailure } from './turnStream';
import { claimConversation, keepLeaseAlive, keepingOf, releaseHold, saveReply, writeUserTurn, type Keeping, type TurnHold } from './turnWrites';

/**
 * One chat turn (POST /api/chat, document 1 §7), its steps in order in `chatTurn`: what the call asks
 * (turnRequest.ts), the hold on the conversation, every read (promptSources.ts), the checks, the model
 * (turnModel.ts), a group's speaker (group/groupTurn.ts), the plan (turnPlan.ts: the prompt in turnPrompt.ts, what
 * is kept in turnKeep.ts; no database), the user's message written (turnWrites.ts), the engine's stream relayed as
 * Server-Sent Events (turnStream.ts, chatStreamChannel.ts), and the reply saved once, whole.
 *
 * Timing: every read (character with the block check, conversation, history, persona, memories, lorebook) is one
 * statement before the engine is called; the user's message is written while the engine works (nothing waits
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
  admission: Admission;
  /** The semantic memory: which memories a turn's prompt takes (memories/recall). */
  recall: MemoryRecall;
  /** Queues the automatic memories' distillation (memories/distill). */
  jobs: BackgroundJobs;
  /** User messages gathered before a distillation (MEMORY_DISTILL_EVERY). */
  memoryDistillEvery?: number;
  /** The picture a reply asks for (image_prompt), drawn by modules/conversationImages. */
  replyImages: ReplyImages;
  /** The conversation images' limits, which a reply's picture counts against. */
  rateLimit: Pick<RateLimiters, 'conversationImage' | 'conversationImagePremium'>;
  /** Told of the cart addition of a public chat's third user message (recommender/cartAdditions.ts). */
  recommender: Recommender;
  /** Open streams, first tokens, tokens per second and outcomes (chatStreamMetrics.ts). */
  metrics: ChatMetrics;
  /** This API process's heartbeat id: the holder its turn leases name (turnLease.ts). */
  holder: string;
}

/** History messages the prompt may draw from (a 16K context holds far fewer). */
export const HISTORY_READ_MAX = 500;

/** conversation_id of the messages in a guest's stream (guests' chats are not saved). */
export const GUEST_CONVERSATION_ID = 'guest';

type ChatTurnRequest = FastifyRequest<{ Body: ChatRequest }>;

export async function chatTurn(request: ChatTurnRequest, reply: FastifyReply, deps: ChatTurnDeps): Promise<void> {
  const { body, caller, log } = request;
  const { db, clock } = deps;

  // 1. What the call asks (400 when a message is blank), and who asks it.
  const ask = askOf(body);
  const member = planMemberOf(caller);
  const requestedConversation = body.conversation_id && body.conversation_id !== NEW_CONVERSATION_ID ? body.conversation_id : null;

  // A picture with the reply (image_prompt): who may not have one at all is refused before anything is written.
  if (body.image_prompt) checkReplyImageCaller(caller, { autopilot: ask.mode === 'autopilot', pick: body.alt_message_id !== undefined });

  // 2. A member's turn that writes holds the conversation from before its first read (autopilot saves nothing).
  const hold: TurnHold = { lease: null, userWrite: Promise.resolve({ ok: true }) };
  let slot: GenerationSlot = NO_SLOT;
  let watched: ReturnType<typeof watchChatStream> | null = null;
  if (member && ask.mode !== 'autopilot') hold.lease = await claimConversation(deps, member.userId, requestedConversation, body.alt_message_id);
  try {
    // 3. Picking an alternate is a write that must precede the reads (rare: the alternates pager).
    const picked =
      body.alt_message_id && member
        ? await pickAlternate(db, { altId: body.alt_message_id, userId: member.userId, conversationId: hold.lease?.conversationId ?? null, now: clock.now() })
        : null;
    const conversationIdForReads = member ? (requestedConversation ?? picked?.conversation_id ?? null) : null;

    // 4. Every read at once, in one statement; the checks on what was read; the model.
    const context = await loadTurnContext(db, {
      characterId: body.character_id,
      userId: member?.userId ?? null,
      conversationId: conversationIdForReads,
      personaId: member ? (body.user_persona_id ?? null) : null,
      historyMax: HISTORY_READ_MAX,
      memoryMax: RECALL_MEMORY_CAP,
    }, deps.recall.held);
    const viewer = viewerOf(caller);
    const { character, members, conversation, history, memories: stored, persona } = checkTurnContext(context, {
      viewer,
      member: member !== null,
      conversationId: conversationIdForReads,
    });
    const model = chooseModel(deps.models, modelChooserOf(caller), member?.saved.model, body.inference_model);
    if (body.image_prompt) await checkReplyImage(request, deps.rateLimit, { caller, character });

    // 5. Pick alone: nothing to generate (a guest has nothing to pick).
    if (ask.mode === 'pick') {
      if (!picked) throw messageNotFound();
      await answerPick(reply, deps, hold, picked, log);
      return;
    }

    // 5b. The waiting room and a generation slot (queue/): refused or waited for before anything is written.
    const waiting = new AbortController();
    reply.raw.once('close', () => waiting.abort());
    slot = await admitTurn(deps.admission, { caller, characterId: character.id, model, signal: waiting.signal, log, queueWait: deps.metrics.queueWait });

    // 6. A group chat: the member who speaks (its lorebook is read once it is chosen: one more statement when it has one).
    const group = await groupOfTurn(db, character, members, {
      ask,
      asked: body.sub_character_id,
      lines: turnLines({ character, member, conversation, history, body }),
      viewerUserId: viewer.userId,
    });

    // 7. The memories the prompt takes (the semantic memory: pinned, then the most relevant, within the prompt's
    // share); then the plan: settings, prompt, the ids of what the turn creates, and how the reply is kept.
    const memories = await deps.recall.recall({
      memories: stored,
      recent: recentLines(history, ask),
      shareTokens: memoryShareTokens(member, body, model),
      tokenizer: deps.tokenizer,
      log,
    });
    const now = clock.now();
    const plan = planTurn({ ask, body, member, character, conversation, history, memories, persona, model, group, tokenizer: deps.tokenizer, newId: randomUUID, now });
    const keeping = keepingOf(plan.keep, hold, clock, deps.holder);

    // 8. The user's message (and a new conversation) is written while the engine works: neither the engine call nor
    // the stream waits for it (its ids are in the plan); the reply's save waits for it.
    if (keeping.saved) hold.userWrite = writeUserTurn(deps, keeping, { characterId: character.id, greeting: character.greeting, personaId: persona?.id ?? null, now });

    // 9. The engine's stream (a refusal is the call's HTTP error); from here the answer is an event stream.
    const controller = new AbortController();
    const stream = await openEngineStream(model.engine, plan, controller.signal, hold, log);
    // A new conversation is in the database before the client learns its id (the engine has been working meanwhile):
    // a turn cut after `start` (its process gone) leaves a conversation the retry finds, not an id that answers 404.
    if (keeping.saved && keeping.turn.newConversation) {
      const written = await hold.userWrite;
      if (!written.ok) {
        controller.abort();
        throw written.error;
      }
    }
    const channel = openChatStream(reply);
    const watch = watchChatStream(deps.metrics, reply);
    watched = watch;
    channel.onClientGone(() => controller.abort());
    // A group chat's speaker is known before the first token: the client shows the reply under its name from the start.
    const userMessage = keeping.saved ? keeping.turn.userMessage : null;
    channel.send({ event: 'start', data: { conversation_id: plan.conversationId, user_message: userMessage, ...(plan.speakerId ? { character_id: plan.speakerId } : {}) } });

    // 10. Each token relayed as it comes; in a group chat the reply ends where the model starts writing another member's or the user's lines.
    const guard = plan.voices ? speakerGuard(plan.voices.speaker, plan.voices.others) : null;
    const relayed = await relay(stream, channel, guard, () => {
      watch.token();
      return keepLeaseAlive(deps, keeping, log);
    });
    if (relayed.ok && relayed.cut) controller.abort();
    // The engine is done with this turn: its slot goes to the next in line now, before the reply is saved and the
    // client hears `done` (the finally below releases it on every other path; a second release does nothing).
    await slot.release();
    if (!relayed.ok || (relayed.text.trim() === '' && !channel.clientGone)) {
      const e = streamFailure(relayed, log);
      // The user's message is in place and the conversation free before the client hears of the failure (it may regenerate at once).
      await releaseHold(db, hold, log);
      watch.end('failed');
      channel.end(errorEvent(e));
      return;
    }
    // The client left before any text: nothing to save.
    if (relayed.text.trim() === '') {
      watch.end('left');
      return;
    }

    // 11. The reply saved (or, when nothing keeps it, made), then `done`.
    const stopped = channel.clientGone || stream.finishReason === 'length';
    const image = body.image_prompt && caller.kind === 'member' ? { prompt: body.image_prompt, userId: caller.userId, applicationId: caller.applicationId } : null;
    await endWithReply(channel, deps, { plan, keeping, hold, characterId: character.id, text: relayed.text, stopped, image, log });
    watch.end(channel.clientGone ? 'left' : 'done');

    // 12. After the answer: a public chat's third user message is a cart addition for the recommender (counted from
    // the saved messages, once per conversation); the conversation's new messages distilled into memories, in the background.
    if (keeping.saved && plan.conversationId && ask.mode === 'message' && !context?.cartAdded) {
      await recordCartAddition(db, deps.recommender, plan.conversationId, clock.now()).catch((err: unknown) => log.error({ err }, 'recording the cart addition failed'));
    }
    if (keeping.saved && plan.conversationId && member?.permissions.includes(MEMORY_AUTO_PERMISSION)) {
      await queueDistillation({ db, jobs: deps.jobs, every: deps.memoryDistillEvery }, plan.conversationId, clock.now()).catch((err: unknown) =>
        log.error({ err }, 'queueing the memory distillation failed'),
      );
    }
  } finally {
    // A stream that ended on an error thrown past the paths above.
    watched?.end('failed');
    await slot.release();
    await releaseHold(db, hold, log);
  }
}

/** The recent messages a turn's memories are recalled by, oldest first: the main line's last ones and the new message. */
function recentLines(history: ReadonlyArray<{ content: string }>, ask: { mode: string; text?: string }): string[] {
  const lines = history.slice(0, 3).map((m) => m.content).reverse();
  if (ask.mode === 'message' && ask.text) lines.push(ask.text);
  return lines;
}

/** Answers a pick alone: the conversation freed, then `start` and `done` with the picked message. */
async function answerPick(reply: FastifyReply, deps: ChatTurnDeps, hold: TurnHold, picked: MessageRow, log: FastifyBaseLogger): Promise<void> {
  const message = await chatMessageWithAlternates(deps.db, picked);
  await releaseHold(deps.db, hold, log);
  const channel = openChatStream(reply);
  channel.send({ event: 'start', data: { conversation_id: picked.conversation_id, user_message: null, ...(message.character_id ? { character_id: message.character_id } : {}) } });
  channel.end({ event: 'done', data: { message, conversation_id: picked.conversation_id, stopped: false } });
}

/** Saves a member's reply (or makes one nothing keeps) and ends the stream with `done`; a failed save ends it with `error`. */
async function endWithReply(
  channel: ChatStreamChannel,
  deps: ChatTurnDeps,
  t: {
    plan: TurnPlan;
    keeping: Keeping;
    hold: TurnHold;
    characterId: string;
    text: string;
    stopped: boolean;
    /** The picture the reply asked for (image_prompt), drawn once the reply is saved. */
    image: { prompt: string; userId: string; applicationId: string } | null;
    log: FastifyBaseLogger;
  },
): Promise<void> {
  const { plan, keeping, stopped, log } = t;
  try {
    let message = keeping.saved
      ? await saveReply(deps, keeping, { hold: t.hold, characterId: t.characterId, text: t.text, stopped, subCharacterId: plan.speakerId })
      : unsavedReply(keeping.turn, t.text, { id: randomUUID(), conversationId: plan.conversationId ?? GUEST_CONVERSATION_ID, now: deps.clock.now(), speakerId: plan.speakerId });
    let errorMessage: string | undefined;
    if (t.image && keeping.saved && plan.conversationId) {
      const request = { ...t.image, conversationId: plan.conversationId, characterId: t.characterId, messageId: message.id };
      const saved = message;
      message = await deps.replyImages.draw(request).then(
        // The saved reply as it was (its alternates after a regenerate), with its picture.
        (drawn) => ({ ...saved, image_url: drawn.image_url, image_prompt: drawn.image_prompt, image_is_nsfw: drawn.image_is_nsfw }),
        (err: unknown) => {
          log.warn({ err }, 'the picture of a chat reply was not drawn');
          errorMessage = replyImageFailure(err);
          return saved;
        },
      );
    }
    channel.end({ event: 'done', data: { message, capped_message_id: null, conversation_id: plan.conversationId, stopped, ...(errorMessage ? { errorMessage } : {}) } });
  } catch (err) {
    await releaseHold(deps.db, t.hold, log);
    if (err instanceof AppError) {
      log.warn({ err }, 'the chat reply was not saved');
      channel.end(errorEvent(err));
      return;
    }
    log.error({ err }, 'saving the chat reply failed');
    channel.end({ event: 'error', data: { code: 'internal_error', message: 'The reply could not be saved. Please regenerate.', status: 500 } });
  }
}
