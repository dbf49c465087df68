import { api } from '@fable/shared';

/**
 * The signed-in user's chatbots (document 1 §7 "GET users/characters?switch=T1": my bots in `data`;
 * skipped when not signed in). The types move to @fable/contracts when the API answers this call.
 */
export type ChatbotVisibility = 'private' | 'permanently_private' | 'hidden' | 'public';
export type ModerationStatus = 'fix_required' | 'rereview_required' | 'pending' | 'manual_review_required' | 'closed';

export interface MyChatbot {
  id: string;
  name: string;
  title: string;
  avatar_url: string | null;
  visibility: ChatbotVisibility;
  tags: string[];
  num_messages: number;
  rating_score: number;
  createdAt: string;
  updatedAt: string;
  moderationReport?: { moderation_status: ModerationStatus } | null;
}

export const creatorApi = api.injectEndpoints({
  endpoints: (build) => ({
    creator_getMyChatbots: build.query<MyChatbot[], void>({
      query: () => ({ url: '/users/characters', params: { switch: 'T1' } }),
      transformResponse: (response: { data: MyChatbot[] }) => response.data,
      providesTags: ['Character'],
    }),
  }),
});

export const { useCreator_getMyChatbotsQuery } = creatorApi;
