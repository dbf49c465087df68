import { z } from 'zod';
import { SEARCH_LIMITS } from '../limits/browseLimits';
import { IdSchema } from './common';
import { ChatLanguageSchema } from './language';

/**
 * Listing sorts (document 1 §2 sort dropdown) and the search-service sort each maps to (document 1 §7, in the
 * same order: num_messages_24h desc, rating_score desc, default, createdAt desc, name asc).
 */
export const LISTING_SORTS = {
  trending: { label: 'Trending', field: 'num_messages_24h', direction: 'desc' },
  top_rated: { label: 'Top Rated', field: 'rating_score', direction: 'desc' },
  popular: { label: 'Popular', field: null, direction: null },
  latest: { label: 'Latest', field: 'createdAt', direction: 'desc' },
  name: { label: 'Name', field: 'name', direction: 'asc' },
} as const;
export const ListingSortSchema = z.enum(['trending', 'top_rated', 'popular', 'latest', 'name']);
export type ListingSort = z.infer<typeof ListingSortSchema>;

/** My Chatbots filter and sort (document 1 §2). */
export const MY_CHATBOTS_FILTERS = {
  all: 'All',
  public: 'Public',
  private: 'Private',
  unlisted: 'Unlisted',
  under_review: 'Under Review',
  action_required: 'Action Required',
} as const;
export const MyChatbotsFilterSchema = z.enum(['all', 'public', 'private', 'unlisted', 'under_review', 'action_required']);
export const MY_CHATBOTS_SORTS = { latest: 'Latest', oldest: 'Oldest', top_rated: 'Top Rated', name: 'Name' } as const;
export const MyChatbotsSortSchema = z.enum(['latest', 'oldest', 'top_rated', 'name']);

/** A listing search (document 1 §2, §7): a query starting with @ searches by creator username. */
export const CharacterSearchQuerySchema = z.object({
  q: z.string().default(''),
  sort: ListingSortSchema.default('popular'),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(SEARCH_LIMITS.hitsPerPage).default(SEARCH_LIMITS.hitsPerPage),
  include_tags: z.array(z.string()).default([]),
  exclude_tags: z.array(z.string()).default([]),
  languages: z.array(ChatLanguageSchema).default([]),
  nsfw: z.boolean().default(false),
  creator_username: z.string().optional(),
  character_ids: z.array(IdSchema).optional(),
});
export type CharacterSearchQuery = z.output<typeof CharacterSearchQuerySchema>;

/** A facet value count (tags, translated_languages), up to 100 values each. */
export const FacetCountSchema = z.object({ value: z.string(), count: z.number().int().nonnegative() });
export type FacetCount = z.infer<typeof FacetCountSchema>;
