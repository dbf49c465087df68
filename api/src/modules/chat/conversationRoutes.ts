import { randomUUID } from 'node:crypto';
import { chatCalls } from '@fable/contracts';
import { memberOf } from '../../http/access';
import type { ApiPlugin } from '../../http/apiPlugin';
import { AppError } from '../../http/appError';
import { assertMaySpeak, assertVoice } from '../../http/voiceAccess';
import { translatedFields } from '../translations/translationRepository';
import type { Queryable } from '../../infra/db/database';
import { findViewableCharacter, hasBlocked, viewerOf } from '../discovery/characterAccess';
import { chatCreatorBlocked, chatNotAllowed, conversationNotFound, manualReviewRequired, messageNotFound, personaNotFound } from './chatErrors';
import { conversationView, conversationsPage, findOwnConversation, refreshConversationSummary } from './chatRepository';

async function ownPersona(db: Queryable, userId: string, personaId: string): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from personas where id = $1 and user_id = $2', [personaId, userId]);
  return rowCount > 0;
}

/**
 * The member's conversations (document 1 §4, §7). Someone else's conversation is 404.
 *
 * - POST characters/{id}/conversations: a new conversation (the character's greeting as its first message); the
 *   same checks as the chat (visible character, creator not blocked, not under manual review); with `voice_id`, its
 *   voice ("create conversation and set voice", the voice rule of modules/voices).
 * - GET conversations and characters/{id}/conversations: 25 a page, most recently active first; `last_id` is the
 *   entry flagged is_last_id; `q` matches the character's name or the title.
 * - PUT conversations/{id}/label: the title (max 50, not blank).
 * - DELETE conversations/{id}: the conversation with its messages, memories and flags.
 * - POST conversations/{id}/clone {type, title, last_message_id?}: a new conversation titled `title` with the same
 *   character and persona; full copies the whole main line, partial the main line up to and including
 *   last_message_id (required). Alternates, ratings and memories are not copied.
 * - PUT conversations/{id}/persona: the persona of the conversation (one of the member's).
 */
