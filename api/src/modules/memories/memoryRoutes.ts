import { chatCalls } from '@fable/contracts';
import type { FastifyRequest } from 'fastify';
import { memberOf, type MemberCaller } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ApiPlugin } from '../../http/apiPlugin';
import { validationMessage } from '../../http/errorHandling';
import { addMemory, assertOwnConversation, deleteAllMemories, deleteMemory, listMemories, updateMemory } from './memoryRepository';

/** Manage Memories needs the memory_manager permission (document 1 §6; Get a Taste and up). */
export const MEMORY_PERMISSION = 'memory_manager';

function memoryManager(request: FastifyRequest): MemberCaller {
  const member = memberOf(request);
  if (!member.user.permissions.includes(MEMORY_PERMISSION)) {
    throw AppError.forbidden('Managing memories needs a subscription with the memory manager.', 'memory_manager_required');
  }
  return member;
}

/**
 * Conversation memories (document 1 §3, §4, §7): list (pinned first, then newest, 20 a page by last_id), add, edit,
 * pin/unpin, delete, delete all. The member needs the memory_manager permission (403) and must own the
 * conversation (another member's answers 404, as a missing one).
 */
export const memoryRoutes: ApiPlugin = async (app, deps) => {
  const { db, clock } = deps;

  const list = chatCalls.memories;
  app.get(
    list.path,
    { schema: { params: list.params, querystring: list.query, response: { 200: list.response } }, config: { access: list.access } },
    async (request) => {
      const member = memoryManager(request);
      await assertOwnConversation(db, member.userId, request.params.conversationId);
      return listMemories(db, request.params.conversationId, request.query.last_id);
    },
  );

  const add = chatCalls.addMemory;
  app.post(
    add.path,
    { schema: { params: add.params, body: add.body, response: { 200: add.response } }, config: { access: add.access } },
    async (request) => {
      const member = memoryManager(request);
      await assertOwnConversation(db, member.userId, request.params.conversationId);
      return addMemory(db, request.params.conversationId, request.body.content, clock.now());
    },
  );

  const update = chatCalls.updateMemory;
  app.put(
    update.path,
    { schema: { params: update.params, body: update.body, response: { 200: update.response } }, config: { access: update.access } },
    async (request) => {
      const member = memoryManager(request);
      const { content, is_pinned } = request.body;
      if (content === undefined && is_pinned === undefined) {
        const issues = [{ path: 'body', message: 'content or is_pinned is required' }];
        throw new AppError(400, 'validation_error', validationMessage('body', issues), { issues });
      }
      return updateMemory(db, member.userId, request.params.memoryId, { content, is_pinned }, clock.now());
    },
  );

  const remove = chatCalls.removeMemory;
  app.delete(
    remove.path,
    { schema: { params: remove.params, response: { 200: remove.response } }, config: { access: remove.access } },
    async (request) => {
      const member = memoryManager(request);
      await deleteMemory(db, member.userId, request.params.memoryId);
      return { ok: true as const };
    },
  );

  const removeAll = chatCalls.removeAllMemories;
  app.delete(
    removeAll.path,
    {
      schema: { params: removeAll.params, querystring: removeAll.query, response: { 200: removeAll.response } },
      config: { access: removeAll.access },
    },
    async (request) => {
      const member = memoryManager(request);
      await assertOwnConversation(db, member.userId, request.params.conversationId);
      const removed = await deleteAllMemories(db, request.params.conversationId, {
        pinned: request.query.keep_pinned_memories === '1',
        user: request.query.keep_user_memories === '1',
      });
      return { removed };
    },
  );
};
