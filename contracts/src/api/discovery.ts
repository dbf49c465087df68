import { z } from 'zod';
import { CharacterSchema, BlockedCreatorSchema } from '../entities/character';
import { IdSchema } from '../entities/common';
import { ChatLanguageSchema } from '../entities/language';
import { ChatbotRatingSchema } from '../entities/rating';
import { FacetCountSchema, ListingSortSchema } from '../entities/search';
import { InterestSchema } from '../entities/user';
import { RECOMMENDATION_LIMITS, SEARCH_LIMITS } from '../limits/browseLimits';
import { defineCall } from './apiCall';

/**
 * Discovery calls (document 1 §7 "Search service", "Recommender", like/unlike, block creator, POST event;
 * §2 chatbot profile and creator page). The spec's search and recommender are hosted services; ours are API
 * routes under `/api` with the same parameters and answers. Paths the spec does not show are ours.
 */

/** A comma-separated list in a query string (`include_tags=Fantasy,Romance`); empty items dropped. */
const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter((s) => s !== '') : v),
    z.array(item),
  );

/** A boolean query flag: `1` / `true` on, anything else off. */
const flag = z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean());

/**
 * A card of the listing: the public part of a character, never its definition (persona, scenario, dialogue,
 * greeting) nor moderation details.
 */
export const CharacterSummarySchema = CharacterSchema.pick({
  id: true,
  name: true,
  title: true,
  avatar_url: true,
  avatar_is_nsfw: true,
  is_nsfw: true,
  visibility: true,
  tags: true,
  creator_user_id: true,
  creator_username: true,
  language: true,
  num_messages: true,
  num_messages_24h: true,
  rating_score: true,
  createdAt: true,
  name_i18n: true,
  title_i18n: true,
  translated_languages: true,
  type: true,
  recommId: true,
  aicq_manual_review_required: true,
  moderationReport: true,
});
export type CharacterSummary = z.infer<typeof CharacterSummarySchema>;

/**
 * A listing search (document 1 §2, §7). `q` starting with @ searches by creator username. `nsfw` asks for NSFW
 * characters too: honoured only for members whose profile allows explicit content (settings.showNSFW).
 * `chat_language` (not the default) also searches name_i18n / title_i18n in that language. `languages` filters
 * by the character's language or a translation into it (language filter, behind its flag).
 */
export const SearchCharactersQuerySchema = z.object({
  q: z.string().max(200).default(''),
  sort: ListingSortSchema.default('popular'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  include_tags: csv(z.string().min(1).max(50)).default([]),
  exclude_tags: csv(z.string().min(1).max(50)).default([]),
  languages: csv(ChatLanguageSchema).default([]),
  nsfw: flag.default(false),
  chat_language: ChatLanguageSchema.optional(),
  /** Exact creator (creator page); a `q` starting with @ is a prefix search on usernames instead. */
  creator_username: z.string().min(1).max(20).optional(),
});
export type SearchCharactersQuery = z.output<typeof SearchCharactersQuerySchema>;
export type SearchCharactersParams = z.input<typeof SearchCharactersQuerySchema>;

export const SearchCharactersResultSchema = z.object({
  hits: z.array(CharacterSummarySchema),
  /** Total matches (the result count). */
  found: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  per_page: z.literal(SEARCH_LIMITS.hitsPerPage),
  /** Up to 100 values each, most frequent first. */
  facets: z.object({ tags: z.array(FacetCountSchema), translated_languages: z.array(FacetCountSchema) }),
  /** Whether NSFW characters were included (false when asked but not allowed). */
  nsfw: z.boolean(),
});
export type SearchCharactersResult = z.infer<typeof SearchCharactersResultSchema>;

/**
 * A chatbot profile (document 1 §2): the character, with persona, scenario and dialogue emptied (null / '')
 * unless definition_visible or the viewer is the creator; plus the viewer's own state.
 */
export const CharacterProfileSchema = CharacterSchema.extend({
  /** Whether the definition was withheld from this viewer. */
  definition_hidden: z.boolean(),
  num_favorites: z.number().int().nonnegative(),
  viewer: z.object({
    is_creator: z.boolean(),
    is_favorite: z.boolean(),
    /** The viewer's chatbot rating (1, 3, 5) or null. */
    rating: ChatbotRatingSchema.nullable(),
    creator_blocked: z.boolean(),
  }),
});
export type CharacterProfile = z.infer<typeof CharacterProfileSchema>;

export const CharacterIdParamsSchema = z.object({ characterId: IdSchema });
export const CreatorUsernameParamsSchema = z.object({ username: z.string().min(1).max(20) });
export const CreatorUserIdParamsSchema = z.object({ creatorUserId: IdSchema });

/** A creator as the creator page shows it. */
export const CreatorSchema = z.object({
  user_id: IdSchema,
  username: z.string(),
  display_name: z.string(),
  avatar_url: z.string().nullable(),
  num_characters: z.number().int().nonnegative(),
});
export type Creator = z.infer<typeof CreatorSchema>;

/** A page of the member's favourite bots (newest favourite first). */
export const FavoritesQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });
export const FavoritesResultSchema = z.object({
  hits: z.array(CharacterSummarySchema),
  found: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  per_page: z.literal(SEARCH_LIMITS.hitsPerPage),
});
export type FavoritesResult = z.infer<typeof FavoritesResultSchema>;

