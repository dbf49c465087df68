import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@fable/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/database';
import { conversationChanged } from './chatErrors';
import { chatMessageWithAlternates, findOwnMessage, toChatMessage } from './chatRepository';
import type { ChatTurnDeps } from './chatTurn';
import { addReply, appendToReply, replaceReply } from './replyWrites';
import type { SavedTurn, UnsavedTurn } from './turnKeep';
import { TURN_LEASE_RENEW_MS, claimTurn, leaseUntil, newLease, releaseTurn, renewTurn, type TurnLease } from './turnLease';
import { addUserMessage, createConversationWithMessage, type UserMessageWrite } from './userMessageWrites';

/**
 * The persistence of a chat turn: its hold on the member's conversation (the lease, turnLease.ts), the user's message
 * (userMessageWrites.ts), the reply's save (replyWrites.ts), and the freeing of the conversation at the end.
 */

export type UserWrite = { ok: true } | { ok: false; error: unknown };

/** What a turn holds until it ends: its lease (claimed, or made with a new conversation) and the user's message write. */
export interface TurnHold {
  lease: TurnLease | null;
  userWrite: Promise<UserWrite>;
}

/** How the turn's reply is kept: saved in the member's conversation under the turn's lease, or not at all. */
export type Keeping = { saved: true; turn: SavedTurn; lease: TurnLease } | { saved: false; turn: UnsavedTurn };

/** Claims the conversation asked for, or the one of the alternate picked; null when there is none of the member's. */
export async function claimConversation(deps: ChatTurnDeps, userId: string, requested: string | null, altId: string | undefined): Promise<TurnLease | null> {
  const target = requested ?? (altId ? ((await findOwnMessage(deps.db, altId, userId))?.conversation_id ?? null) : null);
  return target ? claimTurn(deps.db, { conversationId: target, userId, now: deps.clock.now(), holder: deps.holder }) : null;
}

/** Frees the conversation once the user's message write has settled (its write needs the lease). Never throws. */
export async function releaseHold(db: Database, hold: TurnHold, log: FastifyBaseLogger): Promise<void> {
  const lease = hold.lease;
  if (!lease || lease.released) return;
  await hold.userWrite;
  await releaseTurn(db, lease).catch((err: unknown) => log.error({ err }, 'freeing the conversation after a turn failed'));
}

/** How the plan's reply is kept; a saved one goes under the turn's lease (heldLease). */
export function keepingOf(keep: SavedTurn | UnsavedTurn, hold: TurnHold, clock: Clock, holder: string): Keeping {
  return keep.saved ? { saved: true, turn: keep, lease: heldLease(hold, keep, clock, holder) } : { saved: false, turn: keep };
}

/** The lease the turn's writes go under: made with a new conversation, else the one claimed on the conversation read. */
function heldLease(hold: TurnHold, turn: SavedTurn, clock: Clock, holder: string): TurnLease {
  if (turn.newConversation) {
    hold.lease = newLease(turn.conversationId, clock.now(), holder);
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
export function writeUserTurn(
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
      turnHolder: lease.holder,
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

/** Renews the turn's lease while the stream runs, when it is due (a failed renewal is logged, the stream goes on). */
export async function keepLeaseAlive(deps: ChatTurnDeps, keeping: Keeping, log: FastifyBaseLogger): Promise<void> {
  const lease = keeping.saved ? keeping.lease : null;
  const { db, clock } = deps;
  if (lease && !lease.released && clock.now().getTime() - lease.renewedAt >= TURN_LEASE_RENEW_MS) {
    await renewTurn(db, lease, clock.now()).catch((err: unknown) => log.warn({ err }, 'renewing the turn lease failed'));
  }
}

/** Saves the reply (new, regenerated or continued) once the user's message is in; frees the conversation and counts it. */
export async function saveReply(
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
