import { chatCalls, type ChatMessage } from '@fable/contracts';
import { memberOf } from '../../http/access';
import type { ApiPlugin } from '../../http/apiPlugin';
import { AppError } from '../../http/appError';
import { conversationNotFound, messageNotFound } from './chatErrors';
import {
  MESSAGE_SELECT,
  alternatesOf,
  conversationView,
  findOwnConversation,
  findOwnMessage,
  refreshConversationSummary,
  toChatMessage,
  type MessageRow,
} from './chatRepository';
import { bpeTokenizer } from '@fable/rules/tokens';
import { lockIdleConversation } from './turnLease';

/**
 * Messages of the member's conversations (document 1 §4 message actions, §7). Another member's conversation or
 * message is 404, as if it did not exist.
 *
 * - GET conversations/{id}/messages: the main line, newest page first (50 by default), oldest first within a
 *   page; `last_id` (the entry flagged is_last_id, the oldest of the previous page) gives the next, older page.
 *   On the first page the newest message, when it is the bot's, carries its alternates (oldest first).
 * - PATCH messages/{id}: the text (main line or alternate).
 * - DELETE conversations/{id}/messages {ids}: removal mode. The earliest main-line message among `ids` is where
 *   the cut starts: it, every later main-line message and all their alternates are removed. Ids of alternates
 *   remove those alternates alone. Ids not in the conversation are ignored; none found is 404. While a turn is
 *   writing in the conversation: 409 conversation_busy, nothing removed.
 * - POST messages/{id}/label: the rating (label) and its reason chip (reason, stored as the message's label).
 * - POST messages/{id}/flag: a report (message_flags).
 */
export const messageRoutes: ApiPlugin = async (app, { db, clock }) => {
  const page = chatCalls.messages;
  app.get(
    page.path,
    { schema: { params: page.params, querystring: page.query, response: { 200: page.response } }, config: { access: page.access } },
    async (request) => {
      const member = memberOf(request);
      const { conversationId } = request.params;
      const { last_id: lastId, limit } = request.query;
      const conversation = await conversationView(db, conversationId, member.userId);
      if (!conversation) throw conversationNotFound();
      const { rows } = await db.query<MessageRow>(
        `select ${MESSAGE_SELECT} from messages m
          where m.conversation_id = $1 and not m.is_alternative
            and ($2::text is null or m.seq < (select x.seq from messages x where x.id = $2 and x.conversation_id = $1))
          order by m.seq desc limit $3`,
        [conversationId, lastId ?? null, limit + 1],
      );
      const has_more = rows.length > limit;
      const newestFirst = rows.slice(0, limit);
      const messages: ChatMessage[] = newestFirst.reverse().map(toChatMessage);
      const newest = messages.at(-1);
      if (!lastId && newest?.role === 'assistant') {
        const alternates = await alternatesOf(db, newest.id);
        if (alternates.length > 0) newest.alternates = alternates.map((a) => ({ id: a.id, content: a.content, createdAt: toChatMessage(a).createdAt }));
      }
      if (has_more && messages[0]) messages[0].is_last_id = true;
      return { messages, has_more, conversation };
    },
  );

  const edit = chatCalls.editMessage;
  app.patch(
    edit.path,
    { schema: { params: edit.params, body: edit.body, response: { 200: edit.response } }, config: { access: edit.access } },
    async (request) => {
      const member = memberOf(request);
      const found = await findOwnMessage(db, request.params.messageId, member.userId);
      if (!found) throw messageNotFound();
      const { content } = request.body;
      const { rows } = await db.query<MessageRow>(
        `update messages m set content = $2, token_count = $3, updated_at = $4 where m.id = $1 returning ${MESSAGE_SELECT}`,
        [found.id, content, bpeTokenizer.count(content), clock.now()],
      );
      return toChatMessage(rows[0]!);
    },
  );

  const remove = chatCalls.removeMessages;
  app.delete(
    remove.path,
    { schema: { params: remove.params, body: remove.body, response: { 200: remove.response } }, config: { access: remove.access } },
    async (request) => {
      const member = memberOf(request);
      const { conversationId } = request.params;
      const ids = [...new Set(request.body.ids)];
      return db.transaction(async (tx) => {
        const conversation = await findOwnConversation(tx, conversationId, member.userId);
        if (!conversation) throw conversationNotFound();
        // Not while a turn writes in it (README "One conversation, one chain").
        await lockIdleConversation(tx, conversationId, clock.now());
        const { rows: found } = await tx.query<{ id: string; is_alternative: boolean }>(
          'select id, is_alternative from messages where conversation_id = $1 and id = any($2::text[])',
          [conversationId, ids],
        );
        if (found.length === 0) throw messageNotFound();
        const mainIds = found.filter((f) => !f.is_alternative).map((f) => f.id);
        const altIds = found.filter((f) => f.is_alternative).map((f) => f.id);
        let removed = 0;
        if (mainIds.length > 0) {
          const res = await tx.query(
            `with cut as (select min(seq) as seq from messages where conversation_id = $1 and id = any($2::text[]) and not is_alternative),
                  gone as (select id from messages, cut where conversation_id = $1 and not is_alternative and messages.seq >= cut.seq)
             delete from messages where conversation_id = $1 and (id in (select id from gone) or (is_alternative and alternate_of in (select id from gone)))`,
            [conversationId, mainIds],
          );
          removed += res.rowCount;
        }
        if (altIds.length > 0) {
          const res = await tx.query('delete from messages where conversation_id = $1 and id = any($2::text[]) and is_alternative', [conversationId, altIds]);
          removed += res.rowCount;
        }
        await refreshConversationSummary(tx, conversationId, clock.now());
        return { removed };
      });
    },
  );

  const label = chatCalls.labelMessage;
  app.post(
    label.path,
    { schema: { params: label.params, body: label.body, response: { 200: label.response } }, config: { access: label.access } },
    async (request) => {
      const member = memberOf(request);
      const { messageId } = request.params;
      if (request.body.message_id !== messageId) throw AppError.badRequest('message_id must be the message of the path');
      const found = await findOwnMessage(db, messageId, member.userId);
      if (!found) throw messageNotFound();
      const { rows } = await db.query<MessageRow>(
        `update messages m set rating = $2, label = $3, updated_at = $4 where m.id = $1 returning ${MESSAGE_SELECT}`,
        [messageId, request.body.label, request.body.reason ?? null, clock.now()],
      );
      return toChatMessage(rows[0]!);
    },
  );

  const flag = chatCalls.flagMessage;
  app.post(
    flag.path,
    { schema: { params: flag.params, body: flag.body, response: { 200: flag.response } }, config: { access: flag.access } },
    async (request) => {
      const member = memberOf(request);
      const { messageId } = request.params;
      const b = request.body;
      if (b.message_id !== messageId) throw AppError.badRequest('message_id must be the message of the path');
      const found = await findOwnMessage(db, messageId, member.userId);
      if (!found || found.conversation_id !== b.conversation_id) throw messageNotFound();
      await db.query(
        `insert into message_flags (user_id, message_id, conversation_id, character_id, label, comment, created_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [member.userId, messageId, b.conversation_id, b.character_id, b.label, b.comment ?? null, clock.now()],
      );
      return { ok: true as const };
    },
  );
};