export const FavoriteStateSchema = z.object({ character_id: IdSchema, is_favorite: z.boolean(), num_favorites: z.number().int().nonnegative() });

/** Chatbot rating: like 3, dislike 1, love 5 (document 1 §3). `less_like_this` is a dislike from a card. */
export const RateCharacterBodySchema = z.object({
  rating: ChatbotRatingSchema,
  conversation_length: z.number().int().nonnegative().optional(),
});
export const RatingStateSchema = z.object({
  character_id: IdSchema,
  rating: ChatbotRatingSchema,
  rating_score: z.number().min(0).max(1).nullable(),
});

/**
 * Recommender interactions a client reports (document 1 §7): the detail view. Bookmarks and ratings are recorded by
 * the like and rate calls, the cart addition (three user messages in a public chat, amount 3) by the chat itself from
 * the saved messages, so no client can report one.
 */
export const INTERACTION_KINDS = ['detail_view'] as const;
export const InteractionBodySchema = z.object({
  kind: z.enum(INTERACTION_KINDS, { message: 'kind is detail_view (cart additions are recorded by the chat)' }),
  character_id: IdSchema,
  recommId: z.string().max(100).optional(),
});

/** Recommend items for the caller (document 1 §7): count 12 by default, scenario, filters. */
export const RECOMMENDATION_SCENARIOS = ['home', 'external', 'recommended'] as const;
export const RecommendationsQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(100).default(RECOMMENDATION_LIMITS.defaultCount),
  scenario: z.enum(RECOMMENDATION_SCENARIOS).default('recommended'),
  nsfw: flag.default(false),
  exclude_tags: csv(z.string().min(1).max(50)).default([]),
  /** Only characters carrying at least one of these (the user's selected tags); others are dropped. */
  include_tags: csv(z.string().min(1).max(50)).default([]),
  /** Cold start for guests and new members: the interest picker's choices. */
  interests: csv(InterestSchema).default([]),
});
export type RecommendationsQuery = z.output<typeof RecommendationsQuerySchema>;
export const RecommendationsResultSchema = z.object({
  /** Each hit carries recommId. */
  hits: z.array(CharacterSummarySchema),
  recommId: z.string(),
});
export type RecommendationsResult = z.infer<typeof RecommendationsResultSchema>;

export const BlockedCreatorsResultSchema = z.object({ blocked: z.array(BlockedCreatorSchema) });

const ok = z.object({ ok: z.literal(true) });

export const discoveryCalls = {
  search: defineCall({
    method: 'GET',
    path: '/characters/search',
    access: 'visitor',
    query: SearchCharactersQuerySchema,
    response: SearchCharactersResultSchema,
  }),
  profile: defineCall({
    method: 'GET',
    path: '/characters/:characterId',
    access: 'visitor',
    params: CharacterIdParamsSchema,
    response: CharacterProfileSchema,
  }),
  creator: defineCall({
    method: 'GET',
    path: '/creators/:username',
    access: 'guest',
    params: CreatorUsernameParamsSchema,
    response: CreatorSchema,
  }),
  favorites: defineCall({
    method: 'GET',
    path: '/users/favorites',
    access: 'member',
    query: FavoritesQuerySchema,
    response: FavoritesResultSchema,
  }),
  like: defineCall({
    method: 'PUT',
    path: '/characters/:characterId/favorite',
    access: 'member',
    params: CharacterIdParamsSchema,
    response: FavoriteStateSchema,
  }),
  unlike: defineCall({
    method: 'DELETE',
    path: '/characters/:characterId/favorite',
    access: 'member',
    params: CharacterIdParamsSchema,
    response: FavoriteStateSchema,
  }),
  rate: defineCall({
    method: 'PUT',
    path: '/characters/:characterId/rating',
    access: 'member',
    params: CharacterIdParamsSchema,
    body: RateCharacterBodySchema,
    response: RatingStateSchema,
  }),
  lessLikeThis: defineCall({
    method: 'POST',
    path: '/characters/:characterId/less-like-this',
    access: 'member',
    params: CharacterIdParamsSchema,
    response: ok,
  }),
  interaction: defineCall({
    method: 'POST',
    path: '/interactions',
    access: 'guest',
    body: InteractionBodySchema,
    response: ok,
  }),
  recommendations: defineCall({
    method: 'GET',
    path: '/recommendations',
    access: 'guest',
    query: RecommendationsQuerySchema,
    response: RecommendationsResultSchema,
  }),
  blockedCreators: defineCall({
    method: 'GET',
    path: '/users/blocked-creators',
    access: 'member',
    response: BlockedCreatorsResultSchema,
  }),
  blockCreator: defineCall({
    method: 'PUT',
    path: '/users/blocked-creators/:creatorUserId',
    access: 'member',
    params: CreatorUserIdParamsSchema,
    response: BlockedCreatorsResultSchema,
  }),
  unblockCreator: defineCall({
    method: 'DELETE',
    path: '/users/blocked-creators/:creatorUserId',
    access: 'member',
    params: CreatorUserIdParamsSchema,
    response: BlockedCreatorsResultSchema,
  }),
} as const;
