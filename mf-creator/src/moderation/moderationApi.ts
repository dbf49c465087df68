import {
  callPath,
  moderationCalls,
  type ModerationAudit,
  type ModerationDecisionBody,
  type ModerationDecisionResult,
  type ModerationQueue,
  type ModerationQueueStatus,
} from '@fable/contracts';
import { api } from '@fable/shared';

const C = moderationCalls;

/** The moderation console's calls (admins only): the queue, a decision, a chatbot's audit trail. */
export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    creator_moderationQueue: build.query<ModerationQueue, { status: ModerationQueueStatus; page: number }>({
      query: ({ status, page }) => ({ url: C.queue.path, method: C.queue.method, params: { status, page } }),
      providesTags: ['Character'],
    }),
    creator_moderationDecide: build.mutation<ModerationDecisionResult, { characterId: string; body: ModerationDecisionBody }>({
      query: ({ characterId, body }) => ({ url: callPath(C.decide.path, { characterId }), method: C.decide.method, body }),
      invalidatesTags: ['Character'],
    }),
    creator_moderationAudit: build.query<ModerationAudit, string>({
      query: (characterId) => ({ url: callPath(C.audit.path, { characterId }), method: C.audit.method }),
      providesTags: ['Character'],
    }),
  }),
});

export const { useCreator_moderationQueueQuery, useCreator_moderationDecideMutation, useCreator_moderationAuditQuery } = moderationApi;
