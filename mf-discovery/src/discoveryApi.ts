import { api } from '@fable/shared';
import { FAVORITES_TAG } from '@fable/shared/characters';
import {
  callPath,
  type CharacterSummary,
  type Creator,
  type FavoritesResult,
  type ListingSort,
  type QueueOutlook,
  type RecommendationsResult,
  type SearchCharactersResult,
  type SessionUser as ApiUser,
  type UserUpdate,
} from '@fable/contracts';
import { DISCOVERY_CALLS, QUEUE_OUTLOOK_CALL, USERS_CALLS } from './discoveryCalls';
import type { Interest } from './home/interests';

/** A listing search as the pages ask for it; empty parts are left out of the query string. */
export interface SearchArgs {
  /** A query starting with @ searches by creator username (the API does it). */
  q: string;
  sort: ListingSort;
  page: number;
  includeTags?: readonly string[];
  excludeTags?: readonly string[];
  languages?: readonly string[];
  nsfw?: boolean;
  chatLanguage?: string;
  /** The creator page: that creator's bots only. */
  creatorUsername?: string;
}

export interface RecommendationsArgs {
  count: number;
  scenario: 'home' | 'external' | 'recommended';
  nsfw: boolean;
  excludeTags?: readonly string[];
  includeTags?: readonly string[];
  interests?: readonly Interest[];
}

export type InteractionBody = { kind: 'detail_view'; character_id: string; recommId?: string };

const csv = (list: readonly string[] | undefined) => (list && list.length > 0 ? list.join(',') : undefined);

/** The query string of a search: only what differs from the API's defaults, so equal searches share a cache entry. */
export function searchParams(args: SearchArgs): Record<string, string | number> {
  const params: Record<string, string | number | undefined> = {
    q: args.q.trim() || undefined,
    sort: args.sort,
    page: args.page,
    include_tags: csv(args.includeTags),
    exclude_tags: csv(args.excludeTags),
    languages: csv(args.languages),
    nsfw: args.nsfw ? 1 : undefined,
    chat_language: args.chatLanguage,
    creator_username: args.creatorUsername,
  };
  return Object.fromEntries(Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined));
}

export function recommendationParams(args: RecommendationsArgs): Record<string, string | number> {
  const params: Record<string, string | number | undefined> = {
    count: args.count,
    scenario: args.scenario,
    nsfw: args.nsfw ? 1 : undefined,
    exclude_tags: csv(args.excludeTags),
    include_tags: csv(args.includeTags),
    interests: csv(args.interests),
  };
  return Object.fromEntries(Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined));
}

/**
 * The discovery remote's calls (document 1 §7 "Search service", "Recommender"), on the paths of discoveryCalls.ts,
 * injected into the one api with names prefixed by the domain. Like/unlike and block creator are the shared
 * charactersApi's (@fable/shared): one set with the chat screen and the chatbot profile.
 */
export const discoveryApi = api.injectEndpoints({
  endpoints: (build) => ({
    discovery_search: build.query<SearchCharactersResult, SearchArgs>({
      query: (args) => ({ url: DISCOVERY_CALLS.search.path, params: searchParams(args) }),
      // Open to visitors: a first visit's listing does not wait for its guest id.
      extraOptions: { withoutGuestId: true },
      providesTags: ['Character'],
    }),
    discovery_favorites: build.query<FavoritesResult, { page: number }>({
      query: ({ page }) => ({ url: DISCOVERY_CALLS.favorites.path, params: { page } }),
      providesTags: [FAVORITES_TAG],
    }),
    /** Removes the card and records a dislike (document 1 §4). */
    discovery_lessLikeThis: build.mutation<{ ok: true }, string>({
      query: (characterId) => ({
        url: callPath(DISCOVERY_CALLS.lessLikeThis.path, { characterId }),
        method: DISCOVERY_CALLS.lessLikeThis.method,
      }),
    }),
    discovery_interaction: build.mutation<{ ok: true }, InteractionBody>({
      query: (body) => ({ url: DISCOVERY_CALLS.interaction.path, method: DISCOVERY_CALLS.interaction.method, body }),
    }),
    discovery_recommendations: build.query<RecommendationsResult, RecommendationsArgs>({
      query: (args) => ({ url: DISCOVERY_CALLS.recommendations.path, params: recommendationParams(args) }),
    }),
    /** The waiting queue as a newcomer would meet it (the home listing's banner, document 1 §2). */
    discovery_queueOutlook: build.query<QueueOutlook, void>({ query: () => QUEUE_OUTLOOK_CALL.path }),
    discovery_creator: build.query<Creator, string>({
      query: (username) => callPath(DISCOVERY_CALLS.creator.path, { username }),
    }),
    /**
     * The signed-in user's settings (showNSFW, blurNSFW, likedBots, blockedUsers, selectedTags, chatLanguage): the
     * session keeps only the identity, GET /v2/users has the rest.
     */
    discovery_viewer: build.query<ApiUser, void>({
      query: () => USERS_CALLS.me.path,
      providesTags: ['User'],
    }),
    /** User tag and language selections, saved after a 2 s pause (document 1 §7). */
    discovery_saveSelections: build.mutation<ApiUser, NonNullable<UserUpdate['settings']>>({
      query: (settings) => ({ url: USERS_CALLS.update.path, method: USERS_CALLS.update.method, body: { settings } }),
      async onQueryStarted(_settings, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(discoveryApi.util.upsertQueryData('discovery_viewer', undefined, data));
        } catch {
          // Not saved: the selection still applies on this page; it is tried again on the next change.
        }
      },
    }),
  }),
});

export const {
  useDiscovery_searchQuery,
  useDiscovery_favoritesQuery,
  useDiscovery_lessLikeThisMutation,
  useDiscovery_interactionMutation,
  useDiscovery_recommendationsQuery,
  useDiscovery_queueOutlookQuery,
  useDiscovery_creatorQuery,
  useDiscovery_viewerQuery,
  useDiscovery_saveSelectionsMutation,
} = discoveryApi;

export type { CharacterSummary };