export const conversationRoutes: ApiPlugin = async (app, { db, clock, speech }) => {
  const create = chatCalls.createConversation;
  app.post(
    create.path,
    { schema: { params: create.params, body: create.body, response: { 200: create.response } }, config: { access: create.access } },
    async (request) => {
      const member = memberOf(request);
      const character = await findViewableCharacter(db, request.params.characterId, viewerOf(member));
      if (!character) throw chatNotAllowed();
      if (character.aicq_manual_review_required) throw manualReviewRequired();
      if (await hasBlocked(db, member.userId, character.creator_user_id)) throw chatCreatorBlocked();
      const personaId = request.body.user_persona_id ?? null;
      if (personaId && !(await ownPersona(db, member.userId, personaId))) throw personaNotFound();
      const voiceId = request.body.voice_id ?? null;
      if (voiceId) {
        assertMaySpeak(member);
        assertVoice(speech, voiceId);
      }
      const id = randomUUID();
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx.query(
          'insert into conversations (id, user_id, character_id, user_persona_id, voice_id, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $6)',
          [id, member.userId, character.id, personaId, voiceId, now],
        );
        const greeting = (await translatedFields(tx, character.id, member.user.settings.chatLanguage, character))?.greeting ?? character.greeting;
        if (greeting.trim()) {
          await tx.query(
            `insert into messages (conversation_id, role, content, created_at, updated_at) values ($1, 'assistant', $2, $3, $3)`,
            [id, greeting, now],
          );
          await refreshConversationSummary(tx, id, now);
        }
      });
      return { id };
    },
  );

  const perCharacter = chatCalls.characterConversations;
  app.get(
    perCharacter.path,
    {
      schema: { params: perCharacter.params, querystring: perCharacter.query, response: { 200: perCharacter.response } },
      config: { access: perCharacter.access },
    },
    async (request) => {
      const member = memberOf(request);
      const { last_id: lastId, limit, q } = request.query;
      return conversationsPage(db, member.userId, { characterId: request.params.characterId, lastId, limit, q });
    },
  );

  const list = chatCalls.conversations;
  app.get(
    list.path,
    { schema: { querystring: list.query, response: { 200: list.response } }, config: { access: list.access } },
    async (request) => {
      const member = memberOf(request);
      const { last_id: lastId, limit, q } = request.query;
      return conversationsPage(db, member.userId, { lastId, limit, q });
    },
  );

  const remove = chatCalls.removeConversation;
  app.delete(
    remove.path,
    { schema: { params: remove.params, response: { 200: remove.response } }, config: { access: remove.access } },
    async (request) => {
      const member = memberOf(request);
      const { rowCount } = await db.query('delete from conversations where id = $1 and user_id = $2', [request.params.conversationId, member.userId]);
      if (rowCount === 0) throw conversationNotFound();
      return { ok: true as const };
    },
  );

  const rename = chatCalls.renameConversation;
  app.put(
    rename.path,
    { schema: { params: rename.params, body: rename.body, response: { 200: rename.response } }, config: { access: rename.access } },
    async (request) => {
      const member = memberOf(request);
      const { label } = request.body;
      const { rowCount } = await db.query('update conversations set label = $3, updated_at = $4 where id = $1 and user_id = $2', [
        request.params.conversationId,
        member.userId,
        label,
        clock.now(),
      ]);
      if (rowCount === 0) throw conversationNotFound();
      return { result: { label } };
    },
  );

  const clone = chatCalls.cloneConversation;
  app.post(
    clone.path,
    { schema: { params: clone.params, body: clone.body, response: { 200: clone.response } }, config: { access: clone.access } },
    async (request) => {
      const member = memberOf(request);
      const { type, title, last_message_id: lastMessageId } = request.body;
      if (type === 'partial' && !lastMessageId) throw AppError.badRequest('A partial clone needs last_message_id');
      const id = randomUUID();
      const now = clock.now();
      await db.transaction(async (tx) => {
        const source = await findOwnConversation(tx, request.params.conversationId, member.userId);
        if (!source) throw conversationNotFound();
        let upTo: string | null = null;
        if (type === 'partial') {
          const { rows } = await tx.query<{ id: string }>(
            'select id from messages where id = $1 and conversation_id = $2 and not is_alternative',
            [lastMessageId ?? null, source.id],
          );
          if (!rows[0]) throw messageNotFound();
          upTo = rows[0].id;
        }
        await tx.query(
          'insert into conversations (id, user_id, character_id, user_persona_id, label, voice_id, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $7)',
          [id, member.userId, source.character_id, source.user_persona_id, title, source.voice_id, now],
        );
        // New ids, prev_id mapped to the copies; copied in main-line order so seq keeps it.
        await tx.query(
          `with src as (
             select m.id, m.role, m.content, m.prev_id, m.token_count, m.stopped, m.sub_character_id, m.created_at, m.seq,
                    gen_random_uuid()::text as new_id
               from messages m
              where m.conversation_id = $1 and not m.is_alternative
                and ($2::text is null or m.seq <= (select x.seq from messages x where x.id = $2))
           )
           insert into messages (id, conversation_id, role, content, prev_id, token_count, stopped, sub_character_id, created_at, updated_at)
           select s.new_id, $3, s.role, s.content, p.new_id, s.token_count, s.stopped, s.sub_character_id, s.created_at, $4
             from src s left join src p on p.id = s.prev_id
            order by s.seq`,
          [source.id, upTo, id, now],
        );
        await refreshConversationSummary(tx, id, now);
      });
      return { id };
    },
  );

  const persona = chatCalls.changePersona;
  app.put(
    persona.path,
    { schema: { params: persona.params, body: persona.body, response: { 200: persona.response } }, config: { access: persona.access } },
    async (request) => {
      const member = memberOf(request);
      const { conversationId } = request.params;
      const personaId = request.body.user_persona_id;
      const conversation = await findOwnConversation(db, conversationId, member.userId);
      if (!conversation) throw conversationNotFound();
      if (!(await ownPersona(db, member.userId, personaId))) throw personaNotFound();
      await db.query('update conversations set user_persona_id = $2, updated_at = $3 where id = $1', [conversationId, personaId, clock.now()]);
      return (await conversationView(db, conversationId, member.userId))!;
    },
  );
};
