import type { ChatMessage } from '@fable/contracts';
import { AppError } from '../../http/appError';
import type { TurnPlanInput } from './turnPlan';
import type { TurnLine } from './turnPrompt';

/**
 * What a chat turn keeps, by mode, from plain data: the user's message and the reply's save of a member's turn (with
 * the ids of what the turn creates), or nothing for guests and autopilot; and what the prompt ends with.
 * turnWrites.ts does the writes.
 */

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

/** The member's conversation a turn saves in. */
export type Owner = { userId: string; conversationId: string };

const noReplyToContinue = () => AppError.badRequest('There is no reply to continue');

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
export function workOf(input: TurnPlanInput, lines: TurnLine[], saving: Owner | null): { promptLines: TurnLine[]; keep: SavedTurn | UnsavedTurn } {
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
